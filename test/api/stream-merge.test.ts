/**
 * The merger between the framing normaliser and the SSE reader (src/api/stream-merge.ts): runs of plain text
 * events that arrive in one read become one event saying the same text; everything else goes on unchanged and in
 * order. (askStream over every framing, cut everywhere, is in stream-framing.test.ts.)
 */
import { describe, expect, test } from 'vitest';
import { createTextEventMerger } from '../../src/api/stream-merge';
import { interpretEvent } from '../../src/api/stream-framing';

async function merge(reads: readonly string[]): Promise<string[]> {
  const merger = createTextEventMerger();
  const writer = merger.writable.getWriter();
  const reader = merger.readable.getReader();
  const out: string[] = [];
  const reading = (async () => {
    for (let read = await reader.read(); !read.done; read = await reader.read()) out.push(read.value);
  })();
  for (const text of reads) await writer.write(text);
  await writer.close();
  await reading;
  return out;
}

const event = (content: string): string => `data: ${JSON.stringify({ content })}\n\n`;

/** The text the events of `wire` say, read the way askStream reads them (SSE `data:` events, one per blank line). */
function spokenText(wire: string): string {
  return wire
    .split('\n\n')
    .filter((block) => block.startsWith('data:'))
    .map((block) => interpretEvent(block.replace(/^data: ?/, ''), ''))
    .map((item) => (item.type === 'chunk' ? item.content : `<${item.type}>`))
    .join('');
}

describe('createTextEventMerger', () => {
  test('a run of plain text events in one read becomes one event with the texts joined', async () => {
    const wire = ['Hel', 'lo, ', 'wörld 👋', '\n\n'].map(event).join('');
    const [merged] = await merge([wire]);
    expect(merged).toBe(event('Hello, wörld 👋\n\n'));
    expect(spokenText(merged!)).toBe(spokenText(wire));
  });

  test('texts with escapes, and other JSON shapes of a text chunk, say the same text merged', async () => {
    const wire =
      event('say "hi"\\') +
      'data:{"content":"\\u00e9t\\u00e9\\n"}\n\n' +
      `data: ${JSON.stringify({ Success: true, Code: 200, Data: { content: 'wrapped' } })}\n\n` +
      `data: ${JSON.stringify({ content: ' flagged', TaskCompleted: false })}\n\n`;
    const [merged] = await merge([wire]);
    expect(merged!.match(/\n\n/g)).toHaveLength(1);
    expect(spokenText(merged!)).toBe('say "hi"\\été\nwrapped flagged');
  });

  test('anything that is not certainly plain text goes on unchanged, in order, and splits the runs', async () => {
    const final = `data: ${JSON.stringify({ content: '', QuestionID: 1, AnswerID: 2, Answer: 'ab', TotalToken: 3 })}\n\n`;
    const wire =
      event('a') +
      ': heartbeat\n\n' +
      'event: message\ndata: {"content":"x"}\n\n' +
      'id: 7\ndata: {"content":"y"}\n\n' +
      'data: {"content":\ndata: "multi"}\n\n' +
      'data: {"content":"raw \u0001 control"}\n\n' +
      'data: not json\n\n' +
      event('b') +
      event('c') +
      final +
      'data: [DONE]\n\n';
    const [merged] = await merge([wire]);
    expect(merged).toBe(wire.replace(event('b') + event('c'), event('bc')));
  });

  test('a single plain event, and one whose closing empty line is in the next read, go on as they came', async () => {
    const reads = [event('one'), event('two') + 'data: {"content":"three"}\n', '\n' + event('four') + event('five')];
    expect(await merge(reads)).toEqual([event('one'), reads[1], '\n' + event('fourfive')]);
  });

  test('an event only starts after an empty line: a data line that continues an event is not taken', async () => {
    const reads = ['event: message\n', event('joined to the named event') + event('a') + event('b')];
    expect(await merge(reads)).toEqual(['event: message\n', event('joined to the named event') + event('ab')]);
  });

  test('the escapes the service writes (line break, quote, backslash) merge as they came, wherever a read is cut', async () => {
    const texts = ['A "quoted" ', 'word\\', '\n\n', 'next \\"', ' paragraph', '\n', 'end'];
    const wire = texts.map(event).join('');
    expect(await merge([wire])).toEqual([event(texts.join(''))]);
    for (let cut = 1; cut < wire.length; cut++) {
      const merged = await merge([wire.slice(0, cut), wire.slice(cut)]);
      expect(spokenText(merged.join('')), `cut at ${cut}`).toBe(texts.join(''));
      expect(merged.join('').match(/\n\n/g)!.length, `cut at ${cut}`).toBeLessThanOrEqual(3);
    }
  });

  test('a stream with CR line ends is left alone from its first CR on', async () => {
    const reads = [event('a') + event('b'), 'data: {"content":"c"}\r\n\r\n', event('d') + event('e')];
    expect(await merge(reads)).toEqual([event('ab'), reads[1], reads[2]]);
  });

  test('a byte order mark at the start of a later read is kept', async () => {
    const reads = [event('a'), '\uFEFF: odd but kept\n\n' + event('b') + event('c')];
    expect(await merge(reads)).toEqual([event('a'), '\uFEFF: odd but kept\n\n' + event('bc')]);
  });
});

describe('the final object', () => {
  const final = (fields: Record<string, unknown>): string => `data: ${JSON.stringify(fields)}\n\n`;
  const ids = { QuestionID: 1, AnswerID: 2, TotalToken: 7 };

  test('goes on without its Answer when the Answer is exactly the text streamed before it', async () => {
    const wire = event('Hé') + event('llo "you"') + final({ content: '!', ...ids, Answer: 'Hello "you"!'.replace('e', 'é') });
    expect(await merge([wire])).toEqual([event('Héllo "you"') + final({ content: '!', ...ids })]);
  });

  test('the same across reads, a comment and an event whose empty line comes in the next read', async () => {
    const reads = [event('a') + ': ping\n\ndata: {"content":"b"}\n', '\n' + event('c'), final({ ...ids, Answer: 'abc', TaskCompleted: true })];
    expect(await merge(reads)).toEqual([reads[0], reads[1], final({ ...ids, TaskCompleted: true })]);
  });

  test('keeps its Answer when it differs from the text streamed', async () => {
    const wire = event('a') + event('b') + final({ ...ids, Answer: 'a different answer' });
    expect(await merge([wire])).toEqual([event('ab') + final({ ...ids, Answer: 'a different answer' })]);
  });

  test('keeps its Answer once an event it did not read could have said text', async () => {
    for (const unread of ['event: message\ndata: {"content":"b"}\n\n', 'data: {"content":\ndata: "b"}\n\n', 'id: 1\n\n']) {
      const wire = event('a') + unread + final({ ...ids, Answer: 'ab' });
      const [merged] = await merge([wire]);
      expect(merged, unread).toContain('"Answer":"ab"');
    }
    const reads = [event('a') + 'data: {"content":"b"}\n', 'data: more of the same event\n\n' + final({ ...ids, Answer: 'ab' })];
    expect((await merge(reads)).join('')).toContain('"Answer":"ab"');
  });
});
