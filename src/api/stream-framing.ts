/**
 * The wire framing of a streamed ClientAsk answer is undocumented (service-notes.md), so every plausible one is
 * accepted. @microsoft/fetch-event-source parses SSE (`data:`, `event:`, `id:` lines, `:` comments, CR, LF or CRLF,
 * multi-line data); the normaliser below turns what it does not read into SSE first, and interpretEvent reads the
 * JSON of each event.
 *
 * The normaliser works on bytes, never on decoded text: line ends (CR, LF) are single bytes that never occur
 * inside a multi-byte UTF-8 sequence, so splitting there cannot corrupt a character however the network cuts the
 * chunks; fetch-event-source decodes each complete line. It rewrites only what SSE cannot say: a bare JSON line
 * (or a bare [DONE]) becomes a whole `data:` event, a leading byte order mark is dropped, and the end of the
 * stream closes the last event. SSE lines pass through untouched, and only complete lines are handed on, so the
 * parser never has a partial line to join with the next chunk.
 */
import { isRecord } from './envelope';

/** Private event name that marks the last event of a stream: a parse failure there is a cut, not bad data. */
export const END_OF_STREAM_EVENT = 'chatbot-widget-end-of-stream';

const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;
const OPEN_BRACE = 0x7b;
const encoder = new TextEncoder();
const DATA_PREFIX = encoder.encode('data: ');
const LINE_END = encoder.encode('\n');
const STREAM_END = encoder.encode(`event: ${END_OF_STREAM_EVENT}\n\n`);
const DONE = encoder.encode('[DONE]');
const BYTE_ORDER_MARK = [0xef, 0xbb, 0xbf] as const;

function concat(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const joined = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

function startsWith(bytes: Uint8Array, prefix: ArrayLike<number>, at = 0): boolean {
  if (bytes.length - at < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[at + i] !== prefix[i]) return false;
  return true;
}

/** Skips spaces and tabs in bytes[at, end). */
function skipBlanks(bytes: Uint8Array, at: number, end: number): number {
  while (at < end && (bytes[at] === SPACE || bytes[at] === TAB)) at++;
  return at;
}

/**
 * Where the data of a bare JSON object line (or a bare [DONE]) in bytes[start, end) starts; -1 for an SSE line.
 * Reads the bytes in place: it runs for every line of every answer, and a view per line was most of the
 * normaliser's cost (and garbage) on long answers.
 */
function bareDataStart(bytes: Uint8Array, start: number, end: number): number {
  const first = skipBlanks(bytes, start, end);
  if (first === end) return -1;
  if (bytes[first] === OPEN_BRACE) return first;
  if (end - first >= DONE.length && startsWith(bytes, DONE, first)) {
    if (skipBlanks(bytes, first + DONE.length, end) === end) return first;
  }
  return -1;
}

/**
 * A byte stream transform that makes any accepted framing SSE (see the module comment). Each output chunk holds
 * whole lines only; a chunk of SSE lines is handed on as it came, without a copy.
 */
export function createFramingNormalizer(): TransformStream<Uint8Array, Uint8Array> {
  // The start of a line whose end has not arrived yet, as copied pieces: joined once, when the line ends, so a
  // long line in tiny chunks costs linear time.
  let pending: Uint8Array[] = [];
  let firstLine = true;

  /**
   * The line as it goes out, without its own line end, or undefined when it passes through unchanged. A bare
   * line becomes a `data:` line plus, when `closeEvent`, the empty line that ends its event.
   */
  function rewrite(line: Uint8Array, carried: boolean, closeEvent: boolean): Uint8Array[] | undefined {
    let rewritten = carried;
    if (firstLine) {
      firstLine = false;
      if (startsWith(line, BYTE_ORDER_MARK)) {
        line = line.subarray(BYTE_ORDER_MARK.length);
        rewritten = true;
      }
    }
    const bare = bareDataStart(line, 0, line.length);
    if (bare >= 0) return closeEvent ? [DATA_PREFIX, line.subarray(bare), LINE_END] : [DATA_PREFIX, line.subarray(bare)];
    return rewritten ? [line] : undefined;
  }

  /** rewrite() for chunk[start, end) that makes no view of an ordinary SSE line (the common case). */
  function rewriteInChunk(chunk: Uint8Array, start: number, end: number): Uint8Array[] | undefined {
    if (pending.length > 0 || firstLine) {
      const carried = pending.length > 0;
      const tail = chunk.subarray(start, end);
      const line = carried ? concat([...pending, tail]) : tail;
      pending = [];
      return rewrite(line, carried, true);
    }
    const bare = bareDataStart(chunk, start, end);
    return bare < 0 ? undefined : [DATA_PREFIX, chunk.subarray(bare, end), LINE_END];
  }

  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      const output: Uint8Array[] = [];
      // Bytes from `unchanged` up to `lineStart` are whole lines, line ends included, that go out as they came.
      let unchanged = 0;
      let lineStart = 0;
      let cr = chunk.indexOf(CR);
      let lf = chunk.indexOf(LF);
      while (cr >= 0 || lf >= 0) {
        const end = lf < 0 || (cr >= 0 && cr < lf) ? cr : lf;
        // The LF of a CRLF is read here as an empty line of its own: it passes through and SSE reads it as CRLF.
        const line = rewriteInChunk(chunk, lineStart, end);
        if (line) {
          output.push(chunk.subarray(unchanged, lineStart), ...line, chunk.subarray(end, end + 1));
          unchanged = end + 1;
        }
        lineStart = end + 1;
        if (end === cr) cr = chunk.indexOf(CR, lineStart);
        else lf = chunk.indexOf(LF, lineStart);
      }
      // Copied, not kept as a view: a view would hold on to the whole chunk.
      if (lineStart < chunk.length) pending.push(chunk.slice(lineStart));
      const whole = chunk.subarray(unchanged, lineStart);
      if (output.length > 0) controller.enqueue(concat([...output, whole]));
      else if (whole.length > 0) controller.enqueue(whole);
    },
    flush(controller) {
      const output: Uint8Array[] = [];
      // An unterminated last line stays in the last event (a bare one is not closed on its own).
      if (pending.length > 0) output.push(...rewrite(concat(pending), true, false)!, LINE_END);
      pending = [];
      // Closes the last event (fetch-event-source dispatches only on an empty line) and names it the last.
      output.push(STREAM_END);
      controller.enqueue(concat(output));
    },
  });
}

/** What one event of the stream means. */
export type StreamItem =
  | { type: 'ignore' }
  | { type: 'chunk'; content: string }
  | { type: 'final'; content?: string; answer?: string; questionId: number; answerId: number; totalToken: number; taskCompleted?: boolean }
  | { type: 'done' }
  | { type: 'failure'; code?: number; message?: string }
  | { type: 'malformed'; reason: string };

function toCount(value: unknown): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return 0;
}

function isFinalObject(value: Record<string, unknown>): boolean {
  if (typeof value.TaskCompleted === 'boolean') return value.TaskCompleted;
  return 'Answer' in value || 'TotalToken' in value || ('AnswerID' in value && !('content' in value));
}

function interpretObject(value: unknown, insideEnvelope: boolean): StreamItem {
  if (!isRecord(value)) return { type: 'malformed', reason: 'an event is not a JSON object' };
  if (!insideEnvelope && typeof value.Success === 'boolean' && ('Code' in value || 'Message' in value || 'Data' in value)) {
    if (!value.Success) {
      const code = typeof value.Code === 'number' ? value.Code : undefined;
      const message = typeof value.Message === 'string' && value.Message.trim() !== '' ? value.Message.trim() : undefined;
      return { type: 'failure', ...(code === undefined ? {} : { code }), ...(message === undefined ? {} : { message }) };
    }
    return isRecord(value.Data) ? interpretObject(value.Data, true) : { type: 'ignore' };
  }
  const content = value.content;
  if (content !== undefined && content !== null && typeof content !== 'string') {
    return { type: 'malformed', reason: 'content is not a string' };
  }
  if (isFinalObject(value)) {
    return {
      type: 'final',
      ...(typeof content === 'string' && content !== '' ? { content } : {}),
      ...(typeof value.Answer === 'string' ? { answer: value.Answer } : {}),
      questionId: toCount(value.QuestionID),
      answerId: toCount(value.AnswerID),
      totalToken: toCount(value.TotalToken),
      ...(typeof value.TaskCompleted === 'boolean' ? { taskCompleted: value.TaskCompleted } : {}),
    };
  }
  return typeof content === 'string' ? { type: 'chunk', content } : { type: 'ignore' };
}

/** Reads the data of one event. `event` is the SSE event name ('' when none). */
export function interpretEvent(data: string, event: string): StreamItem {
  const text = data.trim();
  if (text === '') return { type: 'ignore' };
  if (text === '[DONE]') return { type: 'done' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // The last event of a stream cut mid-object: the answer was interrupted, the data was not bad.
    return event === END_OF_STREAM_EVENT ? { type: 'ignore' } : { type: 'malformed', reason: 'an event is not JSON' };
  }
  return interpretObject(value, false);
}
