import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, test } from 'vitest';
import { Markdown } from '../../../src/ui/markdown/Markdown';
import { TextsProvider, panelTexts } from '../../../src/ui/strings';
import { LISTING_ANSWER, SAMPLE, randomSplit, seededRandom } from './sample';

afterEach(cleanup);

function renderMarkdown(text: string) {
  const view = render(<Markdown text={text} />);
  const root = view.container.firstElementChild as HTMLElement;
  return { ...view, root, update: (next: string) => view.rerender(<Markdown text={next} />) };
}

/** Asserts that `root` equals a fresh, non-streamed render of `text` (attribute order aside). */
function expectSameAsFresh(root: Element, text: string, message: string, live = false): void {
  const container = document.createElement('div');
  const view = render(<Markdown text={text} live={live} />, { container });
  const fresh = container.firstElementChild!;
  if (!root.isEqualNode(fresh)) expect(root.outerHTML, message).toBe(fresh.outerHTML);
  expect(root.isEqualNode(fresh), message).toBe(true);
  view.unmount();
}

describe('rendering', () => {
  test('every construct becomes its element, with the documented class names', () => {
    const { root } = renderMarkdown(SAMPLE);
    expect(root.className).toBe('cw-md');
    expect(root.querySelector('h3.cw-md__h.cw-md__h--1')?.textContent).toBe('Getting started');
    expect(root.querySelector('h4.cw-md__h--2')?.textContent).toBe('Steps');
    const intro = root.querySelector('p.cw-md__p')!;
    expect([...intro.querySelectorAll('strong')].map((node) => node.textContent)).toEqual(['bold', 'also bold', 'both']);
    expect([...intro.querySelectorAll('em')].map((node) => node.textContent)).toEqual(['em', 'em too', 'both']);
    expect(intro.querySelector('del')?.textContent).toBe('struck');
    expect(intro.querySelectorAll('br')).toHaveLength(1);
    expect([...intro.querySelectorAll('code.cw-md__code')].map((node) => node.textContent)).toEqual(['inline code', 'a `tick` inside']);
    expect(intro.textContent).toContain('escaped *star*.');

    const links = [...root.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://example.com/docs',
      'https://example.org/path_(x)',
      'mailto:hi@example.com',
    ]);
    for (const link of links) {
      expect(link.className).toBe('cw-md__link');
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    }

    const [ordered] = [...root.querySelectorAll('ol.cw-md__ol')];
    expect([...ordered!.children].map((item) => item.className)).toEqual(['cw-md__li', 'cw-md__li', 'cw-md__li']);
    expect(ordered!.querySelector('ul.cw-md__ul')?.textContent).toBe('nested onenested two');
    expect(ordered!.querySelector('p')).toBeNull(); // tight list: no paragraphs
    const loose = root.querySelectorAll('ul.cw-md__ul')[1]!;
    expect(loose.querySelectorAll(':scope > li > p.cw-md__p')).toHaveLength(2);

    const [code, tilde] = [...root.querySelectorAll('pre.cw-md__pre')];
    expect(code!.getAttribute('data-lang')).toBe('ts');
    expect(code!.getAttribute('tabindex')).toBe('0');
    expect([code!.getAttribute('role'), code!.getAttribute('aria-label')]).toEqual(['group', 'Code']);
    expect(code!.querySelector('code')?.textContent).toBe('const x = `<b>`;\n\nconsole.log(x);');
    expect(tilde!.hasAttribute('data-lang')).toBe(false);
    expect(tilde!.textContent).toBe('tilde fence, never closed');

    expect(root.querySelector('blockquote.cw-md__quote em')?.textContent).toBe('style');
    expect(root.querySelectorAll('hr.cw-md__hr')).toHaveLength(1);
    const images = root.querySelectorAll('img');
    expect(images).toHaveLength(1);
    expect(images[0]!.className).toBe('cw-md__img');
    expect(images[0]!.getAttribute('src')).toBe('https://example.com/logo.png');
    expect(images[0]!.getAttribute('alt')).toBe('logo');
    expect(root.querySelector('h5.cw-md__h--3')?.textContent).toBe('Unclosed **bold and [text](htt');
  });

  test("headings sit under the panel's h2 title: # is an h3, levels shift by two up to h6, the class keeps the level", () => {
    const { root } = renderMarkdown('# One\n## Two\n### Three\n#### Four\n##### Five\n###### Six');
    expect([...root.children].map((heading) => `${heading.tagName} ${heading.className}`)).toEqual([
      'H3 cw-md__h cw-md__h--1',
      'H4 cw-md__h cw-md__h--2',
      'H5 cw-md__h cw-md__h--3',
      'H6 cw-md__h cw-md__h--4',
      'H6 cw-md__h cw-md__h--5',
      'H6 cw-md__h cw-md__h--6',
    ]);
    expect(root.querySelector('h1, h2')).toBeNull();
  });

  test('an http(s) link says it opens in a new tab, to screen readers only, in the widget\'s words; mailto does not', () => {
    const text = 'See [our *hours*](https://example.com/hours), <https://example.com/map> or [mail us](MAILTO:hi@example.com).';
    const links = (root: Element) => [...root.querySelectorAll('a')].map((link) => link.innerHTML);
    expect(links(renderMarkdown(text).root)).toEqual([
      'our <em>hours</em><span class="cw-sr-only" lang="en"> (opens in a new tab)</span>',
      'https://example.com/map<span class="cw-sr-only" lang="en"> (opens in a new tab)</span>',
      'mail us',
    ]);
    // Translated by mount()'s texts, it takes the page's language (no lang="en").
    const german = render(
      <TextsProvider value={panelTexts({ opensInNewTab: '(öffnet in neuem Tab)' })}>
        <Markdown text={text} />
      </TextsProvider>,
      { container: document.createElement('div') },
    );
    expect(links(german.container)[0]).toBe('our <em>hours</em><span class="cw-sr-only"> (öffnet in neuem Tab)</span>');
  });

  test('a code block and a table, keyboard stops, are groups named in the widget\'s words', () => {
    const text = '```sh\nnpm install\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |';
    const stops = (root: Element) =>
      [...root.querySelectorAll('[tabindex="0"]')].map((stop) => `${stop.tagName} ${stop.getAttribute('role')} ${stop.getAttribute('aria-label')}`);
    expect(stops(renderMarkdown(text).root)).toEqual(['PRE group Code', 'DIV group Table']);
    const german = render(
      <TextsProvider value={panelTexts({ code: 'Quelltext', table: 'Tabelle' })}>
        <Markdown text={text} />
      </TextsProvider>,
      { container: document.createElement('div') },
    );
    expect(stops(german.container)).toEqual(['PRE group Quelltext', 'DIV group Tabelle']);
  });

  test('ordered lists carry their start number', () => {
    const { root } = renderMarkdown('4. four\n5. five');
    expect(root.querySelector('ol')?.getAttribute('start')).toBe('4');
  });

  test('a list takes its direction from its text (dir="auto"); its items and their paragraphs have no dir to hide it', () => {
    // dir="auto" skips text under a dir attribute: with a dir on each item, an Arabic list resolved to left-to-right.
    const { root } = renderMarkdown('1. منزل عائلي\n2. شقة\n\n- نقطة أولى\n\n- نقطة ثانية');
    const lists = [...root.querySelectorAll('ol, ul')];
    expect(lists.map((list) => [list.tagName, list.getAttribute('dir')])).toEqual([['OL', 'auto'], ['UL', 'auto']]);
    expect(root.querySelectorAll('li[dir], li p[dir]')).toHaveLength(0);
    // The loose list's items are paragraphs; a paragraph outside a list keeps its own dir="auto".
    expect(root.querySelectorAll('ul li p')).toHaveLength(2);
    expect(renderMarkdown('مرحبا').root.querySelector('p')?.getAttribute('dir')).toBe('auto');
  });
});

describe('tables', () => {
  test('a focusable wrapper that scrolls, header cells and data cells, GFM align attributes, inline markdown in cells', () => {
    const { root } = renderMarkdown('| Address | Price | Beds |\n|:--|--:|---|\n| 1 *Elm* St | $1,395 |\n| 2 Oak Ave | $2,100 | 3 |');
    const wrapper = root.querySelector('div.cw-md__table')!;
    expect(wrapper.getAttribute('tabindex')).toBe('0');
    expect([wrapper.getAttribute('role'), wrapper.getAttribute('aria-label')]).toEqual(['group', 'Table']);
    const header = [...wrapper.querySelectorAll('table > thead > tr > th')];
    expect(header.map((cell) => [cell.textContent, cell.getAttribute('align')])).toEqual([
      ['Address', 'left'],
      ['Price', 'right'],
      ['Beds', null],
    ]);
    const rows = [...wrapper.querySelectorAll('table > tbody > tr')].map((row) =>
      [...row.children].map((cell) => `${cell.tagName}:${cell.textContent}:${cell.getAttribute('align') ?? ''}`),
    );
    expect(rows).toEqual([
      ['TD:1 Elm St:left', 'TD:$1,395:right', 'TD::'],
      ['TD:2 Oak Ave:left', 'TD:$2,100:right', 'TD:3:'],
    ]);
    expect(wrapper.querySelector('td em')?.textContent).toBe('Elm');
    // The table follows its text's direction as a whole (a dir on each cell would hide their text from it).
    expect(wrapper.getAttribute('dir')).toBe('auto');
    expect(wrapper.querySelectorAll('[dir]')).toHaveLength(0);
  });

  test('a streamed table keeps its elements: each new row is added, earlier rows are not rebuilt', () => {
    const { root, update } = renderMarkdown('| a | b |\n|---|---|\n| 1 | 2 |\n');
    const table = root.querySelector('table')!;
    const firstRow = root.querySelector('tbody tr')!;
    update('| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4');
    expect(root.querySelector('table')).toBe(table);
    expect(root.querySelector('tbody tr')).toBe(firstRow);
    expect([...root.querySelectorAll('tbody tr')].map((row) => row.textContent)).toEqual(['12', '34']);
  });
});

describe('safety', () => {
  test('raw HTML shows as text and creates no elements', () => {
    const text = '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n<a href="javascript:alert(1)">x</a>';
    const { root } = renderMarkdown(text);
    expect(root.querySelector('script, img, a')).toBeNull();
    expect(root.textContent).toBe('<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>');
  });

  test('unsafe links and images are dropped; nothing unsafe reaches an attribute', () => {
    const text =
      '[x](javascript:alert(1)) [y](JAVASCRIPT:alert(1)) [z](data:text/html,hi) [r](/relative)\n' +
      '![a](data:image/png;base64,AAAA) ![b](javascript:alert(1)) ![c](http://ok.example/c.png)';
    const { root } = renderMarkdown(text);
    expect(root.querySelector('a')).toBeNull();
    expect([...root.querySelectorAll('img')].map((image) => image.getAttribute('src'))).toEqual(['http://ok.example/c.png']);
    for (const element of root.querySelectorAll('*')) {
      for (const attribute of element.attributes) expect(attribute.value).not.toMatch(/javascript:|data:/i);
    }
    expect(root.textContent).toBe('x y z ra b ');
  });
});

describe('streaming', () => {
  test('an update changes only the last block: earlier block nodes are the same objects and untouched', () => {
    const { root, update } = renderMarkdown('# Title\n\nFirst paragraph.\n\n- one\n- two\n\nThe open para');
    const before = [...root.childNodes];
    expect(before).toHaveLength(4);
    const observer = new MutationObserver(() => undefined);
    observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
    update('# Title\n\nFirst paragraph.\n\n- one\n- two\n\nThe open paragraph *grows*');
    const records = observer.takeRecords();
    observer.disconnect();
    const after = [...root.childNodes];
    expect(after.slice(0, 3)).toEqual(before.slice(0, 3));
    after.slice(0, 3).forEach((node, index) => expect(node).toBe(before[index]));
    expect(after[3]).toBe(before[3]);
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) expect(after[3]!.contains(record.target)).toBe(true);
    expect(after[3]!.textContent).toBe('The open paragraph grows');
  });

  test('a block keeps its DOM node when it closes, and new blocks are appended after it', () => {
    const { root, update } = renderMarkdown('Para one');
    const paragraph = root.firstChild;
    update('Para one done.\n\n');
    update('Para one done.\n\nPara two');
    expect(root.childNodes).toHaveLength(2);
    expect(root.firstChild).toBe(paragraph);
    expect(root.firstChild!.textContent).toBe('Para one done.');
  });

  test('re-rendering with the same text touches no DOM', () => {
    const { root, update } = renderMarkdown(SAMPLE);
    const observer = new MutationObserver(() => undefined);
    observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
    update(SAMPLE);
    expect(observer.takeRecords()).toEqual([]);
    observer.disconnect();
  });

  test('every prefix renders without throwing and matches a fresh render of that prefix', () => {
    const { root, update } = renderMarkdown('');
    for (let end = 1; end <= SAMPLE.length; end++) {
      const prefix = SAMPLE.slice(0, end);
      update(prefix);
      expectSameAsFresh(root, prefix, `prefix of ${end} characters`);
    }
  });

  test('random-sized deltas end in the same DOM as rendering the whole text', () => {
    for (const seed of [3, 7, 11]) {
      const { root, update, unmount } = renderMarkdown('');
      let text = '';
      for (const piece of randomSplit(SAMPLE, seededRandom(seed), 12)) update((text += piece));
      expectSameAsFresh(root, SAMPLE, `seed ${seed}`);
      unmount();
    }
  });

  test('text that does not extend the previous text is parsed afresh', () => {
    const { root, update } = renderMarkdown('# Old\n\nold text');
    update('New *text*');
    expect(root.innerHTML).toBe('<p class="cw-md__p" dir="auto">New <em>text</em></p>');
  });

  test('a long answer (over a thousand blocks) streams with earlier nodes kept and the final DOM exact', () => {
    const paragraphs = Array.from({ length: 1100 }, (_, n) => `Paragraph **${n}** of the answer.`);
    const { root, update } = renderMarkdown('');
    let text = '';
    let first: ChildNode | null = null;
    let middle: ChildNode | null = null;
    paragraphs.forEach((paragraph, n) => {
      update((text += paragraph.slice(0, 10)));
      update((text += paragraph.slice(10) + '\n\n'));
      if (n === 0) first = root.firstChild;
      if (n === 600) middle = root.childNodes[600]!;
    });
    expect(root.childNodes).toHaveLength(1100);
    expect(root.firstChild).toBe(first);
    expect(root.childNodes[600]).toBe(middle);
    expectSameAsFresh(root, text, 'long answer');
  });

  test('the DOM work per update does not grow with the number of blocks', () => {
    const { root, update } = renderMarkdown('');
    const observer = new MutationObserver(() => undefined);
    observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
    const changesPerUpdate: number[] = [];
    let text = '';
    for (let n = 0; n < 1100; n++) {
      update((text += `Paragraph ${n} `));
      observer.takeRecords();
      update((text += `is *here*.\n\n`));
      const records = observer.takeRecords();
      changesPerUpdate.push(records.reduce((sum, record) => sum + record.addedNodes.length + record.removedNodes.length + (record.type === 'childList' ? 0 : 1), 0));
    }
    observer.disconnect();
    // The open paragraph's text node changes and gains <em> and "."; nothing else is touched, early or late.
    expect(changesPerUpdate[1050]).toBe(changesPerUpdate[40]);
    expect(Math.max(...changesPerUpdate)).toBeLessThanOrEqual(4);
  });

  test('the open paragraph keeps its element and text node while words stream into it', () => {
    const { root, update } = renderMarkdown('First.\n\nHello wor');
    const paragraph = root.lastChild!;
    const words = paragraph.firstChild as Text;
    update('First.\n\nHello world, and more');
    expect(root.lastChild).toBe(paragraph);
    expect(paragraph.firstChild).toBe(words);
    expect(words.data).toBe('Hello world, and more');
  });

  test('a parent re-rendering with the same text leaves the built blocks alone', () => {
    const { root, update } = renderMarkdown('# Title\n\nText');
    const children = [...root.childNodes];
    update('# Title\n\nText');
    expect([...root.childNodes]).toEqual(children);
    children.forEach((child, index) => expect(root.childNodes[index]).toBe(child));
  });
});

describe('live: an answer still streaming', () => {
  function renderLive(text: string) {
    const view = render(<Markdown text={text} live />);
    const root = view.container.firstElementChild as HTMLElement;
    return { ...view, root, update: (next: string, live = true) => view.rerender(<Markdown text={next} live={live} />) };
  }

  test('unfinished syntax at the end shows as what it is becoming, and reads literally once the answer ends', () => {
    const { root, update } = renderLive('Here are **3 ho');
    expect(root.innerHTML).toBe('<p class="cw-md__p" dir="auto">Here are <strong>3 ho</strong></p>');
    update('Here are **3 ho', false);
    expect(root.innerHTML).toBe('<p class="cw-md__p" dir="auto">Here are **3 ho</p>');
  });

  test('at every prefix of a demo answer the DOM equals a fresh live render, shows no markdown syntax, and ends exact', () => {
    const { root, update } = renderLive('');
    // A link or image only ever points at a whole address of the answer, never at one half typed.
    const addresses = LISTING_ANSWER.match(/https:\/\/[^\s)"]+/g)!;
    for (let end = 1; end <= LISTING_ANSWER.length; end++) {
      const prefix = LISTING_ANSWER.slice(0, end);
      update(prefix);
      expectSameAsFresh(root, prefix, `prefix of ${end} characters`, true);
      expect(root.textContent, `prefix of ${end} characters`).not.toMatch(/[*~`\\|!]|\]\(/);
      for (const element of root.querySelectorAll('a, img')) {
        expect(addresses).toContain(element.getAttribute('href') ?? element.getAttribute('src'));
      }
    }
    update(LISTING_ANSWER, false);
    expectSameAsFresh(root, LISTING_ANSWER, 'the finished answer');
    const count = (selector: string): number => root.querySelectorAll(selector).length;
    // Three links to listings and one address; four bold figures; one each of the rest.
    expect(['a', 'strong', 'table', 'img', 'code', 'del'].map(count)).toEqual([4, 4, 1, 1, 1, 1]);
  });

  test('the end of the stream touches only the last block', () => {
    const { root, update } = renderLive('# Title\n\nFirst paragraph.\n\nThe open **para');
    const before = [...root.childNodes];
    const observer = new MutationObserver(() => undefined);
    observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
    update('# Title\n\nFirst paragraph.\n\nThe open **para', false);
    const records = observer.takeRecords();
    observer.disconnect();
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) expect(root.lastChild!.contains(record.target) || record.target === root.lastChild).toBe(true);
    [...root.childNodes].slice(0, 2).forEach((node, index) => expect(node).toBe(before[index]));
    expect(root.lastChild!.textContent).toBe('The open **para');
  });
});
