import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServiceError } from '../../src/api/errors';
import { CONFIG_TIMEOUT_MS, requestConfig } from '../../src/model/get-config';
import { bytes, createFakeFetch, envelope, envelopeResponse, jsonResponse, streamResponse } from '../helpers/fake-fetch';

const REQUEST = { serialNumber: 'demo-realty', clientTimeZone: 'Europe/Berlin', clientCurrentTime: '2025-01-15 13:00:00' };
const CONFIG = { Name: 'Bot', SessionID: 7, SessionKey: 'k7' };

async function failureOf(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  if (!(error instanceof ServiceError)) throw new Error(`expected a ServiceError, got ${String(error)}`);
  return error;
}

describe('requestConfig (GetConfig before the chat opens)', () => {
  it('POSTs the request as JSON to the default path, with the extra headers of a sync or async function', async () => {
    const fake = createFakeFetch(() => envelopeResponse(CONFIG));
    const config = await requestConfig(
      { baseUrl: 'https://chat.example.test/', fetch: fake.fetch, headers: async () => ({ 'x-site': 'shop' }) },
      REQUEST,
    );
    expect(config).toEqual(CONFIG);
    const [sent] = fake.requests;
    expect(sent?.url).toBe('https://chat.example.test/chat/Chatbot/GetConfig');
    expect(sent?.method).toBe('POST');
    expect(sent?.headers).toMatchObject({ 'content-type': 'application/json', 'x-site': 'shop' });
    expect(sent?.headers).not.toHaveProperty('chatrobot-sessionkey');
    expect(JSON.parse(sent?.bodyText ?? '')).toEqual(REQUEST);
  });

  it('a headers function that throws (an expired token) fails as unreachable, with its error as the cause, and sends nothing', async () => {
    const fake = createFakeFetch(() => envelopeResponse(CONFIG));
    const expired = new Error('token expired');
    const error = await failureOf(
      requestConfig({ baseUrl: 'https://a.test', fetch: fake.fetch, headers: () => { throw expired; } }, REQUEST),
    );
    expect(error).toMatchObject({ kind: 'network', message: 'Could not reach the chat service. Check your connection.', cause: expired });
    expect(fake.requests).toHaveLength(0);
  });

  it('honours a path override, relative or absolute', async () => {
    const fake = createFakeFetch(() => envelopeResponse(CONFIG));
    await requestConfig({ baseUrl: 'https://a.test/api', paths: { getConfig: 'widget/config' }, fetch: fake.fetch }, REQUEST);
    await requestConfig({ baseUrl: 'https://a.test', paths: { getConfig: 'https://b.test/cfg' }, fetch: fake.fetch }, REQUEST);
    expect(fake.requests.map((request) => request.url)).toEqual(['https://a.test/api/widget/config', 'https://b.test/cfg']);
  });

  it('reports each kind of failure in plain words, keeping the service message', async () => {
    const offline = createFakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await failureOf(requestConfig({ baseUrl: 'https://a.test', fetch: offline.fetch }, REQUEST))).toMatchObject({
      kind: 'network',
      message: 'Could not reach the chat service. Check your connection.',
    });

    const refused = createFakeFetch(() => jsonResponse(envelope(null, { Success: false, Code: 403, Message: 'Domain not allowed' }), 403));
    expect(await failureOf(requestConfig({ baseUrl: 'https://a.test', fetch: refused.fetch }, REQUEST))).toMatchObject({
      kind: 'http',
      status: 403,
      serviceMessage: 'Domain not allowed',
      message: 'The chat service answered with HTTP 403. Domain not allowed',
    });

    const business = createFakeFetch(() => envelopeResponse(null, { Success: false, Code: 404, Message: 'No such chatbot' }));
    expect(await failureOf(requestConfig({ baseUrl: 'https://a.test', fetch: business.fetch }, REQUEST))).toMatchObject({
      kind: 'business',
      code: 404,
      message: 'No such chatbot',
    });

    for (const body of ['not json', envelope({ Name: 'no session' }), JSON.stringify({ Data: CONFIG })]) {
      const odd = createFakeFetch(() => jsonResponse(body));
      expect(await failureOf(requestConfig({ baseUrl: 'https://a.test', fetch: odd.fetch }, REQUEST))).toMatchObject({
        kind: 'malformed',
      });
    }
  });

  describe('a service that takes the request and never answers', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    /** A response whose headers arrive and whose body never ends (until the request is aborted). */
    const endlessBody = (signal: AbortSignal | undefined): Response =>
      streamResponse({ chunks: [bytes('{"Success":')], contentType: 'application/json', end: 'hang', signal });

    it.each([
      ['no answer at all', () => new Promise<Response>(() => undefined)],
      ['headers, then a body that never ends', endlessBody],
    ] as const)('fails after CONFIG_TIMEOUT_MS in plain words (%s), and ends the request', async (_case, answer) => {
      vi.useFakeTimers();
      const hanging = createFakeFetch((request) => answer(request.signal));
      let settled = false;
      const pending = failureOf(requestConfig({ baseUrl: 'https://a.test', fetch: hanging.fetch }, REQUEST)).finally(() => {
        settled = true;
      });
      await vi.advanceTimersByTimeAsync(CONFIG_TIMEOUT_MS - 1);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await pending).toMatchObject({ kind: 'network', message: 'Could not reach the chat service. Check your connection.' });
      expect(hanging.requests[0]?.signal?.aborted).toBe(true);
    });

    it('ends a headers function that never settles: at the time limit as unreachable, on abort as an abort', async () => {
      vi.useFakeTimers();
      const never = createFakeFetch(() => envelopeResponse(CONFIG));
      const headers = (): Promise<Record<string, string>> => new Promise(() => undefined);
      const timedOut = failureOf(requestConfig({ baseUrl: 'https://a.test', fetch: never.fetch, headers }, REQUEST));
      await vi.advanceTimersByTimeAsync(CONFIG_TIMEOUT_MS);
      expect(await timedOut).toMatchObject({ kind: 'network', message: 'Could not reach the chat service. Check your connection.' });

      const controller = new AbortController();
      const aborted = failureOf(requestConfig({ baseUrl: 'https://a.test', fetch: never.fetch, headers }, REQUEST, controller.signal));
      await vi.advanceTimersByTimeAsync(10);
      controller.abort();
      expect(await aborted).toMatchObject({ kind: 'aborted' });
      expect(never.requests).toHaveLength(0);
      expect(vi.getTimerCount()).toBe(0);
    });

    it('leaves no timer behind once the service answers, and a caller abort stays an abort', async () => {
      vi.useFakeTimers();
      const answering = createFakeFetch(() => envelopeResponse(CONFIG));
      await requestConfig({ baseUrl: 'https://a.test', fetch: answering.fetch }, REQUEST);
      expect(vi.getTimerCount()).toBe(0);

      const controller = new AbortController();
      const hanging = createFakeFetch((request) => endlessBody(request.signal));
      const pending = failureOf(requestConfig({ baseUrl: 'https://a.test', fetch: hanging.fetch }, REQUEST, controller.signal));
      await vi.advanceTimersByTimeAsync(10);
      controller.abort();
      expect(await pending).toMatchObject({ kind: 'aborted' });
      expect(vi.getTimerCount()).toBe(0);
    });
  });

  it('is cancelled by its signal, also one aborted before the call', async () => {
    const controller = new AbortController();
    const hanging = createFakeFetch(() => new Promise<Response>(() => undefined));
    const pending = requestConfig({ baseUrl: 'https://a.test', fetch: hanging.fetch }, REQUEST, controller.signal);
    controller.abort();
    expect(await failureOf(pending)).toMatchObject({ kind: 'aborted' });
    const late = requestConfig({ baseUrl: 'https://a.test', fetch: hanging.fetch }, REQUEST, controller.signal);
    expect(await failureOf(late)).toMatchObject({ kind: 'aborted' });
  });
});
