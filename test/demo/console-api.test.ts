/**
 * The console's server-side proxy over real HTTP: the demo site in front of the reference service. The page gets the
 * service's envelopes without ever holding the secret key; everything outside the allow-list is refused.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, isServiceError, type Envelope } from '../../src/api/index';
import { CONSOLE_OPERATIONS } from '../../demo/console-api';
import { startDemoSite, type DemoSite } from '../../demo/site';
import { startTestService, type TestService } from '../helpers/service';

let service: TestService;
let site: DemoSite;

beforeAll(async () => {
  service = await startTestService();
  site = await startDemoSite({ serviceUrl: service.url, serialNumber: service.serialNumber, secretKey: service.secretKey });
}, 60_000);

afterAll(async () => {
  await site?.close();
  await service?.close();
});

async function call(
  operation: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; envelope: Envelope<unknown>; text: string }> {
  const response = await fetch(`${site.url}/console-api/${operation}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, envelope: JSON.parse(text) as Envelope<unknown>, text };
}

/** A POST with the Host header given (fetch sends the URL's own). */
function rawPost(operation: string, body: string, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${site.url}/console-api/${operation}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
    }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (part: string) => (text += part));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

describe('console API proxy', () => {
  it('reads every setting, operator-only ones included, without the page sending a credential', async () => {
    const { status, envelope, text } = await call('getSettings', {});
    expect(status).toBe(200);
    expect(envelope.Success).toBe(true);
    const data = envelope.Data as Record<string, unknown>;
    expect(data.serialNumber).toBe(service.serialNumber);
    for (const field of ['SystemMessage', 'EmailForDailyChatLogs', 'EmailForDailyLeads', 'MessageLimit']) {
      expect(data).toHaveProperty(field);
    }
    expect(text).not.toContain(service.secretKey);
  });

  it('works with the typed client pointed at it through `paths` (the pattern README shows)', async () => {
    const paths = Object.fromEntries(Object.keys(CONSOLE_OPERATIONS).map((name) => [name, `/console-api/${name}`]));
    const client = createClient({ baseUrl: site.url, paths });
    const models = await client.modelList();
    expect(models.map((model) => model.Key)).toContain('2');
    expect(await client.edit({ serialNumber: service.serialNumber, WelcomeMessage: 'Hello from the console' })).toBe(1);
    const page = await client.realEstateList({ SerialNumber: service.serialNumber, PageSize: 3 });
    expect(page.List).toHaveLength(3);
    expect(page.VirtualCount).toBeGreaterThan(3);

    const error = await client.edit({ serialNumber: service.serialNumber, ChatBubbleColor: 'blue' }).catch((e: unknown) => e);
    expect(isServiceError(error) && error.kind).toBe('business');
    expect(isServiceError(error) && error.serviceMessage).toMatch(/^ChatBubbleColor:/);
  });

  it('fills in the site\'s serial number and refuses another chatbot\'s', async () => {
    const filled = await call('realEstateList', { PageSize: 1 });
    expect(filled.envelope.Success).toBe(true);
    const other = await call('edit', { serialNumber: 'someone-else', Name: 'Taken over' });
    expect(other.status).toBe(403);
    expect(other.envelope).toMatchObject({ Success: false, Code: 403 });
    expect(other.envelope.Message).toMatch(/manages chatbot/);
    const settings = (await call('getSettings', {})).envelope.Data as { Name: string };
    expect(settings.Name).not.toBe('Taken over');
  });

  it('answers only the allow-listed operations', async () => {
    for (const name of ['ask', 'getConfig', '..%2Fchat', 'constructor', 'toString', '']) {
      const response = await fetch(`${site.url}/console-api/${name}`, { method: 'POST', body: '{}' });
      expect([403, 404]).toContain(response.status);
    }
    const ask = await call('ask', { sessionID: 1, content: 'hi' });
    expect(ask.status).toBe(404);
    expect(ask.envelope.Message).toMatch(/no operation "ask"/);
  });

  it('refuses calls from another site, non-JSON bodies and wrong methods', async () => {
    const crossSite = await call('edit', { Name: 'CSRF' }, { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    const sameSite = await call('realEstateList', { PageSize: 1 }, { origin: site.url });
    expect(sameSite.status).toBe(200);

    const form = await fetch(`${site.url}/console-api/edit`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{"Name":"x"}',
    });
    expect(form.status).toBe(415);
    const broken = await call('edit', '{"Name":');
    expect(broken.status).toBe(400);
    expect(broken.envelope.Message).toMatch(/not valid JSON/);
    const getEdit = await fetch(`${site.url}/console-api/edit`);
    expect(getEdit.status).toBe(405);
    const getModels = await fetch(`${site.url}/console-api/modelList`);
    expect(getModels.status).toBe(200);
  });

  it('answers only a loopback name or an IP address in Host: a page whose own name was pointed here (DNS rebinding) is refused', async () => {
    const port = new URL(site.url).port;
    const rebound = await rawPost('getSettings', '{}', { host: `rebind.example:${port}`, origin: `http://rebind.example:${port}` });
    expect(rebound.status).toBe(403);
    expect(rebound.text).not.toContain('SystemMessage');
    const edit = await rawPost('edit', '{"Name":"Rebound"}', { host: `rebind.example:${port}`, origin: `http://rebind.example:${port}` });
    expect(edit.status).toBe(403);
    expect(((await call('getSettings', {})).envelope.Data as { Name: string }).Name).not.toBe('Rebound');
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
      expect((await rawPost('getSettings', '{}', { host, origin: `http://${host}` })).status).toBe(200);
    }
  });

  it('refuses bodies over 1 MB', async () => {
    const huge = await call('edit', { SystemMessage: 'x'.repeat(1024 * 1024 + 10) });
    expect(huge.status).toBe(413);
  });

  it('tells the page in plain words when the service is down', async () => {
    const lonely = await startDemoSite({ serviceUrl: 'http://127.0.0.1:9', serialNumber: 'x', secretKey: 'k' });
    try {
      const response = await fetch(`${lonely.url}/console-api/getSettings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(response.status).toBe(502);
      expect(((await response.json()) as Envelope<null>).Message).toMatch(/cannot be reached/);
    } finally {
      await lonely.close();
    }
  }, 60_000);
});
