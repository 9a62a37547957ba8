/**
 * askStream's failures and its promise to send a question exactly once: HTTP and business errors, malformed
 * data, network failures, aborts, no retry and no re-send when the tab's visibility changes.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createClient, ServiceError } from '../../src/api';
import { CLOSE_GRACE_MS, STREAM_SILENCE_MS } from '../../src/api/stream';
import { installBrowserGlobals } from '../helpers/browser-globals';
import {
  bytes, createFakeFetch, envelope, jsonResponse, streamResponse, type Responder,
} from '../helpers/fake-fetch';
import { outcomeOf } from '../helpers/outcome';
import { withPrototypeJs } from '../helpers/prototype-js';

afterEach(() => {
  vi.useRealTimers();
});

function setup(respond: Responder, options: { sessionKey?: () => string | undefined } = {}) {
  const fake = createFakeFetch(respond);
  const client = createClient({ baseUrl: 'https://chat.example/api/', fetch: fake.fetch, ...options });
  return { fake, client };
}

async function failureOf(promise: Promise<unknown>): Promise<ServiceError> {
  const outcome = await promise.then(
    () => new Error('expected the stream to fail'),
    (error: unknown) => error,
  );
  if (!(outcome instanceof ServiceError)) throw outcome;
  return outcome;
}

const chunk = (content: string): string => `data: ${JSON.stringify({ content })}\n\n`;
const FINAL_A = 'data: {"QuestionID":1,"AnswerID":2,"Answer":"a","TotalToken":1}\n\n';

describe('the request', () => {
  test('is one POST to ClientAsk with stream true, JSON headers and the session key', async () => {
    const { fake, client } = setup(
      (request) => streamResponse({ chunks: [bytes('data: {"QuestionID":1,"AnswerID":2,"Answer":"ok","TotalToken":3}\n\n')], signal: request.signal }),
      { sessionKey: () => 'session-key-1' },
    );
    const final = await client.askStream({ sessionID: 42, content: 'Any flats in Porto?', chatAskType: 'Text' }, {});
    expect(final).toEqual({ QuestionID: 1, AnswerID: 2, Answer: 'ok', TotalToken: 3 });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.url).toBe('https://chat.example/api/chat/Chat/ClientAsk');
    expect(request?.method).toBe('POST');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers.accept).toContain('text/event-stream');
    expect(request?.headers['chatrobot-sessionkey']).toBe('session-key-1');
    expect(request?.headers.authorization).toBeUndefined();
    expect(JSON.parse(request?.bodyText ?? '')).toEqual({ sessionID: 42, content: 'Any flats in Porto?', chatAskType: 'Text', stream: true });
  });

  test("a media question's fileIds go as an array on a page with Prototype.js's Array.prototype.toJSON (Magento 1)", async () => {
    const { fake, client } = setup((request) => streamResponse({ chunks: [bytes(FINAL_A)], signal: request.signal }));
    const plain = await withPrototypeJs(async () => {
      await client.askStream({ sessionID: 42, content: 'Is this kitchen new?', chatAskType: 'Image', fileIds: [12, 13] }, {});
      return JSON.stringify([12, 13]);
    });
    expect(plain).toBe('"[12, 13]"'); // the patch was in force: a plain JSON.stringify sent the service a string
    expect(JSON.parse(fake.requests[0]?.bodyText ?? '')).toEqual({
      sessionID: 42, content: 'Is this kitchen new?', chatAskType: 'Image', fileIds: [12, 13], stream: true,
    });
  });

  test('resolves on the final object even when the connection stays open, and closes it a second later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { fake, client } = setup((request) =>
      streamResponse({ chunks: [bytes(chunk('a') + FINAL_A)], end: 'hang', signal: request.signal }),
    );
    await expect(client.askStream({ sessionID: 1, content: 'x' }, {})).resolves.toMatchObject({ Answer: 'a' });
    expect(fake.requests[0]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(CLOSE_GRACE_MS - 1);
    expect(fake.requests[0]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.requests[0]?.signal?.aborted).toBe(true);
  });

  test("the caller's abort still ends a stream left open after its final object (destroy() during that second)", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { fake, client } = setup((request) =>
      streamResponse({ chunks: [bytes(chunk('a') + FINAL_A)], end: 'hang', signal: request.signal }),
    );
    const caller = new AbortController();
    await expect(client.askStream({ sessionID: 1, content: 'x' }, {}, { signal: caller.signal })).resolves.toMatchObject({ Answer: 'a' });
    expect(fake.requests[0]?.signal?.aborted).toBe(false);
    caller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.requests[0]?.signal?.aborted).toBe(true);
  });

  test('a stream the service closes after its final object is read to its end, not aborted', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let readToEndBeforeAnyAbort = false;
    const { client } = setup((request) => {
      const response = streamResponse({ chunks: [bytes(chunk('a')), bytes(FINAL_A), bytes(': bye\n\n')], signal: request.signal });
      const reader = response.body!.getReader();
      // The same body, noting when its last byte has been read.
      const watched = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const { done, value } = await reader.read();
          if (done) {
            readToEndBeforeAnyAbort = request.signal?.aborted === false;
            controller.close();
          } else controller.enqueue(value);
        },
      });
      return new Response(watched, { headers: response.headers });
    });
    await expect(client.askStream({ sessionID: 1, content: 'x' }, {})).resolves.toMatchObject({ Answer: 'a' });
    await vi.advanceTimersByTimeAsync(CLOSE_GRACE_MS * 2);
    expect(readToEndBeforeAnyAbort).toBe(true);
  });

  test('a JSON answer instead of a stream is accepted as the whole answer', async () => {
    const { client } = setup(() => jsonResponse(envelope({ messageid: 9, content: 'whole answer', totalToken: 4, noAnswer: false })));
    const pieces: string[] = [];
    const final = await client.askStream({ sessionID: 1, content: 'x' }, { onChunk: (piece) => pieces.push(piece) });
    expect(final).toEqual({ QuestionID: 0, AnswerID: 9, Answer: 'whole answer', TotalToken: 4 });
    expect(pieces).toEqual(['whole answer']);
  });
});

describe('failures', () => {
  test('an HTTP error status', async () => {
    const { fake, client } = setup(() => new Response('<h1>Bad gateway</h1>', { status: 502, headers: { 'content-type': 'text/html' } }));
    const error = await failureOf(client.askStream({ sessionID: 1, content: 'x' }, {}));
    expect(error).toMatchObject({ kind: 'http', status: 502, message: 'The chat service answered with HTTP 502.' });
    expect(fake.requests).toHaveLength(1);
  });

  test('an HTTP error with an envelope keeps the service message', async () => {
    const { client } = setup(() => jsonResponse(envelope(null, { Success: false, Code: 401, Message: 'Invalid session key' }), 401));
    const error = await failureOf(client.askStream({ sessionID: 1, content: 'x' }, {}));
    expect(error).toMatchObject({ kind: 'http', status: 401, code: 401, serviceMessage: 'Invalid session key' });
    expect(error.message).toBe('The chat service answered with HTTP 401. Invalid session key');
  });

  test('a business error envelope (JSON content type), e.g. a rate limit', async () => {
    const { fake, client } = setup(() =>
      jsonResponse(envelope(null, { Success: false, Code: 429, Message: 'Too many messages. Please wait a minute.' })),
    );
    const error = await failureOf(client.askStream({ sessionID: 1, content: 'x' }, {}));
    expect(error).toMatchObject({ kind: 'business', code: 429, serviceMessage: 'Too many messages. Please wait a minute.' });
    expect(error.message).toBe('Too many messages. Please wait a minute.');
    expect(fake.requests).toHaveLength(1);
  });

  test('malformed JSON with a JSON content type', async () => {
    const { client } = setup(() => jsonResponse('{"Success": tru'));
    await expect(client.askStream({ sessionID: 1, content: 'x' }, {})).rejects.toMatchObject({ kind: 'malformed' });
  });

  test('a web page with status 200 instead of a stream (a wrong baseUrl, a captive portal) is malformed, not an interrupted answer', async () => {
    const { client } = setup(() =>
      new Response('<!doctype html><title>Sign in to the Wi-Fi</title>', { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } }),
    );
    await expect(client.askStream({ sessionID: 1, content: 'x' }, {})).rejects.toMatchObject({
      kind: 'malformed',
      message: 'The chat service sent a response the widget could not read.',
    });
  });

  test('JSON that is not an envelope', async () => {
    const { client } = setup(() => jsonResponse('[1,2,3]'));
    await expect(client.askStream({ sessionID: 1, content: 'x' }, {})).rejects.toMatchObject({ kind: 'malformed' });
  });

  test('an event that is not JSON is malformed and keeps the text so far', async () => {
    const { client } = setup((request) => streamResponse({ chunks: [bytes(chunk('Hello') + 'data: <html>\n\n')], end: 'hang', signal: request.signal }));
    await expect(client.askStream({ sessionID: 1, content: 'x' }, {})).rejects.toMatchObject({ kind: 'malformed', partialText: 'Hello' });
  });

  test('a chunk whose content is not a string is malformed', async () => {
    const { client } = setup((request) => streamResponse({ chunks: [bytes('data: {"content":42}\n\n')], signal: request.signal }));
    await expect(client.askStream({ sessionID: 1, content: 'x' }, {})).rejects.toMatchObject({ kind: 'malformed' });
  });

  test('a failed envelope inside the stream is a business error with the text so far', async () => {
    const failed = envelope(null, { Success: false, Code: 4001, Message: 'Monthly message limit reached.' });
    const { fake, client } = setup((request) => streamResponse({ chunks: [bytes(chunk('Partial ') + `data: ${failed}\n\n`)], end: 'hang', signal: request.signal }));
    const error = await failureOf(client.askStream({ sessionID: 1, content: 'x' }, {}));
    expect(error).toMatchObject({ kind: 'business', code: 4001, partialText: 'Partial ', message: 'Monthly message limit reached.' });
    expect(fake.requests[0]?.signal?.aborted).toBe(true);
  });

  test('a network failure before any answer', async () => {
    const { fake, client } = setup(() => Promise.reject(new TypeError('fetch failed')));
    const error = await failureOf(client.askStream({ sessionID: 1, content: 'x' }, {}));
    expect(error).toMatchObject({ kind: 'network', message: 'Could not reach the chat service. Check your connection.' });
    expect(fake.requests).toHaveLength(1);
  });

  test('a connection dropped mid-answer is interrupted with the text so far', async () => {
    const { client } = setup((request) => streamResponse({ chunks: [bytes(chunk('Half an ')), bytes(chunk('answer'))], end: 'error', signal: request.signal }));
    const error = await failureOf(client.askStream({ sessionID: 1, content: 'x' }, {}));
    expect(error).toMatchObject({ kind: 'interrupted', partialText: 'Half an answer' });
  });

  test('an error thrown by onChunk reaches the caller unchanged', async () => {
    const { client } = setup((request) => streamResponse({ chunks: [bytes(chunk('a'))], end: 'hang', signal: request.signal }));
    const mistake = new RangeError('handler bug');
    await expect(
      client.askStream({ sessionID: 1, content: 'x' }, { onChunk: () => { throw mistake; } }),
    ).rejects.toBe(mistake);
  });

  test('streams where there is no window and no document (Node, a worker)', async () => {
    expect('window' in globalThis || 'document' in globalThis).toBe(false);
    const { fake, client } = setup((request) =>
      streamResponse({ chunks: [bytes(chunk('no page') + 'data: [DONE]\n\n')], signal: request.signal }),
    );
    await expect(client.askStream({ sessionID: 1, content: 'x' }, {})).resolves.toMatchObject({ Answer: 'no page' });
    expect(fake.requests).toHaveLength(1);
  });
});

describe('sent exactly once', () => {
  test.each([
    ['HTTP 500', () => new Response('oops', { status: 500 })],
    ['network failure', () => Promise.reject(new TypeError('fetch failed'))],
    ['dropped connection', (request: { signal: AbortSignal | undefined }) =>
      streamResponse({ chunks: [bytes(chunk('a'))], end: 'error', signal: request.signal })],
  ])('no automatic retry after a %s', async (_name, respond) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { fake, client } = setup(respond);
    await expect(client.askStream({ sessionID: 1, content: 'x' }, {})).rejects.toBeInstanceOf(ServiceError);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fake.requests).toHaveLength(1);
  });

  test('no re-send when the tab is hidden and shown again', async () => {
    let release: () => void = () => undefined;
    const { fake, client } = setup((request) => {
      const gate = new Promise<void>((resolve) => { release = resolve; });
      return gate.then(() => streamResponse({ chunks: [bytes(chunk('still here') + 'data: [DONE]\n\n')], signal: request.signal }));
    });
    // A page's document, so a visibility listener anything adds would hear the tab hidden and shown again.
    const page = installBrowserGlobals();
    try {
      const answer = client.askStream({ sessionID: 1, content: 'x' }, {});
      await vi.waitFor(() => expect(fake.requests).toHaveLength(1));
      for (const hidden of [true, false]) {
        page.document.hidden = hidden;
        page.document.dispatchEvent(new Event('visibilitychange'));
      }
      release();
      await expect(answer).resolves.toMatchObject({ Answer: 'still here' });
      expect(fake.requests).toHaveLength(1);
    } finally {
      page.uninstall();
    }
  });
});

describe('abort', () => {
  test('before the request: nothing is sent', async () => {
    const { fake, client } = setup(() => jsonResponse(envelope(null)));
    const controller = new AbortController();
    controller.abort();
    const error = await failureOf(client.askStream({ sessionID: 1, content: 'x' }, {}, { signal: controller.signal }));
    expect(error).toMatchObject({ kind: 'aborted', message: 'The request was cancelled.' });
    expect(fake.requests).toHaveLength(0);
  });

  test('mid-answer: rejects as aborted, keeps the partial text and closes the connection', async () => {
    const controller = new AbortController();
    const { fake, client } = setup((request) => streamResponse({ chunks: [bytes(chunk('héllo ') + chunk('👋'))], end: 'hang', signal: request.signal }));
    const error = await failureOf(
      client.askStream({ sessionID: 1, content: 'x' }, {
        onChunk: (_piece, text) => {
          if (text === 'héllo 👋') controller.abort();
        },
      }, { signal: controller.signal }),
    );
    expect(error).toMatchObject({ kind: 'aborted', partialText: 'héllo 👋' });
    expect(fake.requests[0]?.signal?.aborted).toBe(true);
    expect(fake.requests).toHaveLength(1);
  });

  test('while waiting for the response', async () => {
    const controller = new AbortController();
    const { fake, client } = setup(() => new Promise<Response>(() => undefined));
    const answer = client.askStream({ sessionID: 1, content: 'x' }, {}, { signal: controller.signal });
    await vi.waitFor(() => expect(fake.requests).toHaveLength(1));
    controller.abort();
    await expect(answer).rejects.toMatchObject({ kind: 'aborted', partialText: '' });
  });
});

describe('a service that goes silent', () => {
  /** Still pending a millisecond before the silence limit; at it, `outcome` is `expected` and the request is ended. */
  async function expectEndedAtSilenceLimit(
    outcome: ReturnType<typeof outcomeOf>,
    fake: ReturnType<typeof setup>['fake'],
    expected: object,
  ): Promise<void> {
    await vi.advanceTimersByTimeAsync(STREAM_SILENCE_MS - 1);
    expect(outcome.current).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome.current).toMatchObject(expected);
    expect(fake.requests[0]?.signal?.aborted).toBe(true);
  }

  test('mid-answer: interrupted after STREAM_SILENCE_MS without a byte, with the text so far, and the connection closed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { fake, client } = setup((request) => streamResponse({ chunks: [bytes(chunk('Half an '))], end: 'hang', signal: request.signal }));
    const outcome = outcomeOf(client.askStream({ sessionID: 1, content: 'x' }, {}));
    await expectEndedAtSilenceLimit(outcome, fake, { kind: 'interrupted', partialText: 'Half an ' });
  });

  test('before the response: a network failure after STREAM_SILENCE_MS, the request ended', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { fake, client } = setup(() => new Promise<Response>(() => undefined));
    const outcome = outcomeOf(client.askStream({ sessionID: 1, content: 'x' }, {}));
    await expectEndedAtSilenceLimit(outcome, fake, { kind: 'network', message: 'Could not reach the chat service. Check your connection.' });
  });

  // Before, each failed as an answer cut off with no text ("The answer was interrupted…"): the visitor's rate-limit slot
  // was kept, a 401 did not renew the session, and a 5xx was not worded as the service's trouble.
  test.each([
    ['a proxy\'s 502 page', 502, 'text/html', 'The chat service answered with HTTP 502.'],
    ['a 401 envelope', 401, 'application/json', 'The chat service answered with HTTP 401.'],
  ] as const)(
    'an error status whose body never ends (%s): fails as http with its status at the silence limit, the request ended',
    async (_case, status, contentType, message) => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const { fake, client } = setup((request) =>
        streamResponse({ chunks: [bytes(contentType === 'text/html' ? '<h1>Bad ' : '{"Success":false,')], contentType, status, end: 'hang', signal: request.signal }),
      );
      const outcome = outcomeOf(client.askStream({ sessionID: 1, content: 'x' }, {}));
      await expectEndedAtSilenceLimit(outcome, fake, { kind: 'http', status, message, operation: 'askStream' });
      expect(vi.getTimerCount()).toBe(0);
    },
  );

  test('an error status whose body breaks off fails as http with its status at once', async () => {
    const { client } = setup((request) =>
      streamResponse({ chunks: [bytes('<h1>Service unav')], contentType: 'text/html', status: 503, end: 'error', signal: request.signal }),
    );
    await expect(client.askStream({ sessionID: 1, content: 'x' }, {})).rejects.toMatchObject({ kind: 'http', status: 503 });
  });

  test('a JSON answer whose body never ends: unreachable at the silence limit, as for the JSON operations, the request ended', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { fake, client } = setup((request) =>
      streamResponse({ chunks: [bytes('{"Success":true,"Data":{"content":"Hal')], contentType: 'application/json', end: 'hang', signal: request.signal }),
    );
    const outcome = outcomeOf(client.askStream({ sessionID: 1, content: 'x' }, {}));
    await expectEndedAtSilenceLimit(outcome, fake, { kind: 'network', message: 'Could not reach the chat service. Check your connection.' });
    expect(vi.getTimerCount()).toBe(0);
  });

  test("a site's headers function that never settles: Stop ends the question at once, the silence limit without it; nothing is sent", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fake = createFakeFetch(() => new Promise<Response>(() => undefined));
    const hung = (): Promise<Record<string, string>> => new Promise(() => undefined); // a token refresh on a dead network
    const client = createClient({ baseUrl: 'https://chat.example/api/', fetch: fake.fetch, headers: hung });
    const stop = new AbortController();
    const stopped = outcomeOf(client.askStream({ sessionID: 1, content: 'x' }, {}, { signal: stop.signal }));
    await vi.advanceTimersByTimeAsync(1000);
    stop.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped.current).toMatchObject({ kind: 'aborted' });

    const silent = outcomeOf(client.askStream({ sessionID: 1, content: 'x' }, {}));
    await vi.advanceTimersByTimeAsync(STREAM_SILENCE_MS);
    expect(silent.current).toMatchObject({ kind: 'network', message: 'Could not reach the chat service. Check your connection.' });
    expect(fake.requests).toHaveLength(0);
  });

  test('heartbeats (SSE comments) keep a slow answer alive far beyond STREAM_SILENCE_MS', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const beat = STREAM_SILENCE_MS - 1000;
    const pieces = [': thinking\n\n', ': thinking\n\n', ': thinking\n\n', chunk('Slow but '), chunk('sure') + FINAL_A];
    const { client } = setup(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            async pull(controller) {
              const piece = pieces.shift();
              if (piece === undefined) return controller.close();
              await new Promise((resolve) => setTimeout(resolve, beat));
              controller.enqueue(bytes(piece));
            },
          }),
          { headers: { 'content-type': 'text/event-stream' } },
        ),
    );
    const outcome = outcomeOf(client.askStream({ sessionID: 1, content: 'x' }, {}));
    await vi.advanceTimersByTimeAsync(beat * 5);
    expect(outcome.current).toMatchObject({ Answer: 'a' });
  });
});
