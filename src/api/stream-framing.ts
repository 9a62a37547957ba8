/**
 * The wire framing of a streamed ClientAsk answer is undocumented (service-notes.md), so every plausible one is
 * accepted. fetch-event-source parses SSE; this module makes everything else look like SSE first, and then reads
 * the JSON of each event.
 *
 * The normaliser works on bytes, never on decoded text: line ends (CR, LF) are single bytes that never occur
 * inside a multi-byte UTF-8 sequence, so splitting there cannot corrupt a character however the network cuts
 * the chunks. Decoding happens later, one complete line at a time, inside fetch-event-source.
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
const NEWLINE = encoder.encode('\n');
const EVENT_END = encoder.encode('\n\n');
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

/** A line that is a bare JSON object (or a bare [DONE]) rather than an SSE field line. */
function bareDataStart(line: Uint8Array): number {
  let first = 0;
  while (first < line.length && (line[first] === SPACE || line[first] === TAB)) first++;
  if (line[first] === OPEN_BRACE) return first;
  if (startsWith(line, DONE, first)) {
    let rest = first + DONE.length;
    while (rest < line.length && (line[rest] === SPACE || line[rest] === TAB)) rest++;
    if (rest === line.length) return first;
  }
  return -1;
}

/**
 * A byte stream transform: every line becomes an LF-terminated SSE line; a bare JSON line becomes a whole
 * `data:` event; a leading byte order mark is dropped; at the end, an unterminated last line is kept and the
 * last event is closed with the END_OF_STREAM_EVENT name so it is dispatched at all.
 */
export function createFramingNormalizer(): TransformStream<Uint8Array, Uint8Array> {
  // The start of a line whose end has not arrived yet, as copied pieces: joined once, when the line ends, so a
  // long line in tiny chunks costs linear time.
  let pending: Uint8Array[] = [];
  let skipLineFeed = false;
  let firstLine = true;

  function pushLine(line: Uint8Array, output: Uint8Array[], closeBareEvent: boolean): void {
    if (firstLine) {
      firstLine = false;
      if (startsWith(line, BYTE_ORDER_MARK)) line = line.subarray(BYTE_ORDER_MARK.length);
    }
    const bare = bareDataStart(line);
    if (bare < 0) {
      output.push(line, NEWLINE);
    } else {
      output.push(DATA_PREFIX, line.subarray(bare), closeBareEvent ? EVENT_END : NEWLINE);
    }
  }

  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      const output: Uint8Array[] = [];
      let lineStart = 0;
      for (let i = 0; i < chunk.length; i++) {
        const byte = chunk[i];
        if (skipLineFeed) {
          skipLineFeed = false;
          if (byte === LF) {
            lineStart = i + 1;
            continue;
          }
        }
        if (byte !== LF && byte !== CR) continue;
        const tail = chunk.subarray(lineStart, i);
        pushLine(pending.length > 0 ? concat([...pending, tail]) : tail, output, true);
        pending = [];
        skipLineFeed = byte === CR;
        lineStart = i + 1;
      }
      // Copied, not kept as a view: the producer may reuse its buffer for the next chunk.
      if (lineStart < chunk.length) pending.push(chunk.slice(lineStart));
      if (output.length > 0) controller.enqueue(concat(output));
    },
    flush(controller) {
      const output: Uint8Array[] = [];
      if (pending.length > 0) pushLine(concat(pending), output, false);
      pending = [];
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
