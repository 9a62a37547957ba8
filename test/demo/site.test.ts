import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedPath, demoContentSecurityPolicy, startDemoSite, type DemoSite } from '../../demo/site';

const SECRET_KEY = 'sk-demo-site-test-4f1c9a';
const SERVICE_URL = 'http://127.0.0.1:9';
const OUTSIDE_TEXT = 'outside-the-served-folder';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request whose path goes out exactly as written: fetch() would normalise "/../" away before sending. */
function rawGet(siteUrl: string, rawPath: string, method = 'GET'): Promise<RawResponse> {
  const { hostname, port } = new URL(siteUrl);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: hostname, port, path: rawPath, method }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString() }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

let site: DemoSite;
let workDir: string;

beforeAll(async () => {
  // dist/ stand-in with a file beside it that must never be served.
  workDir = await mkdtemp(join(tmpdir(), 'cbw-site-test-'));
  await mkdir(join(workDir, 'dist'));
  await writeFile(join(workDir, 'dist', 'chatbot-widget.js'), 'console.log("widget");');
  await writeFile(join(workDir, 'dist', '.env'), OUTSIDE_TEXT);
  await writeFile(join(workDir, 'secret.txt'), OUTSIDE_TEXT);
  site = await startDemoSite({
    serviceUrl: `${SERVICE_URL}/`,
    serialNumber: 'demo-"serial"<1>',
    secretKey: SECRET_KEY,
    distDir: join(workDir, 'dist'),
    routes: [{ path: '/extra/', handle: (_request, response, { path }) => void response.end(`extra ${path}`) }],
  });
});

afterAll(async () => {
  await site?.close();
  await rm(workDir, { recursive: true, force: true });
});

describe('demo site: paths', () => {
  it.each([
    '/../package.json',
    '/../../package.json',
    '/dist/../secret.txt',
    '/dist/%2e%2e/secret.txt',
    '/dist/%2E%2E%2Fsecret.txt',
    '/dist/..%2fsecret.txt',
    '/dist/..%5csecret.txt',
    '/dist/..\\secret.txt',
    '/assets/../../package.json',
    '/assets/%2e%2e/%2e%2e/package.json',
    '/dist/./chatbot-widget.js',
    '/dist/chatbot-widget.js%00.png',
  ])('refuses %s', async (rawPath) => {
    const response = await rawGet(site.url, rawPath);
    expect(response.status).toBe(403);
    expect(response.body).not.toContain(OUTSIDE_TEXT);
    expect(response.body).not.toContain('"name": "chatbot-widget"');
  });

  it('answers 400 to malformed percent-encoding and 404 to dotfiles, folders and unknown paths', async () => {
    expect((await rawGet(site.url, '/dist/%E0%A4%A')).status).toBe(400);
    const dotfile = await rawGet(site.url, '/dist/.env');
    expect(dotfile.status).toBe(404);
    expect(dotfile.body).not.toContain(OUTSIDE_TEXT);
    expect((await rawGet(site.url, '/dist/')).status).toBe(404);
    expect((await rawGet(site.url, '/package.json')).status).toBe(404);
    expect((await rawGet(site.url, '/assets/missing.js')).status).toBe(404);
  });

  it('serves the widget build from dist/ as JavaScript', async () => {
    const response = await rawGet(site.url, '/dist/chatbot-widget.js?v=1');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toBe('console.log("widget");');
  });

  it('checkedPath decodes the path and rejects every way of writing a parent segment', () => {
    expect(checkedPath('/dist/a%20b.js?x=1')).toBe('/dist/a b.js');
    for (const path of ['/..', '/a/%2E%2E/b', '/a\\b', '/a%5Cb', '/a/./b', '/a%00b']) {
      expect(() => checkedPath(path), path).toThrow(/Forbidden/);
    }
  });
});

describe('demo site: pages', () => {
  it.each([
    ['/', 'text/html; charset=utf-8', 'Harbor &amp; Pine'],
    ['/inline.html', 'text/html; charset=utf-8', '<chatbot-widget mode="inline"'],
    ['/csp.html', 'text/html; charset=utf-8', 'strict Content-Security-Policy'],
    ['/assets/home.js', 'text/javascript; charset=utf-8', 'showServiceStatus'],
    ['/assets/page-status.js', 'text/javascript; charset=utf-8', 'import'],
    ['/assets/site.css', 'text/css; charset=utf-8', '.listing'],
    ['/demo-config.json', 'application/json; charset=utf-8', '"serialNumber"'],
  ])('GET %s is %s', async (path, contentType, fragment) => {
    const response = await rawGet(site.url, path);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe(contentType);
    expect(response.body.toLowerCase()).toContain(fragment.toLowerCase());
  });

  it('renders the service URL and serial number into the script tag, HTML-escaped', async () => {
    const { body } = await rawGet(site.url, '/');
    expect(body).toContain(
      `<script src="/dist/chatbot-widget.js" data-serial-number="demo-&quot;serial&quot;&lt;1&gt;" data-base-url="${SERVICE_URL}" async>`,
    );
    expect(body).not.toContain('{{');
    const config: unknown = JSON.parse((await rawGet(site.url, '/demo-config.json')).body);
    expect(config).toEqual({ serviceUrl: SERVICE_URL, serialNumber: 'demo-"serial"<1>' });
  });

  it('has no inline script or style in any page, so the strict-CSP page can work', async () => {
    for (const path of ['/', '/inline.html', '/csp.html']) {
      const { body } = await rawGet(site.url, path);
      expect(body, path).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
      expect(body, path).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
    }
  });

  it('sends the strict Content-Security-Policy on /csp.html only', async () => {
    const strict = await rawGet(site.url, '/csp.html');
    const policy = strict.headers['content-security-policy'];
    expect(policy).toBe(demoContentSecurityPolicy(SERVICE_URL));
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain(`connect-src 'self' ${SERVICE_URL};`);
    expect(policy).not.toMatch(/unsafe-(inline|eval)/);
    expect(strict.body).toContain('connect-src'); // the page shows the policy it runs under
    expect((await rawGet(site.url, '/')).headers['content-security-policy']).toBeUndefined();
  });

  it('lets only its own pages frame the console and its preview (no clickjacking of Save or Delete)', async () => {
    for (const path of ['/console.html', '/console-preview.html']) {
      const policy = (await rawGet(site.url, path)).headers['content-security-policy'];
      expect(policy, path).toBe("frame-ancestors 'self'");
    }
  });

  it('never sends the secret key to the browser', async () => {
    const paths = ['/', '/inline.html', '/csp.html', '/demo-config.json', '/assets/home.js', '/assets/page-status.js'];
    for (const path of paths) expect((await rawGet(site.url, path)).body, path).not.toContain(SECRET_KEY);
  });

  it('answers HEAD without a body and refuses other methods with 405', async () => {
    const head = await rawGet(site.url, '/', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(100);
    const post = await rawGet(site.url, '/', 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });

  it('tries routes given in the options first', async () => {
    const response = await rawGet(site.url, '/extra/thing');
    expect(response.status).toBe(200);
    expect(response.body).toBe('extra /extra/thing');
  });
});
