/**
 * `npm run demo`: the reference service and the demo site together (package.json builds the widget first).
 * Configuration by environment: PORT, HOST, DATA_DIR, SECRET_KEY, STREAM_DELAY_MS, STREAM_FRAMING for the service,
 * DEMO_PORT for the site (README, "Configuration").
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startService } from './server/index';
import { startDemoSite } from './site';

function integerFromEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, not "${raw}".`);
  }
  return value;
}

function framingFromEnv(): 'sse' | 'jsonl' {
  const raw = process.env.STREAM_FRAMING?.trim() ?? '';
  if (raw === '' || raw === 'sse' || raw === 'jsonl') return raw || 'sse';
  throw new Error(`STREAM_FRAMING must be "sse" or "jsonl", not "${raw}".`);
}

function describeListenError(error: unknown, variable: string, port: number): Error {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE') return new Error(`Port ${port} is already in use: stop what uses it or set ${variable}.`);
  return error instanceof Error ? error : new Error(String(error));
}

async function main(): Promise<void> {
  const host = process.env.HOST?.trim() || '127.0.0.1';
  const servicePort = integerFromEnv('PORT', 8787, 0, 65535);
  const demoPort = integerFromEnv('DEMO_PORT', 5173, 0, 65535);

  const service = await startService({
    port: servicePort,
    host,
    dataDir: resolve(process.env.DATA_DIR?.trim() || '.data'),
    secretKey: process.env.SECRET_KEY?.trim() || undefined,
    workspaceSessionKey: process.env.WORKSPACE_SESSION_KEY?.trim() || undefined,
    streamDelayMs: integerFromEnv('STREAM_DELAY_MS', 30, 0, 60_000),
    streamFraming: framingFromEnv(),
  }).catch((error: unknown) => {
    throw describeListenError(error, 'PORT', servicePort);
  });

  const site = await startDemoSite({
    port: demoPort,
    host,
    serviceUrl: service.url,
    serialNumber: service.serialNumber,
    secretKey: service.secretKey,
  }).catch(async (error: unknown) => {
    await service.close();
    throw describeListenError(error, 'DEMO_PORT', demoPort);
  });

  const widgetBuild = fileURLToPath(new URL('../dist/chatbot-widget.js', import.meta.url));
  console.log(
    [
      '',
      `  Demo page:      ${site.url}/`,
      `  Inline widget:  ${site.url}/inline.html`,
      `  Console:        ${site.url}/console.html   (settings with live preview, listings)`,
      `  Strict CSP:     ${site.url}/csp.html`,
      `  Service:        ${service.url}`,
      `  Serial number:  ${service.serialNumber}`,
      `  Secret key:     ${service.secretKey}   (server side only; the pages never see it)`,
      `  Workspace key:  ${service.workspaceSessionKey}   (chatrobot-sessionkey for the listing operations; server side only)`,
      `  Data file:      ${service.dataFile}`,
      '',
      existsSync(widgetBuild) ? '  Press Ctrl+C to stop.' : '  dist/ has no widget build: run `npm run build` first.',
      '',
    ].join('\n'),
  );

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the demo site and the service…`);
    Promise.all([site.close(), service.close()]).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`npm run demo: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
