import type { JSX } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { useTexts } from '../strings.js';
import { createMarkdownView, type MarkdownView } from './dom.js';

/**
 * Renders markdown `text` as elements. Preact owns only the container; its children are built and updated by
 * createMarkdownView (dom.ts), which parses only the appended text while an answer streams (`live`). Filled in a
 * layout effect, so the text is in place before the same frame paints and before the message list measures it.
 */
export function Markdown(props: { text: string; live?: boolean }): JSX.Element {
  const container = useRef<HTMLDivElement>(null);
  const view = useRef<MarkdownView | null>(null);
  // The widget's words in the answer (a link's "(opens in a new tab)", the names of code blocks and tables): mount()'s
  // texts, which never change.
  const texts = useTexts();
  useLayoutEffect(() => {
    if (container.current === null) return;
    view.current ??= createMarkdownView(container.current, texts);
    view.current.show(props.text, props.live);
  }, [props.text, props.live]);
  return <div class="cw-md" ref={container} />;
}
