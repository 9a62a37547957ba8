/**
 * Markdown blocks as DOM, built with createElement and text nodes only (never HTML), and kept up to date while
 * an answer streams in. Closed blocks are built once, appended together, and never touched again; the open tail
 * is built afresh and patched into the nodes already shown, so a streamed word changes one text node. Going
 * straight to the DOM instead of through Preact's diff (a component, vnodes and hooks per block) cut a
 * 10,000-chunk answer's main-thread time per chunk from 4.9 to 4.1 us (issue 6).
 */
import type { Inline } from './inline.js';
import { createIncrementalParser, type Block, type IncrementalParser, type TableCell } from './parse.js';
import type { PanelTexts } from '../strings.js';

/** The widget's own words in an answer (mount()'s `texts`), with the lang of the elements that hold only them. */
export type MarkdownTexts = Pick<PanelTexts, 'opensInNewTab' | 'code' | 'table' | 'lang'>;

type Attributes = Readonly<Record<string, string | number | undefined>>;

function element(tag: string, attributes: Attributes, children: readonly (Node | string)[] = []): HTMLElement {
  const created = document.createElement(tag);
  // Own keys only: for...in also walks what the page added to Object.prototype, which became an attribute of every
  // element of every answer (a polluted onmouseover, an inline handler that ran).
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined) created.setAttribute(name, String(value));
  }
  created.append(...children);
  return created;
}

function inlineNodes(nodes: readonly Inline[], texts: MarkdownTexts): (Node | string)[] {
  return nodes.map((node) => {
    if (typeof node === 'string') return node;
    switch (node.type) {
      case 'em':
      case 'strong':
      case 'del':
        // The node types are named after their elements.
        return element(node.type, {}, inlineNodes(node.children, texts));
      case 'code':
        return element('code', { class: 'cw-md__code' }, [node.text]);
      case 'break':
        return element('br', {});
      case 'link': {
        const children = inlineNodes(node.children, texts);
        // An http(s) link says it opens in a new tab, to screen readers only, as the panel's own links do (a mailto
        // link opens the mail app). Not part of the answer's text: Copy and the announcement read the markdown.
        if (!/^mailto:/i.test(node.href)) {
          children.push(element('span', { class: 'cw-sr-only', lang: texts.lang }, [' ' + texts.opensInNewTab]));
        }
        return element('a', { class: 'cw-md__link', href: node.href, target: '_blank', rel: 'noopener noreferrer nofollow' }, children);
      }
      case 'image':
        // How it loads is set before what it loads.
        return element('img', {
          class: 'cw-md__img',
          loading: 'lazy',
          decoding: 'async',
          referrerpolicy: 'no-referrer',
          alt: node.alt,
          src: node.src,
        });
    }
  });
}

/**
 * The nodes of one block. `tightList` is given in a list item: whether its list is tight. A paragraph there has no
 * dir of its own (dir="auto" skips text under a dir attribute, and the list takes its direction from its items'
 * text), and in a tight list it is its inlines alone.
 */
function blockNodes(block: Block, texts: MarkdownTexts, tightList?: boolean): (Node | string)[] {
  const inline = (nodes: readonly Inline[]): (Node | string)[] => inlineNodes(nodes, texts);
  switch (block.type) {
    case 'paragraph':
      return tightList
        ? inline(block.children)
        : [element('p', { class: 'cw-md__p', dir: tightList === undefined ? 'auto' : undefined }, inline(block.children))];
    case 'heading':
      // Under the panel's h2 title: "#" is an h3, and so on down to h6. The class keeps the markdown level, and the
      // look with it (panel.css sizes headings by class).
      return [
        element(`h${Math.min(block.level + 2, 6)}`, { class: `cw-md__h cw-md__h--${block.level}`, dir: 'auto' }, inline(block.children)),
      ];
    case 'code':
      // Focusable so keyboard users can scroll a wide block, and a named group, so a screen reader says what the stop
      // is. Not a region: that is a landmark, and an answer's blocks would fill the page's landmarks with "Code"s no
      // one can tell apart (axe: landmark-unique). Code always reads left to right.
      return [
        element(
          'pre',
          { class: 'cw-md__pre', 'data-lang': block.lang || undefined, dir: 'ltr', tabindex: 0, role: 'group', 'aria-label': texts.code },
          [element('code', {}, [block.text])],
        ),
      ];
    case 'quote':
      return [element('blockquote', { class: 'cw-md__quote', dir: 'auto' }, block.blocks.flatMap((child) => blockNodes(child, texts)))];
    case 'list': {
      // The list, not each item, follows the text's direction: its markers sit in its padding on the start side. An
      // item of its own direction put them outside the list's box, where the block's paint containment clipped them.
      const items = block.items.map((item) =>
        element('li', { class: 'cw-md__li' }, item.flatMap((child) => blockNodes(child, texts, block.tight))),
      );
      return [
        block.ordered
          ? element('ol', { class: 'cw-md__ol', dir: 'auto', start: block.start === 1 ? undefined : block.start }, items)
          : element('ul', { class: 'cw-md__ul', dir: 'auto' }, items),
      ];
    }
    case 'rule':
      return [element('hr', { class: 'cw-md__hr' })];
    case 'table': {
      // `align` is the attribute GFM renderers emit: unlike a style attribute, a strict CSP allows it.
      const row = (cells: readonly TableCell[], tag: 'th' | 'td'): HTMLElement =>
        element('tr', {}, cells.map((cell, column) => element(tag, { align: block.align[column] || undefined }, inline(cell))));
      // Wide tables scroll inside the bubble; a named stop, as code blocks are. The table, not each cell, follows the
      // text's direction (as lists do): its columns run from the start side.
      return [
        element('div', { class: 'cw-md__table', dir: 'auto', tabindex: 0, role: 'group', 'aria-label': texts.table }, [
          element('table', {}, [
            element('thead', {}, [row(block.head, 'th')]),
            element('tbody', {}, block.rows.map((cells) => row(cells, 'td'))),
          ]),
        ]),
      ];
    }
  }
}

/** Makes `shown` look like `next`, changing only what differs; returns the node that now stands for `next`. */
function patch(shown: Node, next: Node): Node {
  if (shown instanceof Text && next instanceof Text) {
    if (shown.data !== next.data) shown.data = next.data;
    return shown;
  }
  if (!(shown instanceof Element && next instanceof Element && shown.cloneNode(false).isEqualNode(next.cloneNode(false)))) {
    shown.parentNode?.replaceChild(next, shown);
    return next;
  }
  patchChildren(shown, Array.from(next.childNodes));
  return shown;
}

function patchChildren(parent: Node, next: readonly Node[]): void {
  const shown = Array.from(parent.childNodes);
  next.forEach((node, index) => {
    const old = shown[index];
    if (old === undefined) parent.appendChild(node);
    else patch(old, node);
  });
  for (const extra of shown.slice(next.length)) extra.remove();
}

export interface MarkdownView {
  /**
   * Shows `text`: parses only what was appended when it extends the text shown, everything otherwise. `live` while
   * more is still coming (parse.ts: unfinished syntax at the end shows as what it is becoming).
   */
  show(text: string, live?: boolean): void;
}

/**
 * Keeps `container`'s children in step with the markdown it is shown; nothing else may change them. `texts`: the
 * widget's own words the answer's elements carry, read as each block is built.
 */
export function createMarkdownView(container: HTMLElement, texts: MarkdownTexts): MarkdownView {
  let parser: IncrementalParser = createIncrementalParser();
  let shownText = '';
  let shownLive = false;
  /** The element of each block, by block index. */
  let nodes: Node[] = [];
  /** Blocks below this index are closed and their nodes final. */
  let frozen = 0;

  return {
    show(text, live = false) {
      // Same test as text.startsWith(shownText), but V8 runs startsWith char by char (~190 us for a
      // 10,000-chunk answer, per update) while slice + === is a flatten plus memcmp (~4 us).
      if (text.slice(0, shownText.length) !== shownText) {
        parser = createIncrementalParser();
        shownText = '';
        nodes = [];
        frozen = 0;
        container.replaceChildren();
      }
      if (text.length === shownText.length && live === shownLive && nodes.length > 0) return;
      parser.append(text.slice(shownText.length), live);
      shownText = text;
      shownLive = live;
      const { blocks, closedCount } = parser;
      const added = document.createDocumentFragment();
      for (let index = frozen; index < blocks.length; index++) {
        // A block at the top level is always one element (only a paragraph in a tight list item is not).
        const built = blockNodes(blocks[index]!, texts)[0] as Node;
        const old = nodes[index];
        if (old === undefined) added.appendChild(built);
        nodes[index] = old === undefined ? built : patch(old, built);
      }
      for (const stale of nodes.splice(blocks.length)) stale.parentNode?.removeChild(stale);
      frozen = closedCount;
      container.appendChild(added);
    },
  };
}
