/**
 * The wire framing of a streamed ClientAsk answer is undocumented (service-notes.md), so every plausible one is
 * accepted: SSE (`data:` lines, `event:`/`id:` lines, `:` comments, CR, LF or CRLF, multi-line data) and bare JSON
 * objects one per line, with or without a `[DONE]` sentinel. One pass reads it all: the caller decodes the bytes
 * with a streaming TextDecoder (which keeps a character cut between two network chunks whole, and drops a byte
 * order mark), this module splits the text into events and reads the JSON of each.
 */
import { isRecord } from './envelope';

/** Receives each event's data; `last` is true for the event the end of the stream closed. */
export type EventHandler = (data: string, last: boolean) => void;

export interface EventReader {
  /** The next piece of decoded text, cut anywhere. */
  push(text: string): void;
  /** The stream ended: an unterminated last line and event still count (marked `last`). */
  end(): void;
}

const LINE_END = /[\r\n]/g;
/** A line that is a bare JSON object, or a bare [DONE], rather than an SSE field line. */
const BARE_DATA = /^[ \t]*(?=\{|\[DONE\][ \t]*$)/;

export function createEventReader(onEvent: EventHandler): EventReader {
  let partialLine = '';
  let skipLineFeed = false;
  let data: string[] = [];

  function dispatch(last: boolean): void {
    const eventData = data.join('\n');
    data = [];
    if (eventData !== '' || last) onEvent(eventData, last);
  }

  function readLine(line: string, last: boolean): void {
    const bare = BARE_DATA.exec(line);
    if (bare) {
      data.push(line.slice(bare[0].length));
      // A bare line is a whole event; at the very end it waits for end() to be closed as the last one.
      if (!last) dispatch(false);
    } else if (line === '') dispatch(false);
    else if (line[0] !== ':') {
      const colon = line.indexOf(':');
      // Only data matters: event names, ids and retry hints change nothing for a one-shot answer.
      if ((colon < 0 ? line : line.slice(0, colon)) === 'data') {
        data.push(colon < 0 ? '' : line.slice(colon + (line[colon + 1] === ' ' ? 2 : 1)));
      }
    }
  }

  return {
    push(text) {
      let start = 0;
      if (skipLineFeed && text !== '') {
        skipLineFeed = false;
        if (text[0] === '\n') start = 1;
      }
      LINE_END.lastIndex = start;
      for (let match = LINE_END.exec(text); match !== null; match = LINE_END.exec(text)) {
        const end = match.index;
        readLine(partialLine + text.slice(start, end), false);
        partialLine = '';
        start = end + 1;
        if (text[end] === '\r') {
          if (start === text.length) skipLineFeed = true;
          else if (text[start] === '\n') start++;
        }
        LINE_END.lastIndex = start;
      }
      // Kept as a string: V8 joins repeated appends lazily, so a long line in tiny pieces stays linear.
      partialLine += text.slice(start);
    },
    end() {
      if (partialLine !== '') readLine(partialLine, true);
      partialLine = '';
      dispatch(true);
    },
  };
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

/** Reads the data of one event; `last` marks the event the end of the stream closed. */
export function interpretEvent(data: string, last: boolean): StreamItem {
  const text = data.trim();
  if (text === '') return { type: 'ignore' };
  if (text === '[DONE]') return { type: 'done' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // The last event of a stream cut mid-object: the answer was interrupted, the data was not bad.
    return last ? { type: 'ignore' } : { type: 'malformed', reason: 'an event is not JSON' };
  }
  return interpretObject(value, false);
}
