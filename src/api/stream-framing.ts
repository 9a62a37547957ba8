import { envelopeFailure, isNumber, isRecord } from './envelope.js';
import type { StreamFinal } from './types.js';

/**
 * The wire framing of a streamed ClientAsk answer is undocumented (service-notes.md), so every plausible one is
 * accepted. The SSE reader (stream-events.ts) parses SSE (`data:`, `event:`, `id:` lines, `:` comments, CR, LF or
 * CRLF, multi-line data); the normaliser below turns what it does not read into SSE first, and interpretEvent reads the
 * JSON of each event.
 *
 * The normaliser decodes the bytes as a stream (a character cut between two network reads is joined, never
 * broken) and hands on whole lines only, as text, so the parser never has a partial line to join with the next
 * read. It rewrites only what SSE cannot say: a bare JSON line (or a bare
 * [DONE]) becomes a whole `data:` event, a leading byte order mark is dropped, and the end of the stream closes
 * the last event. SSE lines and their line ends (CR, LF, CRLF) pass through untouched.
 */

/** Private event name that marks the last event of a stream: a parse failure there is a cut, not bad data. */
export const END_OF_STREAM_EVENT = 'chatbot-widget-end-of-stream';

const STREAM_END = `event: ${END_OF_STREAM_EVENT}\n\n`;
/** A bare JSON object line or a bare [DONE]; the match is the blanks before its data. */
const BARE_LINE = /^[ \t]*(?=\{|\[DONE\][ \t]*$)/;
/** A line that rewrite() may change starts with one of these: a text none of whose lines do has nothing to rewrite. */
const REWRITABLE_LINE = /(?:^|\n)[{[ \t]/;

/**
 * A line (without its line end) as it goes out: a bare line becomes a `data:` line, plus the empty line that
 * ends its event when `closeEvent`; any other line is returned as it is.
 */
function rewrite(line: string, closeEvent: boolean): string {
  // An SSE line (data:, event:, a comment...) is ruled out by its first character, without the regex.
  const first = line.charCodeAt(0);
  if (first !== 0x7b && first !== 0x5b && first !== 0x20 && first !== 0x09) return line;
  const bare = BARE_LINE.exec(line);
  if (bare === null) return line;
  return `data: ${line.slice(bare[0].length)}${closeEvent ? '\n' : ''}`;
}

/**
 * A transform from the response's bytes to text made of whole SSE lines (see the module comment). `heard` is
 * called on every read, heartbeats included.
 */
export function createFramingNormalizer(heard?: () => void): TransformStream<Uint8Array, string> {
  // A streaming TextDecoder drops a byte order mark at the very start of the stream (even split over reads) and
  // keeps any later U+FEFF.
  const decoder = new TextDecoder();
  // The start of a line whose end has not arrived yet.
  let pending = '';

  return new TransformStream<Uint8Array, string>({
    transform(chunk, controller) {
      heard?.();
      const piece = decoder.decode(chunk, { stream: true });
      // `pending` holds no line end, so only the new piece is searched: a long line (the final object repeats the
      // whole answer) spread over many reads is not searched and copied again on each of them.
      let cr = piece.indexOf('\r');
      let lf = piece.indexOf('\n');
      if (cr < 0 && lf < 0) {
        pending += piece;
        return;
      }
      const text = pending + piece;
      if (cr >= 0) cr += pending.length;
      if (lf >= 0) lf += pending.length;
      const output: string[] = [];
      // Text from `unchanged` up to `lineStart` is whole lines, line ends included, that go out as they came.
      let unchanged = 0;
      let lineStart = 0;
      // SSE lines only, the service's shape: all go on as they came, found by two native searches instead of the
      // loop over each line (a fast stream's read holds thousands; this is on the way to the answer's last word).
      if (cr < 0 && !REWRITABLE_LINE.test(text)) {
        lineStart = text.lastIndexOf('\n') + 1;
        lf = -1;
      }
      while (cr >= 0 || lf >= 0) {
        const end = lf < 0 || (cr >= 0 && cr < lf) ? cr : lf;
        // The LF of a CRLF is read here as an empty line of its own: it passes through and SSE reads it as CRLF.
        const line = text.slice(lineStart, end);
        const rewritten = rewrite(line, true);
        if (rewritten !== line) {
          output.push(text.slice(unchanged, lineStart), rewritten, text.charAt(end));
          unchanged = end + 1;
        }
        lineStart = end + 1;
        if (end === cr) cr = text.indexOf('\r', lineStart);
        else lf = text.indexOf('\n', lineStart);
      }
      pending = text.slice(lineStart);
      output.push(text.slice(unchanged, lineStart));
      const whole = output.join('');
      if (whole !== '') controller.enqueue(whole);
    },
    flush(controller) {
      const last = pending + decoder.decode();
      pending = '';
      // An unterminated last line stays in the last event (a bare one is not closed on its own); the end closes
      // that event (the SSE reader dispatches only on an empty line) and names it the last.
      controller.enqueue(`${last === '' ? '' : `${rewrite(last, false)}\n`}${STREAM_END}`);
    },
  });
}

/**
 * What one event of the stream means. A final object keeps its wire names; its Answer is left out when it had none
 * (the text streamed is the answer then), its content when it brought no more text.
 */
export type StreamItem =
  | { type: 'ignore' }
  | { type: 'chunk'; content: string }
  | ({ type: 'final'; content?: string } & Omit<StreamFinal, 'Answer'> & Partial<Pick<StreamFinal, 'Answer'>>)
  | { type: 'failure'; code?: number; message?: string }
  | { type: 'malformed'; reason: string };

function toCount(value: unknown): number {
  if (isNumber(value)) return value;
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
    if (!value.Success) return { type: 'failure', ...envelopeFailure(value) };
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
      ...(typeof value.Answer === 'string' ? { Answer: value.Answer } : {}),
      QuestionID: toCount(value.QuestionID),
      AnswerID: toCount(value.AnswerID),
      TotalToken: toCount(value.TotalToken),
      ...(typeof value.TaskCompleted === 'boolean' ? { TaskCompleted: value.TaskCompleted } : {}),
    };
  }
  return typeof content === 'string' ? { type: 'chunk', content } : { type: 'ignore' };
}

/** Reads the data of one event. `event` is the SSE event name ('' when none). */
export function interpretEvent(data: string, event: string): StreamItem {
  const text = data.trim();
  if (text === '') return { type: 'ignore' };
  // The [DONE] sentinel ends the answer like a final object that tells nothing more.
  if (text === '[DONE]') return { type: 'final', QuestionID: 0, AnswerID: 0, TotalToken: 0 };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // The last event of a stream cut mid-object: the answer was interrupted, the data was not bad.
    return event === END_OF_STREAM_EVENT ? { type: 'ignore' } : { type: 'malformed', reason: 'an event is not JSON' };
  }
  return interpretObject(value, false);
}
