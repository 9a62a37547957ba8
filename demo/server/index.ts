/**
 * The reference chatbot service: every operation of service-api.md and service-notes.md over plain Node http, with
 * its data in one JSON file in DATA_DIR. `npm run service` runs it (main.ts); tests start it with startService.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_UPLOAD_LIMITS, type ServiceContext, type UploadLimits } from './context';
import { LimitTracker } from './limits';
import { createRequestListener } from './router';
import { DEMO_SERIAL_NUMBER } from './seed';
import { JsonStore } from './store';

export { DEMO_SERIAL_NUMBER, SECOND_SERIAL_NUMBER } from './seed';
export { Code } from './errors';
export { API_VERSION } from './http';
export { MONTHLY_CAP_MESSAGE } from './limits';
export { DATA_FILE_NAME } from './store';
export type { UploadLimits } from './context';

export interface ServiceOptions {
  port?: number;            // default 0 (free port) when called from code; main.ts uses PORT or 8787
  host?: string;            // default '127.0.0.1'
  dataDir: string;          // JSON data file lives here; seeded when empty
  secretKey?: string;       // default: the one stored in the data file, else a new random one (stored)
  workspaceSessionKey?: string;   // the operator's chatrobot-sessionkey for the listing operations; default as secretKey
  streamDelayMs?: number;   // delay between streamed chunks, default 30 (0 = as fast as possible)
  streamFraming?: 'sse' | 'jsonl';   // default 'sse'; a request may override with ?framing=jsonl|sse
  /** Benchmarks/tests: return the exact chunks to stream for a question, or undefined for the normal engine. */
  scriptedAnswer?: (question: string) => string[] | undefined;
  /**
   * The visitor a question counts against in the rate limit besides its session (limits.ts). Default: the socket's
   * remote address. Behind a reverse proxy every visitor has the proxy's address: return the client's address the
   * proxy vouches for, or undefined to count per session only. Tests use it to be visitors at several addresses.
   */
  visitorAddress?: (req: IncomingMessage) => string | undefined;
  /** Tests: lower the upload size limits (defaults: images 20 MB, audio 25 MB, video 100 MB). */
  uploadLimits?: Partial<UploadLimits>;
  /** Tests: the clock used for rate-limit windows, calendar months and upload URL expiry. */
  now?: () => number;
  /** Tests: sessions kept at most, the least recently used dropped first (default 5000). */
  maxSessions?: number;
}

export interface RunningService {
  url: string;
  serialNumber: string;
  secretKey: string;
  workspaceSessionKey: string;
  dataFile: string;
  close(): Promise<void>;
}

export async function startService(options: ServiceOptions): Promise<RunningService> {
  const now = options.now ?? Date.now;
  const store = await JsonStore.open(options.dataDir, now());
  if (options.maxSessions !== undefined) store.maxSessions = options.maxSessions;
  const storedKey = async (name: 'secretKey' | 'workspaceSessionKey'): Promise<string> => {
    if (!store.data[name]) {
      store.data[name] = randomBytes(24).toString('base64url');
      await store.commit();
    }
    return store.data[name];
  };
  const secretKey = options.secretKey || (await storedKey('secretKey'));
  const workspaceSessionKey = options.workspaceSessionKey || (await storedKey('workspaceSessionKey'));
  let url = '';
  const context: ServiceContext = {
    store,
    secretKey,
    workspaceSessionKey,
    limits: new LimitTracker(),
    visitorAddress: options.visitorAddress ?? ((req) => req.socket.remoteAddress),
    streamDelayMs: Math.max(0, options.streamDelayMs ?? 30),
    streamFraming: options.streamFraming ?? 'sse',
    uploadLimits: { ...DEFAULT_UPLOAD_LIMITS, ...options.uploadLimits },
    scriptedAnswer: options.scriptedAnswer,
    now,
    fallbackBaseUrl: () => url,
  };
  const server = createServer(createRequestListener(context));
  await listen(server, options.port ?? 0, options.host ?? '127.0.0.1');
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  url = `http://${host}:${address.port}`;
  const serialNumber = store.data.chatbots[DEMO_SERIAL_NUMBER] ? DEMO_SERIAL_NUMBER : (Object.keys(store.data.chatbots)[0] ?? '');
  return {
    url,
    serialNumber,
    secretKey,
    workspaceSessionKey,
    dataFile: store.dataFile,
    close: () => close(server, store),
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Stops accepting, ends open streams and keep-alive connections, and waits for the last write to the data file. */
async function close(server: Server, store: JsonStore): Promise<void> {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 200).unref();
  });
  await store.flush();
}
