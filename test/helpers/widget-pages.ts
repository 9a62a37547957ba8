/**
 * A tiny site for the widget's browser tests: it serves a snapshot of the built dist/ under /dist/ (exactly the
 * files a site would host) and HTML pages a test registers, each with its own response headers (a Content-Security-Policy,
 * say). Listens on 127.0.0.1 on a free port; the test that starts it closes it.
 */
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';

export interface TestPage {
  html: string;
  headers?: Record<string, string>;
}

export interface WidgetSite {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  /** Serves `page` at `path` (replacing what was there). */
  setPage(path: string, page: TestPage | string): void;
  /** How many times each path was requested. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.json': 'application/json' };

/** Serves the package's dependencies too, so a page can import dist/index.js through an import map. */
export const IMPORT_MAP = JSON.stringify({
  imports: {
    preact: '/node_modules/preact/dist/preact.module.js',
    'preact/hooks': '/node_modules/preact/hooks/dist/hooks.module.js',
    'preact/jsx-runtime': '/node_modules/preact/jsx-runtime/dist/jsxRuntime.module.js',
    '@preact/signals': '/node_modules/@preact/signals/dist/signals.module.js',
    '@preact/signals-core': '/node_modules/@preact/signals-core/dist/signals-core.module.js',
  },
});

export interface WidgetSiteOptions {
  /** Sent as Access-Control-Allow-Origin with the files of dist/ (a CDN that allows other sites' pages). */
  allowOrigin?: string;
}

export async function startWidgetSite(
  builtDir = resolve('dist'),
  modulesDir = resolve('node_modules'),
  options: WidgetSiteOptions = {},
): Promise<WidgetSite> {
  // A snapshot of the build: another `npm run build` in the same tree while these tests run must not pull files
  // (or hashed lazy chunks) out from under a page.
  const distDir = await mkdtemp(join(tmpdir(), 'cw-dist-'));
  await cp(builtDir, distDir, { recursive: true });
  const pages = new Map<string, TestPage>();
  const hits = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://site.invalid').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const page = pages.get(path);
    if (page) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...page.headers });
      response.end(page.html);
      return;
    }
    const served = path.startsWith('/dist/') ? distDir : path.startsWith('/node_modules/') ? modulesDir : null;
    if (served !== null) {
      const file = normalize(join(served, path.slice(path.indexOf('/', 1) + 1)));
      if (!file.startsWith(served)) {
        response.writeHead(400).end();
        return;
      }
      // Some packages' ES builds import './fetch' without an extension (bundlers resolve it; so does this).
      readFile(file).catch(() => readFile(`${file}.js`)).then(
        (body) => {
          const cors = options.allowOrigin === undefined ? {} : { 'access-control-allow-origin': options.allowOrigin };
          response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? TYPES['.js'], ...cors });
          response.end(body);
        },
        () => response.writeHead(404).end('not found'),
      );
      return;
    }
    if (path === '/favicon.ico') {
      response.writeHead(204).end();
      return;
    }
    response.writeHead(404).end('not found');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    setPage(path, page) {
      pages.set(path, typeof page === 'string' ? { html: page } : page);
    },
    async close() {
      await new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      });
      await rm(distDir, { recursive: true, force: true });
    },
  };
}

/** The script tag a site owner pastes. */
export function scriptTag(serviceUrl: string, serialNumber: string, extra = ''): string {
  return `<script src="/dist/chatbot-widget.js" data-serial-number="${serialNumber}" data-base-url="${serviceUrl}" ${extra} async></script>`;
}

/** The queue stub of the README snippet, so calls can be made before the script has loaded. */
export const QUEUE_STUB =
  'window.ChatbotWidget=window.ChatbotWidget||function(){(ChatbotWidget.q=ChatbotWidget.q||[]).push(arguments)};';

export function htmlPage(body: string, title = 'widget test'): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`;
}

/** Types `question` into the widget's message box inside `scope` (a page with one widget, or a widget's host) and sends it. */
export async function ask(scope: Page | Locator, question: string): Promise<void> {
  const input = scope.getByRole('textbox', { name: 'Message' });
  await input.fill(question);
  await input.press('Enter');
}
