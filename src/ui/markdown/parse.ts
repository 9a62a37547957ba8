/**
 * Block markdown for streamed answers (pure, no DOM). Lines are read block by block; a block is closed once a
 * COMPLETE line after it (one ending in "\n") proves nothing more can join it. The last line of a stream is never
 * used for that decision because its meaning can still change ("#" may become "#tag" or "# Title"). Closed blocks
 * are frozen; only the text after them (the open block) is parsed again on the next append.
 *
 * While the answer is still streaming ("live"), the text at its very end is read as unfinished: inline syntax that
 * has not closed yet shows as what it will become (see parseInline), and lines at the end that start like table
 * rows wait until a delimiter row makes them a table, so a header never flashes as a line of pipes. Only what
 * reaches the end is live; everything before it reads as CommonMark/GFM, and so does the finished answer.
 */
import { parseInline, type Inline } from './inline.js';

export type { Inline } from './inline.js';
export type Block =
  | { readonly type: 'paragraph'; readonly children: readonly Inline[] }
  | { readonly type: 'heading'; readonly level: number; readonly children: readonly Inline[] }
  | { readonly type: 'code'; readonly lang: string; readonly text: string }
  | { readonly type: 'quote'; readonly blocks: readonly Block[] }
  | {
      readonly type: 'list';
      readonly ordered: boolean;
      readonly start: number;
      /** No blank lines between items: their paragraphs render without <p>. */
      readonly tight: boolean;
      readonly items: readonly (readonly Block[])[];
    }
  | { readonly type: 'rule' }
  | {
      readonly type: 'table';
      /** One per column, from the delimiter row: '' when it sets none. */
      readonly align: readonly TableAlign[];
      readonly head: readonly TableCell[];
      /** Every row has one cell per column: short rows are filled with empty cells, long ones cut. */
      readonly rows: readonly (readonly TableCell[])[];
    };
export type TableAlign = '' | 'left' | 'center' | 'right';
export type TableCell = readonly Inline[];

export interface IncrementalParser {
  /**
   * Feeds the next piece of text and returns the blocks. Closed blocks keep their object identity across calls;
   * only the still-open tail is parsed again. Cost O(delta + size of the open block).
   * `live`: more text is still coming (see the module comment); append('', false) reads the same text as finished.
   * The SAME array is returned every time and updated in place (a fresh copy would cost O(answer) per chunk):
   * copy it if you need a snapshot.
   */
  append(delta: string, live?: boolean): readonly Block[];
  readonly blocks: readonly Block[];
  /**
   * Characters appended so far, as given. A count, not the text: each delta is usually a slice of the whole answer
   * as it was at that frame, and a string built from them would keep every one of those copies alive.
   */
  readonly length: number;
  /** How many leading blocks are closed (frozen for good). */
  readonly closedCount: number;
  /** Total characters parsed so far, over all appends: grows with deltas and open blocks, not with the answer. */
  readonly scanned: number;
}

/** Containers nested deeper than this read as paragraphs: bounds recursion on hostile input. */
const MAX_DEPTH = 8;
const BLANK = /^[ \t]*$/;
const FENCE = /^( {0,3})(`{3,}|~{3,})[ \t]*([^\s`]*)(.*)$/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*))?$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const QUOTE = /^ {0,3}> ?/;
const ITEM = /^( {0,3})(?:[-+*]|(\d{1,9})[.)])(?:[ \t]+|$)/;
/** A cell of a table's delimiter row (GFM): dashes, a colon on the side(s) the column aligns to. */
const DELIMITER_CELL = /^:?-+:?$/;
/** A line that starts like a table row (or a delimiter row). */
const ROW_START = /^ {0,3}\|/;
/**
 * A line of backticks or tildes only, blanks after: a code block's closing fence when its run is as long as the
 * opening one (which has three at least), and while shorter, one that may still be streaming in.
 */
const FENCE_RUN = /^ {0,3}(`+|~+)[ \t]*$/;

interface ReadResult {
  readonly block: Block;
  /** Index of the first line after the block. */
  readonly next: number;
  /** True when a line before `end` ended the block, so no later text can change it. */
  readonly closed: boolean;
}

const isBlank = (line: string): boolean => BLANK.test(line);
const indentOf = (line: string): number => line.search(/\S|$/);

function fenceOf(line: string): RegExpExecArray | null {
  const fence = FENCE.exec(line);
  return fence && !(fence[2]![0] === '`' && fence[4]!.includes('`')) ? fence : null;
}

/** A line that ends a paragraph without a blank line (as in CommonMark, only lists starting at 1 interrupt). */
function interruptsParagraph(line: string): boolean {
  if (fenceOf(line) || HEADING.test(line) || RULE.test(line) || QUOTE.test(line)) return true;
  const item = ITEM.exec(line);
  return !!item && !isBlank(line.slice(item[0].length)) && (item[2] === undefined || item[2] === '1');
}

/**
 * A table row's cells: split at pipes, the outer pipes dropped; `\|` is a pipe in the cell and `\\` a backslash
 * (so `\\|` still splits, as in GFM). A loop, not a lookbehind regex: Safari before 16.4 cannot even parse one,
 * and the whole panel file would fail to load.
 */
function tableCells(line: string): string[] {
  const text = line.trim();
  const cells: string[] = [];
  let cell = '';
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === '|') {
      cells.push(cell);
      cell = '';
    } else if (char === '\\' && index + 1 < text.length) {
      const escaped = text[++index]!;
      cell += escaped === '|' ? escaped : char + escaped;
    } else cell += char;
  }
  cells.push(cell);
  if (cells.length > 1 && cells[0]!.trim() === '') cells.shift();
  if (cells.length > 1 && cells[cells.length - 1]!.trim() === '') cells.pop();
  return cells.map((each) => each.trim());
}

/** Whether a table starts at `start`: a row with a pipe, then a delimiter row with a pipe and as many cells. */
function startsTable(lines: readonly string[], start: number, end: number): boolean {
  if (start + 1 >= end || !lines[start]!.includes('|') || !lines[start + 1]!.includes('|')) return false;
  const delimiter = tableCells(lines[start + 1]!);
  return delimiter.every((cell) => DELIMITER_CELL.test(cell)) && delimiter.length === tableCells(lines[start]!).length;
}

/** Rows go on until a blank line or the start of another block, as in GFM (a line without pipes is a row too). */
function readTable(lines: readonly string[], start: number, end: number, live: boolean): ReadResult {
  const head = tableCells(lines[start]!);
  const align = tableCells(lines[start + 1]!).map((cell): TableAlign =>
    cell.endsWith(':') ? (cell.startsWith(':') ? 'center' : 'right') : cell.startsWith(':') ? 'left' : '',
  );
  const rows: TableCell[][] = [];
  let next = start + 2;
  for (; next < end && !isBlank(lines[next]!) && !interruptsParagraph(lines[next]!); next++) {
    const cells = tableCells(lines[next]!);
    const rowLive = live && next + 1 === end;
    rows.push(head.map((_, column) => parseInline(cells[column] ?? '', rowLive)));
  }
  return { block: { type: 'table', align, head: head.map((cell) => parseInline(cell)), rows }, next, closed: next < end };
}

/**
 * Reads the block starting at non-blank line `start`, looking only at lines before `end`. `live`: the line before
 * `end` is the end of a streaming answer, still growing.
 */
function readBlock(lines: readonly string[], start: number, end: number, depth: number, live = false): ReadResult {
  const line = lines[start]!;
  /**
   * Whether a block ending before `next` ends the answer so far: nothing after it but the unfinished last line,
   * blank. A complete blank line after it has closed it (as the incremental parser decides).
   */
  const liveUpTo = (next: number): boolean => live && (next === end || (next === end - 1 && isBlank(lines[next]!)));
  const fence = fenceOf(line);
  if (fence) return readFence(lines, start, end, fence);
  const heading = HEADING.exec(line);
  if (heading) {
    const title = (heading[2] ?? '').replace(/(?:^|[ \t]+)#+[ \t]*$/, '').trim();
    const children = parseInline(title, live && start + 1 === end);
    return { block: { type: 'heading', level: heading[1]!.length, children }, next: start + 1, closed: true };
  }
  if (RULE.test(line)) return { block: { type: 'rule' }, next: start + 1, closed: true };
  if (depth < MAX_DEPTH && QUOTE.test(line)) {
    let next = start;
    const body: string[] = [];
    while (next < end && QUOTE.test(lines[next]!)) body.push(lines[next++]!.replace(QUOTE, ''));
    return { block: { type: 'quote', blocks: parseLines(body, depth + 1, 0, liveUpTo(next)) }, next, closed: next < end };
  }
  if (depth < MAX_DEPTH && ITEM.test(line)) return readList(lines, start, end, depth, live);
  if (startsTable(lines, start, end)) return readTable(lines, start, end, live);
  let next = start + 1;
  while (next < end && !isBlank(lines[next]!) && !interruptsParagraph(lines[next]!) && !startsTable(lines, next, end)) {
    next++;
  }
  let shown = next;
  const paragraphLive = liveUpTo(next);
  // Table rows ending a live paragraph wait: a delimiter row may still come and make them a table.
  while (paragraphLive && shown > start && ROW_START.test(lines[shown - 1]!)) shown--;
  const text = lines.slice(start, shown).join('\n').trim();
  return { block: { type: 'paragraph', children: parseInline(text, paragraphLive && shown === next) }, next, closed: next < end };
}

function readFence(lines: readonly string[], start: number, end: number, fence: RegExpExecArray): ReadResult {
  const [, indent, marker, lang] = fence as unknown as [string, string, string, string];
  const body: string[] = [];
  let next = start + 1;
  for (; next < end; next++) {
    const line = lines[next]!;
    const closer = FENCE_RUN.exec(line);
    if (closer && closer[1]![0] === marker[0] && closer[1]!.length >= marker.length) break;
    body.push(line.slice(Math.min(indent.length, indentOf(line))));
  }
  const closed = next < end;
  if (!closed) {
    // Still open: a last line that is blank or the start of the closing fence is not content yet, so the block
    // does not flash an empty line or stray backticks while the closer streams in.
    const last = body[body.length - 1] ?? 'x';
    const partialCloser = FENCE_RUN.exec(last);
    if (isBlank(last) || partialCloser?.[1]![0] === marker[0]) body.pop();
  }
  return { block: { type: 'code', lang, text: body.join('\n') }, next: closed ? next + 1 : end, closed };
}

function readList(lines: readonly string[], start: number, end: number, depth: number, live: boolean): ReadResult {
  const ordered = ITEM.exec(lines[start]!)![2] !== undefined;
  const items: Block[][] = [];
  let tight = true;
  let next = start;
  let closed = false;
  for (;;) {
    const line = lines[next]!;
    const item = ITEM.exec(line)!;
    const markerIndent = item[1]!.length;
    const contentIndent = isBlank(line.slice(item[0].length)) ? indentOf(line) + 2 : item[0].length;
    const body = [line.slice(item[0].length)];
    let blanks = 0;
    for (next++; next < end; next++) {
      const current = lines[next]!;
      if (isBlank(current)) {
        blanks++;
        continue;
      }
      const indent = indentOf(current);
      if (indent >= markerIndent + 2) {
        if (blanks) tight = false;
        for (; blanks; blanks--) body.push('');
        body.push(current.slice(Math.min(indent, contentIndent)));
      } else if (!blanks && !ITEM.test(current) && !interruptsParagraph(current)) body.push(current);
      else break;
    }
    items.push(parseLines(body, depth + 1, 0, live && next >= end));
    if (next >= end) break;
    const sibling = ITEM.exec(lines[next]!);
    if (!sibling || (sibling[2] !== undefined) !== ordered || RULE.test(lines[next]!)) {
      closed = true;
      break;
    }
    if (blanks) tight = false;
  }
  const start1 = ordered ? Number(ITEM.exec(lines[start]!)![2]) : 1;
  return { block: { type: 'list', ordered, start: start1, tight, items }, next, closed };
}

/**
 * Parses lines to their end (a document, or a container's body); `live` when the last line is the end of a
 * streaming answer. A paragraph left empty (a held-back table row) is not a block.
 */
function parseLines(lines: readonly string[], depth: number, from = 0, live = false): Block[] {
  const blocks: Block[] = [];
  for (let index = from; index < lines.length; ) {
    if (isBlank(lines[index]!)) index++;
    else {
      const { block, next } = readBlock(lines, index, lines.length, depth, live);
      if (block.type !== 'paragraph' || block.children.length > 0) blocks.push(block);
      index = next;
    }
  }
  return blocks;
}

export function createIncrementalParser(): IncrementalParser {
  const blocks: Block[] = [];
  let length = 0;
  /** The text after the last closed block: the only part parsed again (split flattens it on every append). */
  let open = '';
  let closedCount = 0;
  let scanned = 0;
  let openIsLive = false;

  const append = (delta: string, live = false): readonly Block[] => {
    if (!delta && live === openIsLive) return blocks;
    openIsLive = live;
    length += delta.length;
    open += delta.replace(/\r/g, '');
    scanned += open.length;
    const lines = open.split('\n');
    const complete = lines.length - 1;
    let line = 0;
    let offset = 0;
    const skipTo = (target: number): void => {
      for (; line < target; line++) offset += lines[line]!.length + 1;
    };
    blocks.length = closedCount;
    for (;;) {
      while (line < complete && isBlank(lines[line]!)) skipTo(line + 1);
      if (line >= complete) break;
      const read = readBlock(lines, line, complete, 0);
      if (!read.closed) break;
      blocks.push(read.block);
      closedCount++;
      skipTo(read.next);
    }
    if (offset) open = open.slice(offset);
    blocks.push(...parseLines(lines, 0, line, live));
    return blocks;
  };

  return {
    append,
    blocks,
    get length() {
      return length;
    },
    get closedCount() {
      return closedCount;
    },
    get scanned() {
      return scanned;
    },
  };
}

/** The blocks of `text`; `live` reads its end as still streaming, as the incremental parser does. */
export function parseMarkdown(text: string, live = false): readonly Block[] {
  return parseLines(text.replace(/\r/g, '').split('\n'), 0, 0, live);
}
