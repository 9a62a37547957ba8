/**
 * Inline markdown: emphasis, strike, code spans, links, images, autolinks and line breaks, parsed in one pass with
 * a delimiter stack. Unclosed syntax stays literal text, so a half-streamed `**bold` or `[text](htt` reads as
 * what was typed. Unsafe link and image targets never reach the tree.
 */

export type Inline =
  | string
  | { readonly type: 'em' | 'strong' | 'del'; readonly children: readonly Inline[] }
  | { readonly type: 'code'; readonly text: string }
  | { readonly type: 'link'; readonly href: string; readonly children: readonly Inline[] }
  | { readonly type: 'image'; readonly src: string; readonly alt: string }
  | { readonly type: 'break' };

/** An opener waiting for its closer. `match` is the delimiter character it pairs with ('' once disabled). */
interface Frame {
  readonly delim: string;
  match: string;
  readonly nodes: Inline[];
}

/** Deeper openers are kept as text: bounds the tree depth, so rendering never recurses deeply. */
const MAX_NESTING = 12;
/** A link destination longer than this is not one: keeps a flood of unclosed `](` linear. */
const MAX_DESTINATION = 2048;
const BREAK: Inline = { type: 'break' };
const ESCAPABLE = /[!-/:-@[-`{-~]/;
const WORD_CHAR = /[\p{L}\p{N}]/u;
const SPACE = /\s/;
const URL_START = /^https?:\/\/[^\s<>`]+/i;

export const isSafeHref = (url: string): boolean => /^(?:https?:\/\/|mailto:)/i.test(url);
export const isSafeImage = (url: string): boolean => /^https?:\/\//i.test(url);

export function parseInline(source: string): Inline[] {
  const root: Frame = { delim: '', match: '', nodes: [] };
  const stack: Frame[] = [root];
  const openCount: Record<string, number> = {};
  const backtickRunsWithoutCloser = new Set<number>();
  const length = source.length;
  let textStart = 0;
  let i = 0;

  const top = (): Frame => stack[stack.length - 1]!;
  const add = (node: Inline, frame = top()): void => {
    const nodes = frame.nodes;
    const last = nodes[nodes.length - 1];
    if (typeof node !== 'string') nodes.push(node);
    else if (typeof last === 'string') nodes[nodes.length - 1] = last + node;
    else if (node) nodes.push(node);
  };
  const flush = (end: number): void => add(source.slice(textStart, end));
  const push = (delim: string): void => {
    const match = delim[delim.length - 1]!;
    stack.push({ delim, match, nodes: [] });
    openCount[match] = (openCount[match] ?? 0) + 1;
  };
  /** Pops every frame above `depth`, turning each back into its literal delimiter plus contents. */
  const unwindTo = (depth: number): void => {
    while (stack.length > depth) {
      const frame = stack.pop()!;
      if (frame.match) openCount[frame.match]!--;
      add(frame.delim);
      for (const node of frame.nodes) add(node);
    }
  };
  const findOpener = (match: string): number => {
    if (!openCount[match]) return -1;
    let depth = stack.length - 1;
    while (stack[depth]!.match !== match) depth--;
    return depth;
  };
  /** Unwinds down to the opener at `depth` and pops it. */
  const takeOpener = (depth: number): Frame => {
    unwindTo(depth + 1);
    const frame = stack.pop()!;
    openCount[frame.match]!--;
    return frame;
  };

  while (i < length) {
    const char = source[i]!;
    const next = source[i + 1] ?? '';
    let end = i;

    if (char === '\\' && (next === '\n' || ESCAPABLE.test(next))) {
      flush(i);
      textStart = i + 1; // an escaped character starts the next plain run
      i += next === '\n' ? 1 : 2;
      continue;
    }
    if (char === '\n') {
      add(source.slice(textStart, i).replace(/[ \t]+$/, ''));
      add(BREAK);
      i++;
      while (source[i] === ' ' || source[i] === '\t') i++;
      textStart = i;
      continue;
    }
    if (char === '`') {
      while (source[end] === '`') end++;
      const run = end - i;
      const close = backtickRunsWithoutCloser.has(run) ? -1 : findBacktickRun(source, end, run);
      if (close < 0) {
        backtickRunsWithoutCloser.add(run);
        i = end;
        continue;
      }
      flush(i);
      let code = source.slice(end, close).replace(/\n/g, ' ');
      if (code.length > 2 && code[0] === ' ' && code[code.length - 1] === ' ' && code.trim()) code = code.slice(1, -1);
      add({ type: 'code', text: code });
      i = textStart = close + run;
      continue;
    }
    if (char === '*' || char === '_' || char === '~') {
      while (source[end] === char) end++;
      let run = end - i;
      const before = source[i - 1] ?? ' ';
      const after = source[end] ?? ' ';
      let canOpen = !SPACE.test(after);
      let canClose = !SPACE.test(before);
      if (char === '_') {
        canOpen &&= !WORD_CHAR.test(before);
        canClose &&= !WORD_CHAR.test(after);
      }
      if (char === '~' && run !== 2) canOpen = canClose = false;
      flush(i);
      textStart = i = end;
      while (run > 0 && canClose) {
        const depth = findOpener(char);
        // A run ending the text may still be growing: "**bold*" must not flash as "*<em>bold</em>".
        if (depth < 0 || (end === length && run < stack[depth]!.delim.length)) break;
        const opener = takeOpener(depth);
        const used = Math.min(run, opener.delim.length);
        // A longer opener keeps its unused character open, as CommonMark does: **a *b* c* nests.
        if (opener.delim.length > used) push(char);
        add({ type: char === '~' ? 'del' : used === 2 ? 'strong' : 'em', children: opener.nodes });
        run -= used;
      }
      if (run > 3) add(char.repeat(run - 3));
      if (run > 0 && canOpen && stack.length < MAX_NESTING) {
        if (char === '~') push('~~');
        else {
          if (run !== 2) push(char);
          if (run > 1) push(char + char);
        }
      } else if (run > 0) add(char.repeat(Math.min(run, 3)));
      continue;
    }
    if ((char === '[' || (char === '!' && next === '[')) && stack.length < MAX_NESTING) {
      flush(i);
      const delim = char === '!' ? '![' : '[';
      push(delim);
      i = textStart = i + delim.length;
      continue;
    }
    if (char === ']') {
      const depth = findOpener('[');
      const destination = depth > 0 && next === '(' ? readDestination(source, i + 2) : undefined;
      if (!destination) {
        i++;
        continue;
      }
      flush(i);
      const opener = takeOpener(depth);
      const { url, end: after } = destination;
      if (opener.delim === '![') add(isSafeImage(url) ? { type: 'image', src: url, alt: plainText(opener.nodes) } : plainText(opener.nodes));
      else if (isSafeHref(url)) {
        add({ type: 'link', href: url, children: opener.nodes });
        // Links do not nest: outer brackets can no longer become links.
        for (const frame of stack) if (frame.delim === '[') frame.match = '';
        openCount['['] = stack.filter((frame) => frame.match === '[').length;
      } else for (const node of opener.nodes) add(node);
      i = textStart = after;
      continue;
    }
    if ((char === 'h' || char === 'H') && /^http/i.test(source.slice(i, i + 4)) && !openCount['[']) {
      const match = WORD_CHAR.test(source[i - 1] ?? ' ') ? null : URL_START.exec(source.slice(i, i + MAX_DESTINATION));
      const url = match && trimUrl(match[0]);
      if (url && /\/\/./.test(url)) {
        flush(i);
        add({ type: 'link', href: url, children: [url] });
        i = textStart = i + url.length;
        continue;
      }
    }
    i++;
  }
  flush(length);
  unwindTo(1);
  return root.nodes;
}

/** Index of the next run of exactly `run` backticks at or after `from`, or -1. */
function findBacktickRun(source: string, from: number, run: number): number {
  for (let start = source.indexOf('`', from); start >= 0; start = source.indexOf('`', start)) {
    let end = start;
    while (source[end] === '`') end++;
    if (end - start === run) return start;
    start = end;
  }
  return -1;
}

/** Reads `url "title")` after a link's `](`; undefined while it is incomplete or malformed. */
function readDestination(source: string, from: number): { url: string; end: number } | undefined {
  const limit = Math.min(source.length, from + MAX_DESTINATION);
  let i = from;
  const skipSpaces = (): void => {
    while (i < limit && (source[i] === ' ' || source[i] === '\t')) i++;
  };
  skipSpaces();
  const start = i;
  let depth = 0;
  // Stopping at the next "](" keeps a flood of unfinished links linear: no two reads cover the same text.
  for (; i < limit && !SPACE.test(source[i]!) && !source.startsWith('](', i); i++) {
    if (source[i] === '(') depth++;
    else if (source[i] === ')' && !depth--) break;
  }
  const url = source.slice(start, i);
  skipSpaces();
  const quote = source[i];
  if (quote === '"' || quote === "'") {
    const close = source.indexOf(quote, i + 1);
    if (close < 0 || close >= limit) return undefined;
    i = close + 1;
    skipSpaces();
  }
  return source[i] === ')' && i < limit ? { url, end: i + 1 } : undefined;
}

/** Drops trailing punctuation that ends a sentence rather than the URL, and unbalanced closing brackets. */
function trimUrl(url: string): string {
  for (;;) {
    const last = url[url.length - 1]!;
    const unbalanced =
      (last === ')' && url.split('(').length < url.split(')').length) ||
      (last === ']' && url.split('[').length < url.split(']').length);
    if (!unbalanced && !/[.,:;!?'"*_~]/.test(last)) return url;
    url = url.slice(0, -1);
  }
}

export function plainText(nodes: readonly Inline[]): string {
  let text = '';
  for (const node of nodes) {
    if (typeof node === 'string') text += node;
    else if (node.type === 'code') text += node.text;
    else if (node.type === 'image') text += node.alt;
    else if (node.type === 'break') text += ' ';
    else text += plainText(node.children);
  }
  return text;
}
