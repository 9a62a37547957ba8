/**
 * `npm run service`: the reference service on its own. Environment:
 *   PORT (default 8787), HOST (default 127.0.0.1), DATA_DIR (default ./.data), SECRET_KEY (default: generated once
 *   and kept in the data file), STREAM_DELAY_MS (default 30), STREAM_FRAMING (sse | jsonl, default sse).
 */
import { resolve } from 'node:path';
import { startService } from './index';

function integerFromEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max} (got "${raw}").`);
  }
  return value;
}

function framingFromEnv(): 'sse' | 'jsonl' {
  const raw = (process.env.STREAM_FRAMING ?? '').trim();
  if (raw === '' || raw === 'sse') return 'sse';
  if (raw === 'jsonl') return 'jsonl';
  throw new Error(`STREAM_FRAMING must be "sse" or "jsonl" (got "${raw}").`);
}

async function main(): Promise<void> {
  const service = await startService({
    port: integerFromEnv('PORT', 8787, 0, 65535),
    host: process.env.HOST?.trim() || '127.0.0.1',
    dataDir: resolve(process.env.DATA_DIR?.trim() || '.data'),
    secretKey: process.env.SECRET_KEY?.trim() || undefined,
    workspaceSessionKey: process.env.WORKSPACE_SESSION_KEY?.trim() || undefined,
    streamDelayMs: integerFromEnv('STREAM_DELAY_MS', 30, 0, 60_000),
    streamFraming: framingFromEnv(),
  });
  console.log(`Chatbot reference service listening on ${service.url}`);
  console.log(`  demo chatbot serial number: ${service.serialNumber}`);
  console.log(`  secret key (Authorization): ${service.secretKey}`);
  console.log(`  workspace session key (chatrobot-sessionkey, listing operations): ${service.workspaceSessionKey}`);
  console.log(`  data file: ${service.dataFile}`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping the chatbot service`);
    service.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(`chatbot service: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
