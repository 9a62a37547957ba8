/**
 * The demo site: a small Node HTTP server for the demo pages, used by `npm run demo` and by the browser tests.
 *
 * It serves the built widget from dist/ under /dist/ exactly as a real site would load it, the demo pages of
 * demo/web/ (HTML rendered with the service URL and serial number in <meta> tags and data attributes, never an
 * inline script), their TypeScript bundled into /assets/*.js, and /demo-config.json. It never sends the secret
 * key to a page: the key is kept for server-side routes only (the operator console's proxy of issue 5).
 */
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConsoleApiRoute } from './console-api';
import { bundleDemoScripts, type BundledScript } from './web-scripts';

const DEMO_DIR = fileURLToPath(new URL('.', import.meta.url));
const PROJECT_DIR = resolve(DEMO_DIR, '..');
const WEB_DIR = join(DEMO_DIR, 'web');

export interface DemoSiteOptions {
  /** The reference service the pages talk to, e.g. http://127.0.0.1:8787 (no trailing slash needed). */
  serviceUrl: string;
  serialNumber: string;
  /** Kept on the server for routes that call the service on the operator's behalf; never sent to a page. */
  secretKey: string;
  /** Default 0: a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default <project>/dist. */
  distDir?: string;
  /** Routes tried before the built-in ones (a later feature or a test can add pages or APIs). */
  routes?: readonly DemoRoute[];
}

export interface DemoSite {
  /** Base URL of the site, e.g. http://127.0.0.1:5173 (no trailing slash). */
  url: string;
  close(): Promise<void>;
}

/** What a route handler gets besides the raw request and response. */
export interface DemoRequestContext {
  /** The decoded request path, already checked: no "..", no ".", no backslash, no NUL. */
  path: string;
  query: URLSearchParams;
  site: Readonly<Required<Pick<DemoSiteOptions, 'serviceUrl' | 'serialNumber' | 'secretKey'>>>;
}

export interface DemoRoute {
  /** An exact path ("/csp.html"), or a prefix when it ends with "/" ("/dist/"). */
  path: string;
  /** Default GET and HEAD. */
  methods?: readonly string[];
  handle(request: IncomingMessage, response: ServerResponse, context: DemoRequestContext): Promise<void> | void;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wav': 'audio/wav',
  '.mp4': 'video/mp4',
};

export function contentTypeOf(filePath: string): string {
  return CONTENT_TYPES[extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

/** The policy of /csp.html: no 'unsafe-inline', no 'unsafe-eval'; only this site and the service. */
export function demoContentSecurityPolicy(serviceUrl: string): string {
  const service = new URL(serviceUrl).origin;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `connect-src 'self' ${service}`,
    `img-src 'self' ${service} data: blob: https:`,
    `media-src 'self' ${service} blob:`,
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const OWN_FRAMES_ONLY = { 'Content-Security-Policy': "frame-ancestors 'self'" };

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The request path, percent-decoded and refused (403) when it could step outside a served folder: any "." or ".."
 * segment, a backslash or a NUL, however encoded. Fetch and browsers normalise "/../", but raw clients do not.
 */
export function checkedPath(rawUrl: string): string {
  const rawPath = rawUrl.split(/[?#]/, 1)[0] ?? '/';
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    throw new HttpError(400, 'Malformed percent-encoding in the path.');
  }
  if (!path.startsWith('/') || path.includes('\\') || path.includes('\0')) throw new HttpError(403, 'Forbidden path.');
  if (path.split('/').some((segment) => segment === '..' || segment === '.')) throw new HttpError(403, 'Forbidden path.');
  return path;
}

function send(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  body: string | Buffer,
  headers: Record<string, string>,
): void {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  response.writeHead(status, {
    'Content-Length': String(bytes.length),
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  response.end(request.method === 'HEAD' ? undefined : bytes);
}

function sendText(request: IncomingMessage, response: ServerResponse, status: number, text: string): void {
  send(request, response, status, `${text}\n`, { 'Content-Type': 'text/plain; charset=utf-8' });
}

/** Serves `relativePath` from `root`; dotfiles, folders and anything resolving outside `root` are not found. */
async function sendFile(request: IncomingMessage, response: ServerResponse, root: string, relativePath: string) {
  const file = resolve(root, `.${relativePath.startsWith('/') ? '' : '/'}${relativePath}`);
  const inside = relative(root, file);
  if (inside.startsWith('..') || isAbsolute(inside)) throw new HttpError(403, 'Forbidden path.');
  if (!inside || inside.split(/[\\/]/).some((segment) => segment.startsWith('.'))) throw new HttpError(404, 'Not found.');
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw new HttpError(404, `Not found: ${relativePath}`);
  send(request, response, 200, await readFile(file), { 'Content-Type': contentTypeOf(file) });
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Fills {{name}} placeholders with HTML-escaped values; an unknown name is a bug in the page, so it throws. */
export function renderTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`The page uses {{${name}}}, which the demo site does not provide.`);
    return escapeHtml(value);
  });
}

export async function startDemoSite(options: DemoSiteOptions): Promise<DemoSite> {
  const site = {
    serviceUrl: options.serviceUrl.replace(/\/+$/, ''),
    serialNumber: options.serialNumber,
    secretKey: options.secretKey,
  };
  const distDir = resolve(options.distDir ?? join(PROJECT_DIR, 'dist'));
  const policy = demoContentSecurityPolicy(site.serviceUrl);
  const scripts: Map<string, BundledScript> = await bundleDemoScripts(join(WEB_DIR, 'scripts'));
  const pageValues = { serviceUrl: site.serviceUrl, serialNumber: site.serialNumber, contentSecurityPolicy: policy };

  const page = (path: string, file: string, headers: Record<string, string> = {}): DemoRoute => ({
    path,
    async handle(request, response) {
      const html = renderTemplate(await readFile(join(WEB_DIR, file), 'utf8'), pageValues);
      send(request, response, 200, html, { 'Content-Type': 'text/html; charset=utf-8', ...headers });
    },
  });

  const routes: DemoRoute[] = [
    ...(options.routes ?? []),
    page('/', 'index.html'),
    page('/index.html', 'index.html'),
    page('/inline.html', 'inline.html'),
    page('/csp.html', 'csp.html', { 'Content-Security-Policy': policy }),
    {
      path: '/demo-config.json',
      handle(request, response) {
        const config = { serviceUrl: site.serviceUrl, serialNumber: site.serialNumber };
        send(request, response, 200, JSON.stringify(config), { 'Content-Type': contentTypeOf('demo-config.json') });
      },
    },
    {
      path: '/assets/',
      async handle(request, response, { path }) {
        const script = scripts.get(path.slice('/assets/'.length));
        if (script) send(request, response, 200, script.code, { 'Content-Type': contentTypeOf(script.fileName) });
        else await sendFile(request, response, join(WEB_DIR, 'assets'), path.slice('/assets'.length));
      },
    },
    {
      path: '/dist/',
      handle: (request, response, { path }) => sendFile(request, response, distDir, path.slice('/dist'.length)),
    },
    // The operator console (issue 5): its page, and the proxy that adds the secret key on the server. Framed only by
    // this site (the console frames its preview): a page elsewhere could frame it unseen and have the operator click
    // Save or Delete, whose calls are this site's own.
    page('/console.html', 'console.html', OWN_FRAMES_ONLY),
    page('/console-preview.html', 'console-preview.html', OWN_FRAMES_ONLY),
    createConsoleApiRoute(),
  ];

  const server = createServer((request, response) => {
    void handleRequest(request, response).catch((error: unknown) => {
      const status = error instanceof HttpError ? error.status : 500;
      if (status === 500) console.error('[demo site]', request.method, request.url, error);
      if (response.headersSent) response.destroy();
      else sendText(request, response, status, error instanceof HttpError ? error.message : 'Internal error.');
    });
  });

  async function handleRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = checkedPath(request.url ?? '/');
    const query = new URLSearchParams((request.url ?? '').split('?')[1] ?? '');
    const route = routes.find((candidate) =>
      candidate.path.endsWith('/') && candidate.path !== '/' ? path.startsWith(candidate.path) : path === candidate.path,
    );
    if (!route) throw new HttpError(404, `Not found: ${path}`);
    const methods = route.methods ?? ['GET', 'HEAD'];
    if (!methods.includes(request.method ?? 'GET')) {
      response.setHeader('Allow', methods.join(', '));
      throw new HttpError(405, `Method ${request.method} is not allowed here.`);
    }
    await route.handle(request, response, { path, query, site });
  }

  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', rejectListen);
      resolveListen();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolveClose, rejectClose) => {
        server.close((error) => (error ? rejectClose(error) : resolveClose()));
        server.closeAllConnections();
      }),
  };
}
