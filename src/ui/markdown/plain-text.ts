/**
 * An answer's markdown as plain words, for the live region: parsed by the same parser the panel renders with, so
 * "**nine**" is heard as "nine", a link as its text, an image as its alt text; one line per block, ordered list
 * items keep their numbers. Pure, no DOM (reading the rendered text instead forces a layout, and is stale when the
 * final text has not been rendered yet).
 */
import { plainText as inlineText } from './inline.js';
import { createIncrementalParser, type Block } from './parse.js';

export interface PlainText {
  /** At most `limit` characters; cut at a word boundary when `cut`. */
  readonly text: string;
  /** True when the answer goes on after `text`. */
  readonly cut: boolean;
}

function blockLines(block: Block, lines: string[]): void {
  switch (block.type) {
    case 'paragraph':
    case 'heading':
      lines.push(inlineText(block.children));
      break;
    case 'code':
      lines.push(block.text);
      break;
    case 'quote':
      for (const child of block.blocks) blockLines(child, lines);
      break;
    case 'list':
      block.items.forEach((item, index) => {
        const first = lines.length;
        for (const child of item) blockLines(child, lines);
        if (block.ordered && lines.length > first) lines[first] = `${block.start + index}. ${lines[first]}`;
      });
      break;
    case 'table':
      for (const row of [block.head, ...block.rows]) lines.push(row.map(inlineText).filter(Boolean).join(', '));
      break;
    case 'rule':
      break;
  }
}

/** The first `limit` characters of `text`, ending at a word boundary unless one word fills most of them. */
function cutAtWord(text: string, limit: number): string {
  const head = text.slice(0, limit + 1);
  // The last white space, found from the end: a regex like /\s\S*$/ retries from every space (quadratic).
  let space = head.length - 1;
  while (space >= 0 && !/\s/.test(head.charAt(space))) space--;
  let end = space > limit / 2 ? space : limit;
  // Never split a surrogate pair (an emoji) in two.
  if (/[\uD800-\uDBFF]/.test(head.charAt(end - 1))) end -= 1;
  return head.slice(0, end).trimEnd();
}

/**
 * The plain text of `markdown`, at most `limit` characters. Closed blocks never change as text is added, so the
 * answer is parsed in growing prefixes until its closed blocks alone say enough: a long answer costs about `limit`
 * characters of parsing, not its length (one long block at most about twice its length). `live`: an answer cut off,
 * read as the panel shows it (unfinished syntax at its end is not words).
 */
export function markdownToPlainText(markdown: string, limit: number, live?: boolean): PlainText {
  const parser = createIncrementalParser();
  const lines: string[] = [];
  let length = 0;
  let used = 0;
  for (let end = Math.max(limit, 256) * 4; ; end *= 2) {
    parser.append(markdown.slice(parser.length, end), live);
    const complete = parser.length === markdown.length;
    const final = complete ? parser.blocks.length : parser.closedCount;
    for (; used < final && length <= limit; used++) {
      const block: string[] = [];
      blockLines(parser.blocks[used]!, block);
      for (const line of block) {
        const words = line.trim();
        if (words === '') continue;
        length += (lines.length > 0 ? 1 : 0) + words.length;
        lines.push(words);
      }
    }
    if (length > limit || complete) break;
  }
  const text = lines.join('\n');
  return text.length <= limit ? { text, cut: false } : { text: cutAtWord(text, limit), cut: true };
}
