/**
 * Contract: ClientAsk streamed, through the client's askStream (in Node: no window, no document) and on the wire,
 * in both framings: SSE (the default) and bare JSON lines (the service option or
 * ?framing=jsonl on the request).
 */
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAnswerStream } from '../../demo/server/stream';
import { createClient, type StreamFinal } from '../../src/api';
import { startTestService, type TestService } from '../helpers/service';
import { adminClient, expectBusiness, failure, fromAddress, testVisitorAddress, visitor } from './fixtures';

const SCRIPT_TRIGGER = 'scripted please';
/** 250 chunks: enough for heartbeats mid-stream; includes multi-byte characters and a paragraph break. */
const SCRIPTED = Array.from({ length: 250 }, (_, index) => (index % 40 === 39 ? '\n\n' : index % 7 === 0 ? 'é👋 ' : `w${index} `));

let sse: TestService;
let jsonl: TestService;

beforeAll(async () => {
  const scriptedAnswer = (question: string) => (question === SCRIPT_TRIGGER ? SCRIPTED : undefined);
  [sse, jsonl] = await Promise.all([
    startTestService({ scriptedAnswer, visitorAddress: testVisitorAddress }),
    startTestService({ scriptedAnswer, visitorAddress: testVisitorAddress, streamFraming: 'jsonl' }),
  ]);
});
afterAll(async () => {
  await Promise.all([sse?.close(), jsonl?.close()]);
});

interface Streamed {
  chunks: string[];
  final: StreamFinal;
}

async function streamFrom(service: TestService, content: string, askPath?: string): Promise<Streamed> {
  const { sessionID, sessionKey } = await visitor(service);
  const client = createClient({ baseUrl: service.url, sessionKey, ...(askPath ? { paths: { ask: askPath } } : {}) });
  const chunks: string[] = [];
  const final = await client.askStream({ sessionID, content }, { onChunk: (chunk) => chunks.push(chunk) });
  return { chunks, final };
}

/** The text chunks of a streamed answer as the service wrote them: one per SSE event or JSON line. */
async function wireChunks(service: TestService, content: string, askPath?: string): Promise<string[]> {
  const { sessionID } = await visitor(service);
  const response = await fetch(`${service.url}${askPath ?? '/chat/Chat/ClientAsk'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', Authorization: service.secretKey },
    body: JSON.stringify({ sessionID, content, stream: true }),
  });
  const chunks: string[] = [];
  for (const line of (await response.text()).split('\n')) {
    const json = line.replace(/^data: ?/, '');
    if (!json.startsWith('{')) continue;
    const value = JSON.parse(json) as { content?: unknown; Answer?: unknown };
    if (typeof value.content === 'string' && value.Answer === undefined) chunks.push(value.content);
  }
  return chunks;
}

describe.each([
  ['SSE (service default)', () => sse, undefined],
  ['JSON lines (service option)', () => jsonl, undefined],
  ['JSON lines (?framing=jsonl)', () => sse, '/chat/Chat/ClientAsk?framing=jsonl'],
  ['SSE (?framing=sse)', () => jsonl, '/chat/Chat/ClientAsk?framing=sse'],
])('askStream, %s', (_name, service, askPath) => {
  it('streams the engine’s answer in small chunks that add up to the final Answer', async () => {
    const { chunks, final } = await streamFrom(service(), 'homes for rent in Portland', askPath);
    // On the wire, chunk by chunk; askStream hands on what arrived together as one piece.
    const sent = await wireChunks(service(), 'homes for rent in Portland', askPath);
    expect(sent.length).toBeGreaterThan(10);
    expect(Math.max(...sent.map((chunk) => chunk.length))).toBeLessThanOrEqual(12);
    expect(sent.join('')).toBe(final.Answer);
    expect(chunks.join('')).toBe(final.Answer);
    expect(final.Answer).toContain('Portland');
    expect(final.AnswerID).toBeGreaterThan(final.QuestionID);
    expect(final.TotalToken).toBe(5 + final.Answer.split(/\s+/).filter(Boolean).length);
  });

  it('streams a scripted answer chunk for chunk, multi-byte characters intact', async () => {
    const { chunks, final } = await streamFrom(service(), SCRIPT_TRIGGER, askPath);
    expect(await wireChunks(service(), SCRIPT_TRIGGER, askPath)).toEqual(SCRIPTED);
    expect(chunks.join('')).toBe(SCRIPTED.join(''));
    expect(final.Answer).toBe(SCRIPTED.join(''));
  });

  it('gives the same answer as the JSON ask', async () => {
    const { final } = await streamFrom(service(), '2 bedroom condo for sale in Miami', askPath);
    const { client, sessionID } = await visitor(service());
    expect((await client.ask({ sessionID, content: '2 bedroom condo for sale in Miami' })).content).toBe(final.Answer);
  });
});

/** The raw bytes of a streamed answer. */
async function wire(service: TestService, query = ''): Promise<{ contentType: string; text: string }> {
  const { sessionID } = await visitor(service);
  const response = await fetch(`${service.url}/chat/Chat/ClientAsk${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', Authorization: service.secretKey },
    body: JSON.stringify({ sessionID, content: SCRIPT_TRIGGER, stream: true }),
  });
  return { contentType: response.headers.get('content-type') ?? '', text: await response.text() };
}

describe('on the wire', () => {
  it('SSE: text/event-stream, `data:` events, a heartbeat first and every 100 chunks, the final object last', async () => {
    const { contentType, text } = await wire(sse);
    expect(contentType).toMatch(/^text\/event-stream/);
    const events = text.split('\n\n').filter(Boolean);
    expect(events[0]).toBe(': heartbeat');
    expect(events.filter((event) => event === ': heartbeat')).toHaveLength(3);
    const data = events.filter((event) => event.startsWith('data: ')).map((event) => JSON.parse(event.slice(6)) as Record<string, unknown>);
    expect(data.slice(0, -1)).toEqual(SCRIPTED.map((content) => ({ content })));
    expect(data.at(-1)).toEqual({ QuestionID: expect.any(Number), AnswerID: expect.any(Number), Answer: SCRIPTED.join(''), TotalToken: expect.any(Number) });
  });

  it('JSON lines: one object per line, no SSE prefixes, the final object last', async () => {
    const { contentType, text } = await wire(sse, '?framing=jsonl');
    expect(contentType).toMatch(/^text\/event-stream/);
    const lines = text.split('\n').filter(Boolean);
    expect(lines.every((line) => line.startsWith('{'))).toBe(true);
    const objects = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(objects.slice(0, -1)).toEqual(SCRIPTED.map((content) => ({ content })));
    expect(objects.at(-1)).toMatchObject({ Answer: SCRIPTED.join('') });
  });

  it('refuses an unknown framing with a business error', async () => {
    const { text } = await wire(sse, '?framing=xml');
    expect(JSON.parse(text)).toMatchObject({ Success: false, Code: 400, Message: expect.stringContaining('framing') });
  });
});

describe('stream refusals and disconnects', () => {
  it('answers a refused stream request with an envelope the client reports as a business error', async () => {
    const admin = adminClient(sse);
    await admin.edit({ serialNumber: sse.serialNumber, RateLimitCount: 1, RateLimitTime: 3600, RateLimitMessage: 'One per hour.' });
    try {
      // A visitor of its own: the other tests' questions from 127.0.0.1 are in the window of that address.
      const { client, sessionID } = await visitor(sse, fromAddress('192.0.2.40'));
      await client.askStream({ sessionID, content: 'hi' }, {});
      const error = await expectBusiness(client.askStream({ sessionID, content: 'hi' }, {}), 429, 'One per hour.');
      expect(error.partialText ?? '').toBe('');
    } finally {
      await admin.edit({ serialNumber: sse.serialNumber, RateLimitCount: 0, RateLimitTime: 0 });
    }
  });

  it('stops writing when the client goes away', async () => {
    const writes: number[] = [];
    let finished: Promise<void> | undefined;
    const server = createServer((_req, res) => {
      const write = res.write.bind(res);
      res.write = ((...args: Parameters<typeof write>) => {
        writes.push(Date.now());
        return write(...args);
      }) as typeof res.write;
      finished = writeAnswerStream(res, {
        chunks: Array.from({ length: 1000 }, (_, index) => `c${index} `),
        final: { QuestionID: 1, AnswerID: 2, Answer: '', TotalToken: 0 },
        framing: 'sse',
        delayMs: 5,
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      await new Promise<void>((resolve) => {
        const request = httpRequest({ host: '127.0.0.1', port, method: 'POST' });
        request.on('response', (response) => {
          let events = 0;
          response.on('data', () => {
            events += 1;
            if (events === 3) {
              request.destroy();
              resolve();
            }
          });
        });
        request.on('error', () => resolve());
        request.end();
      });
      await finished;
      expect(writes.length).toBeGreaterThan(2);
      expect(writes.length).toBeLessThan(1000);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('lets the client abort a stream, and keeps serving others', async () => {
    const slow = await startTestService({ streamDelayMs: 20, scriptedAnswer: () => SCRIPTED });
    try {
      const { client, sessionID } = await visitor(slow);
      const controller = new AbortController();
      const received: string[] = [];
      const aborted = failure(
        client.askStream({ sessionID, content: 'x' }, { onChunk: (chunk) => {
          received.push(chunk);
          if (received.length === 3) controller.abort();
        } }, { signal: controller.signal }),
      );
      expect((await aborted).kind).toBe('aborted');
      expect(received.length).toBeLessThan(SCRIPTED.length);
      expect((await adminClient(slow).modelList()).length).toBeGreaterThan(0);
    } finally {
      await slow.close();
    }
  });
});
