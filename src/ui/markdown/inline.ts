/**
 * Inline markdown: emphasis, strike, code spans, links, images, autolinks and line breaks, parsed in one pass with
 * a delimiter stack. Unclosed syntax stays literal text, as CommonMark says. Text that is still streaming (`live`)
 * shows what it is becoming instead: `**bold` is bold, `` `code `` is code, `[text](htt` is its text without the
 * half-typed address, a half-typed image or URL is not loaded or linked yet, and a trailing delimiter or backslash
 * waits for what follows. Unsafe link and image targets never reach the tree.
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

function emphasis(delimiter: string, length: number, children: Inline[]): Inline {
  return { type: delimiter === '~' ? 'del' : length === 2 ? 'strong' : 'em', children };
}

export function parseInline(source: string, live = false): Inline[] {
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
  /**
   * Pops every frame above `depth`, turning each back into its literal delimiter plus contents. At the end of live
   * text (`atLiveEnd`) an emphasis opener becomes its element, its closer still to come, a link's words show without
   * their `[` (a literal bracket shows once its `]` arrives without an address), and an image's alt text, which is
   * never shown as text, is not shown while it arrives.
   */
  const unwindTo = (depth: number, atLiveEnd = false): void => {
    while (stack.length > depth) {
      const frame = stack.pop()!;
      const delimiter = frame.delim[0]!;
      if (frame.match) openCount[frame.match]!--;
      if (atLiveEnd && delimiter === '!') continue;
      if (atLiveEnd && delimiter !== '[') add(emphasis(delimiter, frame.delim.length, frame.nodes));
      else {
        if (!atLiveEnd || !frame.match) add(frame.delim);
        for (const node of frame.nodes) add(node);
      }
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

    // The last character of live text waits when it may start syntax: an escape, or an image.
    if (live && !next && (char === '\\' || char === '!')) {
      flush(i);
      textStart = length;
      break;
    }
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
      let close = backtickRunsWithoutCloser.has(run) ? -1 : findBacktickRun(source, end, run);
      if (close < 0) {
        backtickRunsWithoutCloser.add(run);
        if (!live) {
          i = end;
          continue;
        }
        close = length;
      }
      flush(i);
      let code = source.slice(end, close).replace(/\n/g, ' ');
      if (code.length > 2 && code[0] === ' ' && code[code.length - 1] === ' ' && code.trim()) code = code.slice(1, -1);
      // Only a live span can be empty: its opening backticks have just arrived.
      if (code) add({ type: 'code', text: code });
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
        // A run ending live text may still be growing: "**bold*" must not flash as "*<em>bold</em>".
        if (depth < 0 || (live && end === length && run < stack[depth]!.delim.length)) break;
        const opener = takeOpener(depth);
        const used = Math.min(run, opener.delim.length);
        // A longer opener keeps its unused character open, as CommonMark does: **a *b* c* nests.
        if (opener.delim.length > used) push(char);
        add(emphasis(char, used, opener.nodes));
        run -= used;
      }
      if (run > 3) add(char.repeat(run - 3));
      if (run > 0 && canOpen && stack.length < MAX_NESTING) {
        if (char === '~') push('~~');
        else {
          if (run !== 2) push(char);
          if (run > 1) push(char + char);
        }
      } else if (run > 0 && !(live && end === length)) add(char.repeat(Math.min(run, 3)));
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
      // A "]" that ends live text may still get its address: it waits, as a half address does.
      const destination =
        depth > 0 && next === '(' ? readDestination(source, i + 2) : depth > 0 && live && next === '' ? null : undefined;
      if (destination === null && live) {
        // The address is still arriving: the link's words show, the half address does not (an image shows nothing).
        flush(i);
        const opener = takeOpener(depth);
        if (opener.delim === '[') for (const node of opener.nodes) add(node);
        i = textStart = length;
        continue;
      }
      if (!destination) {
        // Not a link: its opener stays text (CommonMark), so the brackets of a link's words pair up: [a [b]](url).
        // (A text that ends inside an address keeps its opener: the half address is not linked as a bare URL.)
        if (depth > 0 && destination === undefined) {
          stack[depth]!.match = '';
          openCount['[']!--;
        }
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
      // A URL that reaches the end of live text may still grow: it is not a link before it is whole.
      if (url && /\/\/./.test(url) && !(live && i + match[0].length === length)) {
        flush(i);
        add({ type: 'link', href: url, children: [url] });
        i = textStart = i + url.length;
        continue;
      }
    }
    i++;
  }
  flush(length);
  unwindTo(1, live);
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

/** Reads `url "title")` after a link's `](`: null while the text ends inside it, undefined when it is malformed. */
function readDestination(source: string, from: number): { url: string; end: number } | null | undefined {
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
    if (close < 0) return null;
    if (close >= limit) return undefined;
    i = close + 1;
    skipSpaces();
  }
  if (source[i] === ')' && i < limit) return { url, end: i + 1 };
  return i < source.length ? undefined : null;
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
