/**
 * The benchmark's host site: two plain pages that embed one widget each, the way a site owner would, and the
 * files they load. Scripts are served compressed like a CDN serves them (brotli when the browser asks for it,
 * else gzip), so the host-page measurement sees real transfer sizes.
 *
 * - /widget.html: only the script tag `<script src="/dist/chatbot-widget.js" data-serial-number data-base-url async>`
 * - /deep-chat.html: deep-chat's web-component bundle and one `<deep-chat connect='{"url", "stream": true}'>`
 *   of the same size as our panel (deep-chat has no launcher: the element is the chat).
 */
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

export const PROJECT_DIR = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
export const DIST_DIR = join(PROJECT_DIR, 'dist');
export const DEEP_CHAT_BUNDLE = join(PROJECT_DIR, 'node_modules', 'deep-chat', 'dist', 'deepChat.bundle.js');

/** The size both chats get on the page, so layout work is comparable. */
export const CHAT_SIZE = { width: 400, height: 600 } as const;

export interface BenchSiteOptions {
  serviceUrl: string;
  serialNumber: string;
  deepChatStreamUrl: string;
  /** Where /dist/ is served from; default the project's dist/ (profile.ts serves an unminified build). */
  distDir?: string;
}

export interface BenchSite {
  url: string;
  close(): Promise<void>;
}

const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
};

export async function startBenchSite(options: BenchSiteOptions): Promise<BenchSite> {
  const compressed = new Map<string, { gzip: Buffer; br: Buffer }>();
  const pages: Record<string, string> = {
    '/widget.html': widgetPage(options),
    '/deep-chat.html': deepChatPage(options),
    '/favicon.ico': '',
  };
  const server = createServer((request, response) => {
    serve(request, response, pages, compressed, resolve(options.distDir ?? DIST_DIR)).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end(error instanceof Error ? error.message : String(error));
    });
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done());
  });
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => closeServer(server) };
}

async function serve(
  request: IncomingMessage,
  response: ServerResponse,
  pages: Record<string, string>,
  compressed: Map<string, { gzip: Buffer; br: Buffer }>,
  distDir: string,
): Promise<void> {
  const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
  const page = pages[path];
  if (page !== undefined) {
    const type = path.endsWith('.html') ? 'text/html; charset=utf-8' : 'image/x-icon';
    response.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' }).end(page);
    return;
  }
  const file = fileFor(path, distDir);
  if (!file) {
    response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`Not found: ${path}`);
    return;
  }
  let bodies = compressed.get(file);
  if (!bodies) {
    let raw: Buffer;
    try {
      raw = await readFile(file);
    } catch {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`Not found: ${path}`);
      return;
    }
    bodies = {
      gzip: gzipSync(raw, { level: 9 }),
      br: brotliCompressSync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
    };
    compressed.set(file, bodies);
  }
  const accepts = String(request.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepts) ? 'br' : 'gzip';
  const extension = file.slice(file.lastIndexOf('.'));
  response.writeHead(200, {
    'Content-Type': TYPES[extension] ?? 'application/octet-stream',
    'Content-Encoding': encoding,
    'Cache-Control': 'no-store',
    Vary: 'Accept-Encoding',
  });
  response.end(encoding === 'br' ? bodies.br : bodies.gzip);
}

/** /dist/<file> inside dist/, or deep-chat's bundle; anything else (or any way out of dist/) is not served. */
function fileFor(path: string, distDir: string): string | undefined {
  if (path === '/vendor/deepChat.bundle.js') return DEEP_CHAT_BUNDLE;
  if (!path.startsWith('/dist/')) return undefined;
  const file = normalize(join(distDir, decodeURIComponent(path.slice('/dist/'.length))));
  return file.startsWith(distDir + sep) ? file : undefined;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;');
}

function hostPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${title}</title><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body>
<h1>${title}</h1>
<p>A plain host page: a heading, this paragraph, and one chat embedded the way its documentation says.</p>
${body}
</body>
</html>
`;
}

function widgetPage(options: BenchSiteOptions): string {
  return hostPage(
    'chatbot-widget bench page',
    `<script src="/dist/chatbot-widget.js" data-serial-number="${escapeAttribute(options.serialNumber)}" ` +
      `data-base-url="${escapeAttribute(options.serviceUrl)}" async></script>`,
  );
}

function deepChatPage(options: BenchSiteOptions): string {
  const connect = JSON.stringify({ url: options.deepChatStreamUrl, stream: true });
  const chatStyle = JSON.stringify({ width: `${CHAT_SIZE.width}px`, height: `${CHAT_SIZE.height}px` });
  return hostPage(
    'deep-chat bench page',
    `<script type="module" src="/vendor/deepChat.bundle.js"></script>\n` +
      `<deep-chat connect='${escapeAttribute(connect)}' chatStyle='${escapeAttribute(chatStyle)}'></deep-chat>`,
  );
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((done) => server.close(() => done()));
}
