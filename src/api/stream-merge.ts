/**
 * Merges the runs of plain text events that reach the page in one read into one event, between the framing
 * normaliser and the SSE reader (stream-events.ts). A long answer streamed fast arrives in a few large reads of
 * thousands of tiny events, and the SSE parser's cost per event (@microsoft/fetch-event-source's then: a loop over
 * every byte, two TextDecoder calls and a message object per line, then our callback) was most of the page's work
 * on a 10,000-chunk answer: after the network's last byte the page was still parsing the last read (issue 6).
 * Here the service's own events are taken by one regular expression per run (PLAIN_RUN), any other costs one
 * indexOf and one JSON.parse, and the parser sees one event per run.
 *
 * An event is merged only when it is certainly plain text: it starts where an event starts, it is the single line
 * `data:<json>` closed by an empty line in the same read, and interpretEvent reads its JSON as a text chunk. The
 * merged event is `data: {"content":<the texts joined>}`, which interpretEvent reads as the same text. Everything
 * else passes through unchanged and in order. Streams with CR line ends are left alone from their first CR on:
 * whether a CR and the LF after it are one line end can depend on the previous read.
 *
 * The final object repeats the whole answer (Answer), the biggest event of the stream, parsed last, when the
 * answer should already be on screen. When every event so far was read here and its Answer is exactly the text
 * streamed, it goes on without Answer: askStream then takes the text it streamed, which is the same.
 */
import { interpretEvent, type StreamItem } from './stream-framing.js';

const LF = 0x0a;
const SPACE = 0x20;
const COLON = 0x3a;
const DATA_FIELD = 'data:';

/**
 * A run of the service's own plain events, `data: {"content":"<body>"}` each closed by its empty line, matched by
 * the regex engine in one go: a fast stream's read holds thousands, and the loop's work per event is slow in code
 * not yet optimised (a visitor's first long answer). A body is verbatim text or the escapes JSON.stringify writes
 * for a line break, a quote and a backslash (a paragraph break is `\n\n`), so the bodies joined are the JSON string
 * body of the texts joined, as `streamed` keeps them.
 */
const PLAIN_RUN = /(?:data: ?\{"content":"[^"\\\u0000-\u001f]*(?:\\[n"\\][^"\\\u0000-\u001f]*)*"\}\n\n)+/y;
/**
 * The framing around each body of a PLAIN_RUN: removing it leaves the bodies joined. No body holds it: a body's
 * quotes are escaped and it has no line break.
 */
const PLAIN_FRAMING = /data: ?\{"content":"|"\}\n\n/g;

const jsonBody = (text: string): string => JSON.stringify(text).slice(1, -1);

/**
 * What the single-line event `data:<json>` at text[start, lineEnd) says: its text as the body of a JSON string
 * when it is plain text, otherwise interpretEvent's reading. (The service's own shape seldom gets here: PLAIN_RUN
 * takes it, but for an event whose empty line is in the next read.)
 */
function readDataLine(text: string, start: number, lineEnd: number): string | StreamItem {
  let valueStart = start + DATA_FIELD.length;
  if (text.charCodeAt(valueStart) === SPACE) valueStart++;
  const item = interpretEvent(text.slice(valueStart, lineEnd), '');
  return item.type === 'chunk' ? jsonBody(item.content) : item;
}

/** The final event without its Answer (askStream falls back to the text it streamed). */
function finalWithoutAnswer(item: Extract<StreamItem, { type: 'final' }>): string {
  const { type, Answer, ...fields } = item;
  return `data: ${JSON.stringify(fields)}\n\n`;
}

/**
 * A transform for the normaliser's output, whose every piece is whole lines of text (see the module comment), to
 * the text the SSE reader reads.
 */
export function createTextEventMerger(): TransformStream<string, string> {
  let atEventStart = true;
  let sawCarriageReturn = false;
  /** The text of every event so far, as JSON string bodies, while every event so far was read here. */
  let streamed: string | null = '';
  /** A plain text event whose closing empty line has not arrived yet (the read ended after its data line). */
  let unclosed: string | null = null;

  /** Keeps `streamed` for a line that is not part of a run; null once an event may have said text unread. */
  function follow(line: string | StreamItem | undefined, isEmpty: boolean, isComment: boolean, endsRead: boolean): void {
    if (streamed === null) return;
    if (unclosed !== null) {
      streamed = isEmpty ? streamed + unclosed : null;
      unclosed = null;
      return;
    }
    if (isEmpty || isComment) return;
    if (typeof line === 'string' && endsRead) unclosed = line;
    else if (line === undefined || typeof line === 'string' || line.type !== 'ignore') streamed = null;
  }

  function merge(text: string): string {
    if (sawCarriageReturn) return text;
    if (text.includes('\r')) {
      sawCarriageReturn = true;
      return text;
    }
    const parts: string[] = [];
    let copiedUpTo = 0;
    let run: string[] = [];
    let runEvents = 0;
    let runStart = 0;
    const closeRun = (end: number): void => {
      if (run.length === 0) return;
      const joined = run.join('');
      if (streamed !== null) streamed += joined;
      // A run of one stays as it came: nothing to gain.
      if (runEvents > 1) {
        parts.push(text.slice(copiedUpTo, runStart), `data: {"content":"${joined}"}\n\n`);
        copiedUpTo = end;
      }
      run = [];
      runEvents = 0;
    };
    let index = 0;
    while (index < text.length) {
      PLAIN_RUN.lastIndex = index;
      const plain = atEventStart && unclosed === null ? PLAIN_RUN.exec(text)?.[0] : undefined;
      if (plain !== undefined) {
        if (run.length === 0) runStart = index;
        run.push(plain.replace(PLAIN_FRAMING, ''));
        // One event or more: its first empty line ends it, or another follows.
        runEvents += plain.indexOf('\n\n') + 2 < plain.length ? 2 : 1;
        index += plain.length;
        continue;
      }
      let lineEnd = text.indexOf('\n', index);
      if (lineEnd < 0) lineEnd = text.length;
      const closed = text.charCodeAt(lineEnd + 1) === LF;
      const line = atEventStart && unclosed === null && text.startsWith(DATA_FIELD, index) ? readDataLine(text, index, lineEnd) : undefined;
      if (closed && typeof line === 'string') {
        if (run.length === 0) runStart = index;
        run.push(line);
        runEvents++;
        // Past the event's empty line: the next line starts an event again.
        index = lineEnd + 2;
        continue;
      }
      closeRun(index);
      if (closed && typeof line === 'object' && line.type === 'final' && line.Answer !== undefined && streamed !== null) {
        if (jsonBody(line.Answer) === streamed + (line.content === undefined ? '' : jsonBody(line.content))) {
          parts.push(text.slice(copiedUpTo, index), finalWithoutAnswer(line));
          copiedUpTo = lineEnd + 2;
        }
      }
      follow(line, lineEnd === index, text.charCodeAt(index) === COLON, lineEnd + 1 >= text.length);
      atEventStart = lineEnd === index;
      index = lineEnd + 1;
    }
    closeRun(text.length);
    if (parts.length === 0) return text;
    parts.push(text.slice(copiedUpTo));
    return parts.join('');
  }

  return new TransformStream<string, string>({
    transform(text, controller) {
      controller.enqueue(merge(text));
    },
  });
}
