import type { JSX } from 'preact';
import { Markdown } from './markdown/Markdown';

/** A message's words: answers (and the welcome) are markdown; the visitor's text and notices are plain, line breaks kept by CSS. */
export function MessageText({ text, markdown }: { text: string; markdown: boolean }): JSX.Element {
  return markdown ? <Markdown text={text} /> : <p class="cw-msg__text">{text}</p>;
}
