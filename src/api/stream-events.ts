/**
 * The SSE events of a streamed answer, read from the merger's text (stream-merge.ts) as
 * @microsoft/fetch-event-source 2.0.1 read them from its UTF-8 when askStream used it (its getLines and getMessages), without
 * the fields askStream never read (id, retry). Lines end at CR, LF or CRLF, and the CRLF may be cut between two
 * reads. An empty line dispatches the event. A line sets a field only when a colon follows at least one character
 * (a line without a colon is ignored, as the library did); one space after the colon is skipped. The library
 * decoded each field name and value on its own, which drops a byte order mark at the start of either: so does
 * this. test/api/stream-events.test.ts reads the same text through both and expects the same events.
 */

export interface StreamEvent {
  data: string;
  /** The SSE event name, '' when none. */
  event: string;
}

const LINE_END = /\r\n?|\n/;
const withoutByteOrderMark = (text: string): string => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/** Returns the function to call with each read; it calls `onEvent` with every event that read completes. */
export function createEventReader(onEvent: (event: StreamEvent) => void): (text: string) => void {
  let event: StreamEvent = { data: '', event: '' };
  /** The start of a line whose end has not arrived yet. */
  let pending = '';
  /** The last read ended with a CR: an LF that starts the next one ends the same line. */
  let afterCarriageReturn = false;

  return (text) => {
    if (text === '') return;
    if (afterCarriageReturn && text[0] === '\n') text = text.slice(1);
    afterCarriageReturn = text.endsWith('\r');
    const lines = (pending + text).split(LINE_END);
    pending = lines.pop()!;
    for (const line of lines) {
      if (line === '') {
        onEvent(event);
        event = { data: '', event: '' };
        continue;
      }
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      const field = withoutByteOrderMark(line.slice(0, colon));
      const value = withoutByteOrderMark(line.slice(colon + (line[colon + 1] === ' ' ? 2 : 1)));
      // An empty data line before another adds no line break (the library's `data ? data + '\n' + value : value`).
      if (field === 'data') event.data = event.data ? `${event.data}\n${value}` : value;
      else if (field === 'event') event.event = value;
    }
  };
}
