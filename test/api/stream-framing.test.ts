/**
 * askStream against recorded byte streams of every framing service-notes.md lists, each fed cut at every byte
 * position and one byte at a time: the chunks and the final record must come out the same every time.
 */
import { describe, expect, test } from 'vitest';
import { createClient, type StreamFinal } from '../../src/api';
import { bytes, createFakeFetch, oneByteChunks, splitAt, streamResponse } from '../helpers/fake-fetch';

const TEXT = 'héllo 👋 世界';
const FINAL = { QuestionID: 11, AnswerID: 12, Answer: TEXT, TotalToken: 7 };
const finalJson = JSON.stringify(FINAL);

interface Recording {
  name: string;
  wire: string;
  contentType?: string;
  expected: StreamFinal;
}

const recordings: Recording[] = [
  {
    name: 'SSE with LF, heartbeats, event and id lines',
    wire:
      ': heartbeat\n\n' +
      'data: {"content":"héllo "}\n\n' +
      'event: message\nid: 1\ndata: {"content":"👋 "}\n\n' +
      ':ping\n' +
      'data: {"content":"世界"}\n\n' +
      `data: ${finalJson}\n\n`,
    expected: FINAL,
  },
  {
    name: 'SSE with CRLF, multi-line data and a [DONE] sentinel after the final object',
    wire:
      ':heartbeat\r\n\r\n' +
      'data: {"content":\r\ndata: "héllo 👋 "}\r\n\r\n' +
      'data:{"content":"世界"}\r\n\r\n' +
      `data: ${finalJson}\r\n\r\n` +
      'data: [DONE]\r\n\r\n',
    expected: FINAL,
  },
  {
    name: 'SSE with bare CR line ends',
    wire: 'data: {"content":"héllo 👋 "}\r\rdata: {"content":"世界"}\r\r' + `data: ${finalJson}\r\r`,
    expected: FINAL,
  },
  {
    name: 'bare JSON objects one per line (LF)',
    contentType: 'application/x-ndjson',
    wire: `{"content":"héllo "}\n{"content":"👋 世界"}\n${finalJson}\n`,
    expected: FINAL,
  },
  {
    name: 'bare JSON lines with CRLF and no line end after the final object',
    contentType: 'text/plain; charset=utf-8',
    wire: `{"content":"héllo 👋 "}\r\n\r\n{"content":"世界"}\r\n${finalJson}`,
    expected: FINAL,
  },
  {
    name: 'bare JSON lines with a byte order mark and bare CR line ends',
    contentType: 'application/x-ndjson',
    wire: `\uFEFF{"content":"héllo "}\r{"content":"👋 世界"}\r${finalJson}\r`,
    expected: FINAL,
  },
  {
    name: 'SSE whose final event has no blank line before the stream ends',
    wire: `\uFEFFdata: {"content":"${TEXT}"}\n\ndata: ${finalJson}\n`,
    expected: FINAL,
  },
  {
    name: 'TaskCompleted variant: the end is marked by a flag, the answer is the accumulated text',
    wire:
      'data: {"content":"héllo 👋 ","TaskCompleted":false,"QuestionID":3,"AnswerID":4}\n\n' +
      'data: {"content":"世界","TaskCompleted":true,"QuestionID":3,"AnswerID":4,"TotalToken":5}\n\n',
    expected: { QuestionID: 3, AnswerID: 4, Answer: TEXT, TotalToken: 5, TaskCompleted: true },
  },
  {
    name: 'a [DONE] sentinel without a final object',
    wire: 'data: {"content":"héllo 👋"}\n\ndata: {"content":" 世界"}\n\ndata: [DONE]\n\n',
    expected: { QuestionID: 0, AnswerID: 0, Answer: TEXT, TotalToken: 0 },
  },
  {
    name: 'bare JSON lines ending with a bare [DONE]',
    wire: '{"content":"héllo 👋 世界"}\n[DONE]\n',
    expected: { QuestionID: 0, AnswerID: 0, Answer: TEXT, TotalToken: 0 },
  },
  {
    name: 'a final object inside a success envelope',
    wire: `data: {"content":"héllo 👋 世界"}\n\ndata: ${JSON.stringify({ Success: true, Code: 200, Message: '', Version: '1.0.0', Data: FINAL })}\n\n`,
    expected: FINAL,
  },
];

async function play(recording: Recording, chunks: Uint8Array[]): Promise<{ final: StreamFinal; pieces: string[]; texts: string[] }> {
  const fake = createFakeFetch((request) =>
    streamResponse({ chunks, contentType: recording.contentType, signal: request.signal }),
  );
  const client = createClient({ baseUrl: 'https://chat.example', fetch: fake.fetch });
  const pieces: string[] = [];
  const texts: string[] = [];
  const final = await client.askStream({ sessionID: 1, content: 'hi' }, {
    onChunk: (piece, text) => {
      pieces.push(piece);
      texts.push(text);
    },
  });
  expect(fake.requests).toHaveLength(1);
  return { final, pieces, texts };
}

describe.each(recordings)('$name', (recording) => {
  const wire = bytes(recording.wire);

  test('decodes the whole recording in one chunk', async () => {
    const { final, pieces, texts } = await play(recording, [wire]);
    expect(final).toEqual(recording.expected);
    expect(pieces.join('')).toBe(TEXT);
    expect(texts.at(-1)).toBe(TEXT);
    expect(pieces.length).toBeGreaterThan(0);
  });

  test('decodes the same when cut at every byte position', async () => {
    for (let position = 1; position < wire.length; position++) {
      const { final, pieces } = await play(recording, splitAt(wire, position));
      expect({ position, final, text: pieces.join('') }).toEqual({ position, final: recording.expected, text: TEXT });
    }
  });

  test('decodes the same one byte at a time', async () => {
    const { final, pieces } = await play(recording, oneByteChunks(wire));
    expect(final).toEqual(recording.expected);
    expect(pieces.join('')).toBe(TEXT);
  });
});

describe.each([
  ['SSE', 'data: {"content":"héllo "}\n\ndata: {"content":"👋"}\n\ndata: {"QuestionID":11,"Answ'],
  ['bare JSON lines', '{"content":"héllo "}\n{"content":"👋"}\n{"QuestionID":11,"Answ'],
])('a stream that ends without its final object (%s)', (_framing, recording) => {
  const wire = bytes(recording);

  test('is interrupted and keeps the text received so far, at every cut', async () => {
    for (let position = 1; position <= wire.length; position++) {
      const fake = createFakeFetch((request) => streamResponse({ chunks: splitAt(wire, position), signal: request.signal }));
      const client = createClient({ baseUrl: 'https://chat.example', fetch: fake.fetch });
      const outcome = await client.askStream({ sessionID: 1, content: 'hi' }, {}).then(
        () => 'resolved',
        (error: unknown) => error,
      );
      expect(outcome).toMatchObject({ kind: 'interrupted', partialText: 'héllo 👋' });
      expect(fake.requests).toHaveLength(1);
    }
  });

  test('one byte at a time too', async () => {
    const fake = createFakeFetch((request) => streamResponse({ chunks: oneByteChunks(wire), signal: request.signal }));
    const client = createClient({ baseUrl: 'https://chat.example', fetch: fake.fetch });
    await expect(client.askStream({ sessionID: 1, content: 'hi' }, {})).rejects.toMatchObject({
      name: 'ServiceError',
      kind: 'interrupted',
      partialText: 'héllo 👋',
      message: 'The answer was interrupted before it was complete.',
    });
  });
});

test('a long answer that arrives in one read reaches onChunk as a few merged pieces with exactly its text', async () => {
  const chunks = Array.from({ length: 2_000 }, (_, n) => (n % 40 === 39 ? `w${n}é\n\n` : `w${n} "q"`));
  const answer = chunks.join('');
  const final = { QuestionID: 1, AnswerID: 2, Answer: answer, TotalToken: 9 };
  const wire = chunks.map((content) => `data: ${JSON.stringify({ content })}\n\n`).join('') + `data: ${JSON.stringify(final)}\n\n`;
  const { final: received, pieces } = await play({ name: 'long', wire, expected: final }, [bytes(wire)]);
  expect(received).toEqual(final);
  expect(pieces.join('')).toBe(answer);
  expect(pieces.length).toBeLessThan(10);
});
