/**
 * createClient's options (base URL, path overrides, headers, credentials, fetch) and the ServiceError each kind
 * of failure of a JSON operation becomes.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createClient, isServiceError, ServiceError, type ClientOptions } from '../../src/api';
import { createFakeFetch, envelope, envelopeResponse, jsonResponse, type Responder } from '../helpers/fake-fetch';

function setup(options: Partial<ClientOptions> = {}, respond: Responder = () => envelopeResponse({ SessionID: 1 })) {
  const fake = createFakeFetch(respond);
  const client = createClient({ baseUrl: 'https://chat.example', fetch: fake.fetch, ...options });
  return { fake, client };
}

const session = { serialNumber: 'bot-1' };

describe('URLs', () => {
  test.each([
    ['https://chat.example', undefined, 'https://chat.example/chat/Chatbot/GetSession'],
    ['https://chat.example///', undefined, 'https://chat.example/chat/Chatbot/GetSession'],
    ['https://chat.example/prefix/', undefined, 'https://chat.example/prefix/chat/Chatbot/GetSession'],
    ['https://chat.example/prefix', 'v2/session', 'https://chat.example/prefix/v2/session'],
    ['https://chat.example/prefix', '/v2/session', 'https://chat.example/prefix/v2/session'],
    ['https://chat.example', 'https://other.example/custom/session?x=1', 'https://other.example/custom/session?x=1'],
    ['', '/same-origin/session', '/same-origin/session'],
  ])('base %s with path %s → %s', async (baseUrl, path, expected) => {
    const { fake, client } = setup({ baseUrl, ...(path ? { paths: { getSession: path } } : {}) });
    await client.getSession(session);
    expect(fake.requests[0]?.url).toBe(expected);
  });

  test('an override changes only its own operation', async () => {
    const { fake, client } = setup({ paths: { edit: '/admin/edit' } }, () => envelopeResponse(1));
    await client.edit({ serialNumber: 'bot-1' });
    await client.finishUpload({ FileStoreId: 1 });
    expect(fake.requests.map((request) => request.url)).toEqual([
      'https://chat.example/admin/edit',
      'https://chat.example/chat/User/FinishUpload',
    ]);
  });
});

describe('headers and credentials', () => {
  test('no credential headers unless configured', async () => {
    const { fake, client } = setup();
    await client.getSession(session);
    expect(Object.keys(fake.requests[0]?.headers ?? {}).sort()).toEqual(['accept', 'content-type']);
  });

  test('secretKey is sent as Authorization', async () => {
    const { fake, client } = setup({ secretKey: 'secret-123' });
    await client.getSession(session);
    expect(fake.requests[0]?.headers.authorization).toBe('secret-123');
  });

  test('a sessionKey getter is read before every request', async () => {
    const keys = ['key-a', undefined, '', 'key-b'];
    let reads = 0;
    const { fake, client } = setup({ sessionKey: () => keys[reads++] });
    for (let i = 0; i < keys.length; i++) await client.getSession(session);
    expect(fake.requests.map((request) => request.headers['chatrobot-sessionkey'])).toEqual(['key-a', undefined, undefined, 'key-b']);
  });

  test('a fixed sessionKey string', async () => {
    const { fake, client } = setup({ sessionKey: 'fixed-key' });
    await client.realEstateList({ SerialNumber: 'bot-1' }).catch(() => undefined);
    expect(fake.requests[0]?.headers['chatrobot-sessionkey']).toBe('fixed-key');
  });

  test('extra headers as an object', async () => {
    const { fake, client } = setup({ headers: { 'X-Site': 'shop', 'X-Trace': 't1' } });
    await client.getSession(session);
    expect(fake.requests[0]?.headers).toMatchObject({ 'x-site': 'shop', 'x-trace': 't1' });
  });

  test('an async headers function is awaited before every request', async () => {
    let calls = 0;
    const { fake, client } = setup({
      headers: async () => {
        calls += 1;
        await new Promise((resolve) => setTimeout(resolve, 1));
        return { 'X-Proxy-Token': `token-${calls}` };
      },
    });
    await client.getSession(session);
    await client.modelList().catch(() => undefined);
    expect(fake.requests.map((request) => request.headers['x-proxy-token'])).toEqual(['token-1', 'token-2']);
  });

  test('a headers function that throws fails the call with a ServiceError, nothing sent, its error kept as the cause', async () => {
    const tokenFailure = new Error('token endpoint down');
    const { fake, client } = setup({
      headers: async () => {
        throw tokenFailure;
      },
    });
    const error: unknown = await client.getSession(session).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ kind: 'network', operation: 'getSession', cause: tokenFailure });
    const invalidName = setup({ headers: { 'bad header': 'x' } });
    await expect(invalidName.client.getSession(session)).rejects.toBeInstanceOf(ServiceError);
    expect([...fake.requests, ...invalidName.fake.requests]).toEqual([]);
  });

  test('a sync headers function may override the defaults, whatever the case of the name', async () => {
    const { fake, client } = setup({ secretKey: 'secret', headers: () => ({ authorization: 'Bearer from-site', Accept: 'application/vnd.x+json' }) });
    await client.getSession(session);
    expect(fake.requests[0]?.headers).toMatchObject({ authorization: 'Bearer from-site', accept: 'application/vnd.x+json' });
  });
});

describe('fetch implementation', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  test('the global fetch is used when none is given, looked up at call time', async () => {
    const fake = createFakeFetch(() => envelopeResponse({ SessionID: 3 }));
    const client = createClient({ baseUrl: 'https://chat.example' });
    vi.stubGlobal('fetch', fake.fetch);
    await expect(client.getSession(session)).resolves.toEqual({ SessionID: 3 });
    expect(fake.requests).toHaveLength(1);
  });

  test('a custom fetch is used instead of the global one', async () => {
    const globalFake = createFakeFetch(() => envelopeResponse({ SessionID: 1 }));
    vi.stubGlobal('fetch', globalFake.fetch);
    const { fake, client } = setup();
    await client.getSession(session);
    expect(fake.requests).toHaveLength(1);
    expect(globalFake.requests).toHaveLength(0);
  });
});

describe('failures of a JSON operation', () => {
  async function failure(respond: Responder, signal?: AbortSignal): Promise<ServiceError> {
    const { client } = setup({}, respond);
    const outcome = await client.getSession(session, signal ? { signal } : {}).then(() => undefined, (error: unknown) => error);
    expect(isServiceError(outcome)).toBe(true);
    return outcome as ServiceError;
  }

  test('network: fetch rejects', async () => {
    const cause = new TypeError('fetch failed');
    const error = await failure(() => Promise.reject(cause));
    expect(error).toMatchObject({ kind: 'network', operation: 'getSession', message: 'Could not reach the chat service. Check your connection.' });
    expect(error.cause).toBe(cause);
  });

  test('http: a status outside 2xx with a non-JSON body', async () => {
    const error = await failure(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(error).toMatchObject({ kind: 'http', status: 502, message: 'The chat service answered with HTTP 502.', serviceMessage: undefined });
  });

  test('http: the envelope of an error status is kept', async () => {
    const error = await failure(() => jsonResponse(envelope(null, { Success: false, Code: 401, Message: 'Missing credential' }), 401));
    expect(error).toMatchObject({ kind: 'http', status: 401, code: 401, serviceMessage: 'Missing credential' });
    expect(error.message).toBe('The chat service answered with HTTP 401. Missing credential');
  });

  test('business: an empty Message still gives a readable sentence with the code', async () => {
    const error = await failure(() => envelopeResponse(null, { Success: false, Code: 500, Message: '' }));
    expect(error).toMatchObject({ kind: 'business', code: 500, serviceMessage: undefined });
    expect(error.message).toBe('The chat service could not complete the request (code 500).');
  });

  test.each([
    ['invalid JSON', '{"Data": '],
    ['an empty body', ''],
    ['JSON that is not an envelope', '{"SessionID": 1}'],
    ['an envelope whose Success is not a boolean', '{"Success": "yes", "Data": {"SessionID": 1}}'],
  ])('malformed: %s', async (_name, body) => {
    const error = await failure(() => jsonResponse(body));
    expect(error).toMatchObject({ kind: 'malformed', message: 'The chat service sent a response the widget could not read.' });
  });

  test('aborted before sending: nothing is sent', async () => {
    const { fake, client } = setup();
    const controller = new AbortController();
    controller.abort();
    await expect(client.getSession(session, { signal: controller.signal })).rejects.toMatchObject({ kind: 'aborted', message: 'The request was cancelled.' });
    expect(fake.requests).toHaveLength(0);
  });

  test('aborted while waiting for the answer', async () => {
    const controller = new AbortController();
    const { fake, client } = setup({}, () => new Promise<Response>(() => undefined));
    const pending = client.getSession(session, { signal: controller.signal });
    await vi.waitFor(() => expect(fake.requests).toHaveLength(1));
    expect(fake.requests[0]?.signal?.aborted).toBe(false);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
    // The request itself is ended, not only the wait for it.
    expect(fake.requests[0]?.signal?.aborted).toBe(true);
  });

  test('ServiceError is an Error with a name, for logs and instanceof checks', async () => {
    const error = await failure(() => new Response('', { status: 503 }));
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ServiceError');
  });
});
