/**
 * The reference service for tests: started on 127.0.0.1 on a free port, in a fresh temporary DATA_DIR.
 * Streams are written as fast as possible (streamDelayMs 0) unless the test asks otherwise.
 *
 *   const service = await startTestService();
 *   ... service.url, service.serialNumber, service.secretKey, service.workspaceSessionKey ...
 *   await service.close();   // stops the service and removes its DATA_DIR (cleanup() is the same)
 *
 * For persistence tests: `await service.stop()` keeps DATA_DIR, then `await service.restart()` starts a new
 * service on the same DATA_DIR (a new URL); close() that one to remove the directory.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningService, type ServiceOptions, startService } from '../../demo/server/index';

export type TestServiceOptions = Partial<ServiceOptions>;

export interface TestService extends RunningService {
  dataDir: string;
  /** Stops the service and removes its DATA_DIR. */
  close(): Promise<void>;
  /** The same as close(). */
  cleanup(): Promise<void>;
  /** Stops the service and keeps DATA_DIR, for restart(). */
  stop(): Promise<void>;
  /** Starts a new service on the same DATA_DIR (stop() this one first); options default to this one's. */
  restart(overrides?: TestServiceOptions): Promise<TestService>;
}

export async function startTestService(options: TestServiceOptions = {}): Promise<TestService> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'chatbot-service-')));
  return startIn(dataDir, options);
}

async function startIn(dataDir: string, options: TestServiceOptions): Promise<TestService> {
  let running: RunningService;
  try {
    running = await startService({ streamDelayMs: 0, ...options, port: options.port ?? 0, host: '127.0.0.1', dataDir });
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await running.close();
  };
  const close = async () => {
    await stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  return {
    url: running.url,
    serialNumber: running.serialNumber,
    secretKey: running.secretKey,
    workspaceSessionKey: running.workspaceSessionKey,
    dataFile: running.dataFile,
    dataDir,
    close,
    cleanup: close,
    stop,
    restart: (overrides = {}) => startIn(dataDir, { ...options, ...overrides, port: overrides.port ?? 0 }),
  };
}

/** A call with the secret key (Authorization), for tests that set up or cross-check what a page shows. */
export async function callService<T>(service: TestService, path: string, body: unknown): Promise<T> {
  const response = await fetch(service.url + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: service.secretKey },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { Success: boolean; Message: string; Data: T };
  if (!response.ok || !envelope.Success) throw new Error(`${path}: ${response.status} ${envelope.Message}`);
  return envelope.Data;
}

/** Changes the chatbot's settings (Edit, field names as the service has them), as the operator console does. */
export async function editChatbot(service: TestService, settings: Record<string, unknown>): Promise<void> {
  await callService(service, '/chat/Chatbot/Edit', { serialNumber: service.serialNumber, ...settings });
}
