/**
 * The normaliser in front of the SSE reader (src/api/stream-framing.ts): the text it hands the SSE
 * parser. SSE lines go on as they came; a bare JSON line becomes a whole `data:` event; only whole lines are
 * handed on, so the parser never joins a partial line with the next chunk; the end closes and names the last event.
 * (What askStream makes of all this is in stream-framing.test.ts.)
 */
import { describe, expect, test } from 'vitest';
import { END_OF_STREAM_EVENT, createFramingNormalizer } from '../../src/api/stream-framing';
import { bytes, oneByteChunks } from '../helpers/fake-fetch';

const END = `event: ${END_OF_STREAM_EVENT}\n\n`;

/** Every piece of text the normaliser hands on, in order, for these input chunks. */
async function normalize(chunks: readonly Uint8Array[]): Promise<string[]> {
  const normalizer = createFramingNormalizer();
  const reader = normalizer.readable.getReader();
  const handedOn: string[] = [];
  const reading = (async () => {
    for (let read = await reader.read(); !read.done; read = await reader.read()) handedOn.push(read.value);
  })();
  const writer = normalizer.writable.getWriter();
  for (const chunk of chunks) await writer.write(chunk);
  await writer.close();
  await reading;
  return handedOn;
}

const text = (pieces: readonly string[]): string[] => [...pieces];

describe('createFramingNormalizer', () => {
  test('a chunk of whole SSE lines goes on unchanged (CR, LF, CRLF, comments, fields)', async () => {
    const sse = ': ping\r\nevent: message\nid: 7\rdata: {"content":"héllo"}\r\n\r\n';
    expect(await normalize([bytes(sse)])).toEqual([sse, END]);
  });

  test('a character cut between two reads is joined whole', async () => {
    const wire = bytes('data: {"content":"👋 é"}\n\n');
    const cut = wire.indexOf(0xf0) + 2;
    expect((await normalize([wire.subarray(0, cut), wire.subarray(cut)])).join('')).toBe(`data: {"content":"👋 é"}\n\n${END}`);
  });

  test('a bare JSON line or bare [DONE] becomes a whole data event; SSE lines around it are kept', async () => {
    const handedOn = await normalize([bytes('data: {"content":"a"}\n\n  {"content":"b"}\r\n: ping\n[DONE] \r')]);
    expect(text(handedOn)).toEqual([
      'data: {"content":"a"}\n\ndata: {"content":"b"}\n\r\n: ping\ndata: [DONE] \n\r',
      END,
    ]);
  });

  test('a JSON value that is not an object on its own line is left to the SSE parser', async () => {
    expect(text(await normalize([bytes('[1,2]\n"text"\n')]))).toEqual(['[1,2]\n"text"\n', END]);
  });

  test('only whole lines are handed on: a long line cut into one-byte chunks goes on once, when it ends', async () => {
    const line = `data: ${JSON.stringify({ content: 'é👋 '.repeat(1_000) })}\n`;
    expect(text(await normalize(oneByteChunks(bytes(`${line}\n`))))).toEqual([line, '\n', END]);
  });

  test('a line cut across chunks is joined once, the CR of a CRLF in one chunk and the LF in the next', async () => {
    const handedOn = await normalize([bytes('data: {"con'), bytes('tent":"a"}\r'), bytes('\n\r\n{"content":'), bytes('"b"}\n')]);
    expect(text(handedOn)).toEqual(['data: {"content":"a"}\r', '\n\r\n', 'data: {"content":"b"}\n\n', END]);
  });

  test('a leading byte order mark is dropped, so a bare first line is still recognised', async () => {
    const handedOn = await normalize([Uint8Array.of(0xef), Uint8Array.of(0xbb, 0xbf), bytes('{"content":"a"}\n')]);
    expect(text(handedOn)).toEqual(['data: {"content":"a"}\n\n', END]);
  });

  test('the end keeps an unterminated last line in the last event and names that event', async () => {
    expect(text(await normalize([bytes('data: {"content":"a"}\n\ndata: {"Answ')]))).toEqual([
      'data: {"content":"a"}\n\n',
      `data: {"Answ\n${END}`,
    ]);
    expect(text(await normalize([bytes('{"content":"a"}\n{"Answ')]))).toEqual([
      'data: {"content":"a"}\n\n',
      `data: {"Answ\n${END}`,
    ]);
    expect(text(await normalize([]))).toEqual([END]);
  });
});
