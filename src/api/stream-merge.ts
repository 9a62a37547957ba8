/**
 * Merges the runs of plain text events that reach the page in one read into one event, between the framing
 * normaliser and @microsoft/fetch-event-source. A long answer streamed fast arrives in a few large reads of
 * thousands of tiny events, and the SSE parser's cost per event (a loop over every byte, two TextDecoder calls
 * and a message object per line, then our callback) was most of the page's work on a 10,000-chunk answer: after
 * the network's last byte the page was still parsing the last read (issue 6). Here a read costs one decode, one
 * indexOf and one JSON.parse per event, one encode, and the parser sees one event.
 *
 * An event is merged only when it is certainly plain text: it starts where an event starts, it is the single line
 * `data:<json>` closed by an empty line in the same read, and interpretEvent reads its JSON as a text chunk. The
 * merged event is `data: {"content":<the texts joined>}`, which interpretEvent reads as the same text. Everything
 * else passes through unchanged and in order. Streams with CR line ends are left alone from their first CR on:
 * whether a CR and the LF after it are one line end can depend on the previous read.
 */
import { interpretEvent } from './stream-framing';

const LF = 0x0a;
const SPACE = 0x20;
const DATA_FIELD = 'data:';

const PLAIN_OPEN = '{"content":"';
const PLAIN_CLOSE = '"}';
/** A JSON string body that needs no parsing: no quote, backslash or control character. */
const VERBATIM_BODY = /^[^"\\\u0000-\u001f]*$/;

/**
 * The text of the single-line event `data:<json>` at text[start, lineEnd) as the body of a JSON string, or
 * undefined if the event is anything but plain text. The service's own shape, `{"content":"..."}` with nothing to
 * unescape, is taken as it is; any other is read by interpretEvent.
 */
function plainBody(text: string, start: number, lineEnd: number): string | undefined {
  let valueStart = start + DATA_FIELD.length;
  if (text.charCodeAt(valueStart) === SPACE) valueStart++;
  const bodyStart = valueStart + PLAIN_OPEN.length;
  const bodyEnd = lineEnd - PLAIN_CLOSE.length;
  if (bodyEnd >= bodyStart && text.startsWith(PLAIN_OPEN, valueStart) && text.startsWith(PLAIN_CLOSE, bodyEnd)) {
    const body = text.slice(bodyStart, bodyEnd);
    if (VERBATIM_BODY.test(body)) return body;
  }
  const item = interpretEvent(text.slice(valueStart, lineEnd), '');
  return item.type === 'chunk' ? JSON.stringify(item.content).slice(1, -1) : undefined;
}

/** A transform for the normaliser's output, whose every chunk holds whole lines (see the module comment). */
export function createTextEventMerger(): TransformStream<Uint8Array, Uint8Array> {
  // ignoreBOM: a U+FEFF that starts a later read is text, and must go on as it came.
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const encoder = new TextEncoder();
  let atEventStart = true;
  let sawCarriageReturn = false;

  function merge(chunk: Uint8Array): Uint8Array {
    if (sawCarriageReturn) return chunk;
    const text = decoder.decode(chunk);
    if (text.includes('\r')) {
      sawCarriageReturn = true;
      return chunk;
    }
    const parts: string[] = [];
    let copiedUpTo = 0;
    let run: string[] = [];
    let runStart = 0;
    const closeRun = (end: number): void => {
      // A run of one stays as it came: nothing to gain.
      if (run.length > 1) {
        parts.push(text.slice(copiedUpTo, runStart), `data: ${PLAIN_OPEN}${run.join('')}${PLAIN_CLOSE}\n\n`);
        copiedUpTo = end;
      }
      run = [];
    };
    let index = 0;
    while (index < text.length) {
      let lineEnd = text.indexOf('\n', index);
      if (lineEnd < 0) lineEnd = text.length;
      const content =
        atEventStart && text.charCodeAt(lineEnd + 1) === LF && text.startsWith(DATA_FIELD, index)
          ? plainBody(text, index, lineEnd)
          : undefined;
      if (content !== undefined) {
        if (run.length === 0) runStart = index;
        run.push(content);
        // Past the event's empty line: the next line starts an event again.
        index = lineEnd + 2;
        continue;
      }
      closeRun(index);
      atEventStart = lineEnd === index;
      index = lineEnd + 1;
    }
    closeRun(text.length);
    if (parts.length === 0) return chunk;
    parts.push(text.slice(copiedUpTo));
    return encoder.encode(parts.join(''));
  }

  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      controller.enqueue(merge(chunk));
    },
  });
}
