import type { JSX } from 'preact';
import { Markdown } from './markdown/Markdown.js';

/**
 * A message's words: answers (and the welcome) are markdown, `live` while the answer streams; the visitor's text
 * and notices are plain, line breaks kept by CSS.
 */
export function MessageText({ text, markdown, live }: { text: string; markdown: boolean; live?: boolean }): JSX.Element {
  return markdown ? <Markdown text={text} live={live} /> : <p class="cw-msg__text">{text}</p>;
}
