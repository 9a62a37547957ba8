/**
 * The SSE event reader (src/api/stream-events.ts) against @microsoft/fetch-event-source 2.0.1's own line and
 * message parsers, which askStream used before: the same text, cut into the same reads, must give the same events
 * (data and event name; askStream reads nothing else). The reader takes the merger's text, the library took it
 * encoded, read by read. Hand-picked edge cases, then random streams made of the pieces that matter (CR, LF, CRLF
 * cut between reads, colons, spaces, byte order marks, fields with and without values, lines without a colon,
 * text outside ASCII).
 */
import { getLines, getMessages } from '@microsoft/fetch-event-source/lib/esm/parse.js';
import { describe, expect, test } from 'vitest';
import { createEventReader, type StreamEvent } from '../../src/api/stream-events';

const encoder = new TextEncoder();

function libraryEvents(reads: readonly string[]): StreamEvent[] {
  const events: StreamEvent[] = [];
  const onChunk = getLines(
    getMessages(
      () => undefined,
      () => undefined,
      (message) => events.push({ data: message.data, event: message.event }),
    ),
  );
  for (const read of reads) onChunk(encoder.encode(read));
  return events;
}

function readerEvents(reads: readonly string[]): StreamEvent[] {
  const events: StreamEvent[] = [];
  const read = createEventReader((event) => events.push({ ...event }));
  for (const text of reads) read(text);
  return events;
}

/** `text` cut at the given positions, counted in code points (the merger never cuts a character). */
function cut(text: string, positions: readonly number[]): string[] {
  const characters = [...text];
  const reads: string[] = [];
  let start = 0;
  for (const position of [...positions].sort((a, b) => a - b)) {
    if (position <= start || position >= characters.length) continue;
    reads.push(characters.slice(start, position).join(''));
    start = position;
  }
  reads.push(characters.slice(start).join(''));
  return reads;
}

function expectSame(text: string, positions: readonly number[] = []): void {
  const reads = cut(text, positions);
  expect(readerEvents(reads)).toEqual(libraryEvents(reads));
}

describe('createEventReader reads events as fetch-event-source did', () => {
  const cases: Record<string, string> = {
    'data events, LF': 'data: {"content":"a"}\n\ndata: {"content":"b"}\n\n',
    'CRLF and CR line ends': 'data: a\r\n\r\ndata: b\r\rdata: c\n\r\n',
    'multi-line data, event names, comments, id and retry': ': hi\nevent: message\nid: 7\nretry: 100\ndata: a\ndata: b\n\n',
    'no space, two spaces, empty values': 'data:a\n\ndata:  b\n\ndata:\ndata: c\n\ndata:\n\nevent:\n\n',
    'lines without a colon are ignored': 'data\n\nevent\ndata: x\n\n',
    'a colon first is a comment': ':data: x\n\n',
    'unknown fields': 'foo: bar\ndata: x\nDATA: y\n\n',
    'byte order marks at field and value starts': '\uFEFFdata: \uFEFFx\n\nevent:\uFEFFend\ndata: y\uFEFF\n\n',
    'text outside ASCII': 'data: {"content":"héllo 👋 世界"}\n\n',
    'an unfinished event at the end is not dispatched': 'data: a\n\ndata: b\n',
    'an unfinished line at the end is not read': 'data: a\n\ndata: b',
    'empty data line before another adds no line break': 'data:\ndata: x\ndata:\ndata: y\n\n',
  };
  for (const [name, text] of Object.entries(cases)) {
    test(`${name}, whole and cut everywhere`, () => {
      expectSame(text);
      const length = [...text].length;
      for (let position = 1; position < length; position++) expectSame(text, [position]);
      expectSame(text, Array.from({ length }, (_, index) => index));
    });
  }

  test('a CR at the end of one read and the LF at the start of the next end one line', () => {
    expectSame('data: a\r\n\r\ndata: b\r\n\r\n', [8, 9, 10]);
    const events = readerEvents(cut('data: a\r\n\r\n', [8]));
    expect(events).toEqual([{ data: 'a', event: '' }]);
  });

  test('empty reads change nothing', () => {
    const reads = ['data: a\r', '', '\n\r\n'];
    expect(readerEvents(reads)).toEqual(libraryEvents(reads));
  });

  test('random streams, cut at random places', () => {
    // A small linear congruential generator: the same streams on every run.
    let seed = 20261121;
    const random = (below: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % below;
    };
    const pieces = ['data', 'event', 'id', 'retry', 'x', ':', ': ', '  ', ' ', '\n', '\r', '\r\n', '\n\n', '\uFEFF', 'é', '👋', '{"content":"a"}', '12'];
    for (let round = 0; round < 2000; round++) {
      let text = '';
      for (let count = random(40); count > 0; count--) text += pieces[random(pieces.length)];
      const length = [...text].length;
      const positions = Array.from({ length: random(6) }, () => random(length + 1));
      expectSame(text, positions);
    }
  });
});
