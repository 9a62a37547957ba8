import { describe, expect, test } from 'vitest';
import { createIncrementalParser, parseMarkdown, type Block, type Inline } from '../../../src/ui/markdown/parse';
import { parseInline } from '../../../src/ui/markdown/inline';

const blocksOf = (text: string): readonly Block[] => parseMarkdown(text);
const paragraph = (...children: unknown[]) => ({ type: 'paragraph', children });

describe('blocks', () => {
  test('paragraphs split on blank lines; single newlines are line breaks', () => {
    expect(blocksOf('one\ntwo  \n   three\n\nfour')).toEqual([
      paragraph('one', { type: 'break' }, 'two', { type: 'break' }, 'three'),
      paragraph('four'),
    ]);
  });

  test('headings of every level, closing hashes dropped, #tag is text', () => {
    expect(blocksOf('# One\n## Two ##\n###### Six\n#tag')).toEqual([
      { type: 'heading', level: 1, children: ['One'] },
      { type: 'heading', level: 2, children: ['Two'] },
      { type: 'heading', level: 6, children: ['Six'] },
      paragraph('#tag'),
    ]);
  });

  test('fenced code keeps content verbatim, with language; backticks and tildes', () => {
    expect(blocksOf('```python\nprint("*no emphasis*")\n\n  indented\n```\n~~~\n```\n~~~')).toEqual([
      { type: 'code', lang: 'python', text: 'print("*no emphasis*")\n\n  indented' },
      { type: 'code', lang: '', text: '```' },
    ]);
  });

  test('a fence indented inside its opener is dedented; a longer closer closes', () => {
    expect(blocksOf('  ```\n  a\n    b\n`````')).toEqual([{ type: 'code', lang: '', text: 'a\n  b' }]);
  });

  test('``` with a backtick in the info string is inline code, not a fence', () => {
    expect(blocksOf('```a```')).toEqual([paragraph({ type: 'code', text: 'a' })]);
  });

  test('blockquotes hold blocks', () => {
    expect(blocksOf('> # Title\n> text *em*\n>\n> - item\n\nafter')).toEqual([
      {
        type: 'quote',
        blocks: [
          { type: 'heading', level: 1, children: ['Title'] },
          paragraph('text ', { type: 'em', children: ['em'] }),
          { type: 'list', ordered: false, start: 1, tight: true, items: [[paragraph('item')]] },
        ],
      },
      paragraph('after'),
    ]);
  });

  test('horizontal rules in three spellings, and "- - -" is a rule, not a list', () => {
    expect(blocksOf('---\n***\n_ _ _\n- - -')).toEqual([{ type: 'rule' }, { type: 'rule' }, { type: 'rule' }, { type: 'rule' }]);
  });

  test('unordered list with a nested list and lazy continuation', () => {
    expect(blocksOf('- a\n  - b\n  - c\n- d\ncontinued')).toEqual([
      {
        type: 'list',
        ordered: false,
        start: 1,
        tight: true,
        items: [
          [paragraph('a'), { type: 'list', ordered: false, start: 1, tight: true, items: [[paragraph('b')], [paragraph('c')]] }],
          [paragraph('d', { type: 'break' }, 'continued')],
        ],
      },
    ]);
  });

  test('ordered list keeps its start number; nesting under "1. " with 3 spaces', () => {
    expect(blocksOf('3. three\n4) four\n   * sub')).toEqual([
      {
        type: 'list',
        ordered: true,
        start: 3,
        tight: true,
        items: [
          [paragraph('three')],
          [paragraph('four'), { type: 'list', ordered: false, start: 1, tight: true, items: [[paragraph('sub')]] }],
        ],
      },
    ]);
  });

  test('items separated by blank lines form one loose list; a paragraph after a blank line ends it', () => {
    expect(blocksOf('- a\n\n- b\n\n  more b\n\nafter')).toEqual([
      { type: 'list', ordered: false, start: 1, tight: false, items: [[paragraph('a')], [paragraph('b'), paragraph('more b')]] },
      paragraph('after'),
    ]);
  });

  test('a switch between bullets and numbers starts a new list', () => {
    expect(blocksOf('- a\n1. b').map((block) => block.type === 'list' && block.ordered)).toEqual([false, true]);
  });

  test('lists interrupt a paragraph only when they start at 1 or are bullets with content', () => {
    expect(blocksOf('In the year\n1999. it was')).toEqual([paragraph('In the year', { type: 'break' }, '1999. it was')]);
    expect(blocksOf('Steps:\n1. go')[1]).toMatchObject({ type: 'list', ordered: true });
    expect(blocksOf('Text\n-')).toEqual([paragraph('Text', { type: 'break' }, '-')]);
  });

  test('CRLF line endings behave like LF', () => {
    expect(parseMarkdown('# A\r\n\r\nb\r\nc')).toEqual(parseMarkdown('# A\n\nb\nc'));
  });
});

describe('tables (GFM)', () => {
  const cells = (...texts: string[]) => texts.map((text) => (text ? [text] : []));

  test('a header row, a delimiter row with alignments, and rows; outer pipes optional; cells are inline markdown', () => {
    expect(blocksOf('| A | *B* | C | D |\n|:--|--:|:-:|---|\n| 1 | **2** | 3 | 4 |\n5 | 6 | 7 | 8')).toEqual([
      {
        type: 'table',
        align: ['left', 'right', 'center', ''],
        head: [['A'], [{ type: 'em', children: ['B'] }], ['C'], ['D']],
        rows: [[['1'], [{ type: 'strong', children: ['2'] }], ['3'], ['4']], cells('5', '6', '7', '8')],
      },
    ]);
  });

  test('short rows get empty cells, long rows are cut; an escaped pipe is a pipe, inside code too', () => {
    expect(blocksOf('a | b\n--|--\nonly\n1 | 2 | 3\nx \\| y | `p\\|q`')).toEqual([
      {
        type: 'table',
        align: ['', ''],
        head: cells('a', 'b'),
        rows: [cells('only', ''), cells('1', '2'), [['x | y'], [{ type: 'code', text: 'p|q' }]]],
      },
    ]);
  });

  test('an escaped backslash before a pipe does not escape the pipe: the cell ends there (GFM)', () => {
    expect(blocksOf('| path | note |\n|---|---|\n| C:\\\\| x |')).toEqual([
      { type: 'table', align: ['', ''], head: cells('path', 'note'), rows: [cells('C:\\', 'x')] },
    ]);
  });

  test('a table interrupts a paragraph; a line without pipes is a row, a blank line or a new block ends it', () => {
    expect(blocksOf('Compare:\n| a | b |\n|---|---|\n| 1 | 2 |\nnote\n# Next\n\n| c |\n| - |\n\nafter')).toEqual([
      paragraph('Compare:'),
      { type: 'table', align: ['', ''], head: cells('a', 'b'), rows: [cells('1', '2'), cells('note', '')] },
      { type: 'heading', level: 1, children: ['Next'] },
      { type: 'table', align: [''], head: cells('c'), rows: [] },
      paragraph('after'),
    ]);
  });

  test('no table without a delimiter row of as many cells, with a pipe', () => {
    expect(blocksOf('a | b\n--- | --- | ---')).toEqual([paragraph('a | b', { type: 'break' }, '--- | --- | ---')]);
    expect(blocksOf('a | b\n---')).toEqual([paragraph('a | b'), { type: 'rule' }]);
    expect(blocksOf('a | b\n| x | y |')).toEqual([paragraph('a | b', { type: 'break' }, '| x | y |')]);
    expect(blocksOf('a | b\n|-x-|---|')).toEqual([paragraph('a | b', { type: 'break' }, '|-x-|---|')]);
  });

  test('streamed: the header reads as text until its delimiter row has all its cells; the table closes on a blank line', () => {
    const parser = createIncrementalParser();
    parser.append('| a | b |\n|--');
    expect(parser.blocks.map((block) => block.type)).toEqual(['paragraph']);
    parser.append('-|---|\n| 1');
    expect([...parser.blocks]).toEqual([{ type: 'table', align: ['', ''], head: cells('a', 'b'), rows: [cells('1', '')] }]);
    parser.append(' | 2 |\n');
    expect(parser.closedCount).toBe(0);
    parser.append('\nafter');
    expect(parser.closedCount).toBe(1);
    expect([...parser.blocks]).toEqual(parseMarkdown('| a | b |\n|---|---|\n| 1 | 2 |\n\nafter'));
  });
});

describe('inline', () => {
  test('emphasis, strong, strike, and both at once', () => {
    expect(parseInline('*a* _b_ **c** __d__ ~~e~~ ***f***')).toEqual([
      { type: 'em', children: ['a'] },
      ' ',
      { type: 'em', children: ['b'] },
      ' ',
      { type: 'strong', children: ['c'] },
      ' ',
      { type: 'strong', children: ['d'] },
      ' ',
      { type: 'del', children: ['e'] },
      ' ',
      { type: 'em', children: [{ type: 'strong', children: ['f'] }] },
    ]);
  });

  test('nested and overlapping emphasis', () => {
    expect(parseInline('**bold *and em***')).toEqual([
      { type: 'strong', children: ['bold ', { type: 'em', children: ['and em'] }] },
    ]);
    expect(parseInline('*a **b* c**')).toEqual([
      { type: 'em', children: ['a ', { type: 'em', children: [{ type: 'em', children: ['b'] }, ' c'] }] },
    ]);
    expect(parseInline('**a *b** c')).toEqual(['*', { type: 'em', children: ['a ', { type: 'em', children: ['b'] }] }, ' c']);
  });

  test('intraword underscores, spaced stars, and single tildes stay text', () => {
    expect(parseInline('snake_case_name 2 * 3 * 4 ~x~')).toEqual(['snake_case_name 2 * 3 * 4 ~x~']);
  });

  test('unclosed delimiters stay literal', () => {
    expect(parseInline('**bold')).toEqual(['**bold']);
    expect(parseInline('a *b **c')).toEqual(['a *b **c']);
    expect(parseInline('`code')).toEqual(['`code']);
    expect(parseInline('[text](htt')).toEqual(['[text](htt']);
    expect(parseInline('![alt](https://x.com/a.png')).toEqual(['![alt](https://x.com/a.png']);
    expect(parseInline('~~gone')).toEqual(['~~gone']);
    // A closing run shorter than its opener closes what it can, as CommonMark says.
    expect(parseInline('**bold*')).toEqual(['*', { type: 'em', children: ['bold'] }]);
    expect(parseInline('**bold* more')).toEqual(['*', { type: 'em', children: ['bold'] }, ' more']);
  });

  test('streaming a formatted sentence live never shows a kind of element, or a delimiter, that the finished text does not have', () => {
    const sentence = 'Say **bold words**, ~~old~~ and `x` to [the site](https://x.y/a) now';
    const kinds = (nodes: readonly Inline[]): string[] =>
      nodes.flatMap((node) => (typeof node === 'string' ? [] : [node.type, ...('children' in node ? kinds(node.children) : [])]));
    const finalKinds = new Set(kinds(parseInline(sentence)));
    for (let end = 1; end <= sentence.length; end++) {
      const nodes = parseInline(sentence.slice(0, end), true);
      for (const kind of kinds(nodes)) expect(finalKinds, `prefix ${end}`).toContain(kind);
      expect(JSON.stringify(nodes), `prefix ${end}`).not.toMatch(/\*|~|`|\]\(/);
    }
  });

  test('code spans: any delimiter length, no markdown inside, one padding space stripped', () => {
    expect(parseInline('`*a*` `` b`c `` ```x``')).toEqual([
      { type: 'code', text: '*a*' },
      ' ',
      { type: 'code', text: 'b`c' },
      ' ```x``',
    ]);
  });

  test('backslash escapes punctuation; a backslash before a newline breaks the line', () => {
    expect(parseInline('\\*not em\\* \\[x\\](y) a\\b')).toEqual(['*not em* [x](y) a\\b']);
    expect(parseInline('a\\\nb')).toEqual(['a', { type: 'break' }, 'b']);
  });

  test('links, titles, parentheses in URLs, formatted link text', () => {
    expect(parseInline('[**go**](https://x.com/a_(b) "t") [m](mailto:a@b.c)')).toEqual([
      { type: 'link', href: 'https://x.com/a_(b)', children: [{ type: 'strong', children: ['go'] }] },
      ' ',
      { type: 'link', href: 'mailto:a@b.c', children: ['m'] },
    ]);
  });

  test('links do not nest; a bracket without a destination is text', () => {
    expect(parseInline('[a [b](https://b.c) c](https://d.e)')).toEqual([
      '[a ',
      { type: 'link', href: 'https://b.c', children: ['b'] },
      ' c](',
      { type: 'link', href: 'https://d.e', children: ['https://d.e'] },
      ')',
    ]);
    expect(parseInline('[note] and [x](https://x.y)')).toEqual(['[note] and ', { type: 'link', href: 'https://x.y', children: ['x'] }]);
  });

  test("a link's words may hold balanced brackets; an unbalanced one is text (CommonMark)", () => {
    expect(parseInline('[nested [brackets]](https://x.y) [a [b] [c [d]]](https://z.w)')).toEqual([
      { type: 'link', href: 'https://x.y', children: ['nested [brackets]'] },
      ' ',
      { type: 'link', href: 'https://z.w', children: ['a [b] [c [d]]'] },
    ]);
    expect(parseInline('![a [b]](https://x.y/i.png)')).toEqual([{ type: 'image', src: 'https://x.y/i.png', alt: 'a [b]' }]);
    // A bracket that pairs with no link's words takes no emphasis apart, and unbalanced words are not a link.
    expect(parseInline('[a *b] c*')).toEqual(['[a ', { type: 'em', children: ['b] c'] }]);
    expect(parseInline('[a ] b](https://x.y)')).toEqual(['[a ] b](', { type: 'link', href: 'https://x.y', children: ['https://x.y'] }, ')']);
  });

  test('bare URLs become links; trailing punctuation and brackets stay outside', () => {
    expect(parseInline('Go to https://a.com/x. Or (https://b.com/y), *https://c.com*! <https://d.com>')).toEqual([
      'Go to ',
      { type: 'link', href: 'https://a.com/x', children: ['https://a.com/x'] },
      '. Or (',
      { type: 'link', href: 'https://b.com/y', children: ['https://b.com/y'] },
      '), ',
      { type: 'em', children: [{ type: 'link', href: 'https://c.com', children: ['https://c.com'] }] },
      '! <',
      { type: 'link', href: 'https://d.com', children: ['https://d.com'] },
      '>',
    ]);
    expect(parseInline('xhttps://a.com http:// ftp://a.b')).toEqual(['xhttps://a.com http:// ftp://a.b']);
  });

  test('images only with http(s) sources; alt text is plain', () => {
    expect(parseInline('![a *b*](https://x.com/i.png)')).toEqual([{ type: 'image', src: 'https://x.com/i.png', alt: 'a b' }]);
  });
});

describe('safety', () => {
  test('unsafe link targets keep only their text', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:x', '/relative', '#top', '']) {
      expect(parseInline(`[click *me*](${href})`)).toEqual(['click ', { type: 'em', children: ['me'] }]);
    }
  });

  test('unsafe image sources are dropped for their alt text', () => {
    for (const src of ['data:image/png;base64,AAAA', 'javascript:alert(1)', '//evil.com/x.png', 'mailto:a@b.c']) {
      expect(parseInline(`![the alt](${src})`)).toEqual(['the alt']);
    }
  });

  test('raw HTML is plain text', () => {
    expect(blocksOf('<script>alert(1)</script>\n<img src=x onerror=alert(1)>')).toEqual([
      paragraph('<script>alert(1)</script>', { type: 'break' }, '<img src=x onerror=alert(1)>'),
    ]);
  });

  test('hostile inputs neither throw nor nest without bound', () => {
    const depthOf = (value: unknown): number =>
      typeof value === 'object' && value !== null ? 1 + Math.max(0, ...Object.values(value).map(depthOf)) : 0;
    const hostile = [
      '> '.repeat(5000) + 'deep',
      Array.from({ length: 300 }, (_, level) => ' '.repeat(level * 2) + '- x').join('\n'),
      '[x](a'.repeat(5000),
      '<http://a'.repeat(3000),
      '*a '.repeat(5000) + 'b' + '* '.repeat(5000),
      '[a'.repeat(5000) + '](https://x.y)'.repeat(5000),
      '`'.repeat(3000) + ' x ' + '``'.repeat(1000),
      '![['.repeat(3000),
      '](' + '('.repeat(5000),
    ];
    for (const text of hostile) {
      const blocks = parseMarkdown(text);
      expect(depthOf(blocks)).toBeLessThan(120);
    }
  });
});

describe('incremental parsing', () => {
  test('the incremental result equals parseMarkdown at every prefix', async () => {
    const { SAMPLE } = await import('./sample');
    const parser = createIncrementalParser();
    for (let end = 1; end <= SAMPLE.length; end++) {
      parser.append(SAMPLE[end - 1]!);
      expect([...parser.blocks], `prefix of ${end} characters`).toEqual(parseMarkdown(SAMPLE.slice(0, end)));
    }
    expect(parser.length).toBe(SAMPLE.length);
  });

  test('random-sized deltas give the same blocks as parsing the whole text', async () => {
    const { SAMPLE, randomSplit, seededRandom } = await import('./sample');
    const whole = parseMarkdown(SAMPLE);
    for (let seed = 1; seed <= 40; seed++) {
      const parser = createIncrementalParser();
      for (const piece of randomSplit(SAMPLE, seededRandom(seed), 1 + (seed % 30))) parser.append(piece);
      expect([...parser.blocks], `seed ${seed}`).toEqual(whole);
    }
  });

  test('a CR and LF split across deltas do not add a blank line', () => {
    const parser = createIncrementalParser();
    for (const piece of ['a\r', '\nb\r', '\n\r', '\nc']) parser.append(piece);
    expect([...parser.blocks]).toEqual(parseMarkdown('a\nb\n\nc'));
  });

  test('closed blocks keep their identity; only the open block is replaced', () => {
    const parser = createIncrementalParser();
    parser.append('# Title\n\nFirst para');
    expect(parser.closedCount).toBe(1);
    const heading = parser.blocks[0];
    const openBefore = parser.blocks[1];
    parser.append('graph continues');
    expect(parser.blocks[0]).toBe(heading);
    expect(parser.blocks[1]).not.toBe(openBefore);
    parser.append('\n\n- item');
    expect(parser.closedCount).toBe(2);
    const closedParagraph = parser.blocks[1];
    parser.append(' one\n- item two\n\n```\ncode');
    expect(parser.blocks[0]).toBe(heading);
    expect(parser.blocks[1]).toBe(closedParagraph);
    expect(parser.blocks).toHaveLength(4);
    expect(parser.closedCount).toBe(3);
  });

  test('a block closes only on a complete line: an unfinished last line never decides', () => {
    const parser = createIncrementalParser();
    parser.append('para\n#');
    expect(parser.closedCount).toBe(0);
    parser.append('tag');
    expect([...parser.blocks]).toEqual(parseMarkdown('para\n#tag'));
    parser.append('\n\n');
    expect(parser.closedCount).toBe(1);
  });

  test('an open fence grows without flashing a blank line or the closing backticks', () => {
    const parser = createIncrementalParser();
    const seen: string[] = [];
    for (const piece of ['```js\n', 'a = 1', '\n', 'b', '\n`', '`', '`', '\n', 'after']) {
      parser.append(piece);
      const first = parser.blocks[0];
      seen.push(first?.type === 'code' ? first.text : '');
    }
    expect(seen).toEqual(['', 'a = 1', 'a = 1', 'a = 1\nb', 'a = 1\nb', 'a = 1\nb', 'a = 1\nb', 'a = 1\nb', 'a = 1\nb']);
    expect(parser.closedCount).toBe(1);
  });

  test('work per append depends on the open block, not on the answer length', () => {
    const section = (n: number): string =>
      `## Part ${n}\n\nSome *text* for part ${n} with a [link](https://example.com/${n}) and \`code\`.\n` +
      `More words on a second line of part ${n}.\n\n- one\n- two\n\n\`\`\`\nline ${n}\n\`\`\`\n\n`;
    const document = Array.from({ length: 400 }, (_, n) => section(n)).join('');
    const longestBlock = Math.max(...section(399).split('\n\n').map((block) => block.length + 2));
    const parser = createIncrementalParser();
    const perAppend: number[] = [];
    for (let at = 0; at < document.length; at += 7) {
      const before = parser.scanned;
      parser.append(document.slice(at, at + 7));
      perAppend.push(parser.scanned - before);
    }
    expect(Math.max(...perAppend)).toBeLessThanOrEqual(longestBlock + 7);
    const firstTenth = perAppend.slice(0, perAppend.length / 10);
    const lastTenth = perAppend.slice((perAppend.length * 9) / 10);
    const total = (values: number[]): number => values.reduce((sum, value) => sum + value, 0);
    expect(total(lastTenth)).toBeLessThan(total(firstTenth) * 1.1);
    expect(parser.closedCount).toBe(400 * 4);
    expect([...parser.blocks]).toEqual(parseMarkdown(document));
  });

  test('append returns the live block list, and an empty delta changes nothing', () => {
    const parser = createIncrementalParser();
    const blocks = parser.append('a\n\nb');
    expect(blocks).toBe(parser.blocks);
    const scanned = parser.scanned;
    expect(parser.append('')).toBe(blocks);
    expect(parser.scanned).toBe(scanned);
  });
});

describe('live text: an answer that is still streaming', () => {
  const live = (text: string) => parseInline(text, true);

  test('unclosed emphasis, strike and code show as what they are becoming', () => {
    expect(live('Here are **3 ho')).toEqual(['Here are ', { type: 'strong', children: ['3 ho'] }]);
    expect(live('in *Seat')).toEqual(['in ', { type: 'em', children: ['Seat'] }]);
    expect(live('was ~~$2,1')).toEqual(['was ', { type: 'del', children: ['$2,1'] }]);
    expect(live('run `npm ins')).toEqual(['run ', { type: 'code', text: 'npm ins' }]);
    expect(live('**a *b')).toEqual([{ type: 'strong', children: ['a ', { type: 'em', children: ['b'] }] }]);
    // Finished text keeps CommonMark's reading: unclosed syntax is literal.
    expect(parseInline('Here are **3 ho')).toEqual(['Here are **3 ho']);
    expect(parseInline('run `npm ins')).toEqual(['run `npm ins']);
  });

  test('a delimiter, backtick or backslash at the very end waits for what follows', () => {
    expect(live('Here are **')).toEqual(['Here are ']);
    expect(live('**bold*')).toEqual([{ type: 'strong', children: ['bold'] }]);
    expect(live('was ~')).toEqual(['was ']);
    expect(live('run `')).toEqual(['run ']);
    expect(live('an escaped \\')).toEqual(['an escaped ']);
    expect(live('Great!')).toEqual(['Great']);
    // Not at the end, they are what they always were.
    expect(live('5 * 3 = 15 and \\ more')).toEqual(['5 * 3 = 15 and \\ more']);
    expect(parseInline('an escaped \\')).toEqual(['an escaped \\']);
  });

  test('a link whose address is still arriving shows its words only; an image shows nothing yet', () => {
    expect(live('See [22 Pine St](https://example.com/list')).toEqual(['See 22 Pine St']);
    expect(live('See [22 Pine St](')).toEqual(['See 22 Pine St']);
    expect(live('See [22 **Pine** St](https://example.com/x "22 Pi')).toEqual([
      'See 22 ',
      { type: 'strong', children: ['Pine'] },
      ' St',
    ]);
    expect(live('A ![front](https://example.com/img/22.jp')).toEqual(['A ']);
    // Closed, it is a link; malformed (a space in the address), it stays literal; without "](" the brackets show.
    expect(live('[22 Pine St](https://example.com/x) ok')).toEqual([
      { type: 'link', href: 'https://example.com/x', children: ['22 Pine St'] },
      ' ok',
    ]);
    expect(live('[a](b c d')).toEqual(['[a](b c d']);
    // A link's words arrive without their "[": it shows once its "]" comes without an address (a literal bracket).
    expect(live('See [22 Pine')).toEqual(['See 22 Pine']);
    expect(live('See [22 Pine] ok')).toEqual(['See [22 Pine] ok']);
    expect(parseInline('See [22 Pine St](https://example.com/list')).toEqual(['See [22 Pine St](https://example.com/list']);
  });

  test('a URL that reaches the end is not a link until it is whole', () => {
    expect(live('See https://example.com/sea')).toEqual(['See https://example.com/sea']);
    expect(live('See https://example.com/search for')).toEqual([
      'See ',
      { type: 'link', href: 'https://example.com/search', children: ['https://example.com/search'] },
      ' for',
    ]);
    expect(parseInline('See https://example.com/sea')).toEqual([
      'See ',
      { type: 'link', href: 'https://example.com/sea', children: ['https://example.com/sea'] },
    ]);
  });

  test('a table header is held back until its delimiter row makes it a table', () => {
    expect(parseMarkdown('Homes:\n| Address | Price |', true)).toEqual([paragraph('Homes:')]);
    expect(parseMarkdown('Homes:\n| Address | Price |\n', true)).toEqual([paragraph('Homes:')]);
    expect(parseMarkdown('Homes:\n| Address | Price |\n|', true)).toEqual([paragraph('Homes:')]);
    expect(parseMarkdown('Homes:\n| Address | Price |\n| :--- |', true)).toEqual([paragraph('Homes:')]);
    expect(parseMarkdown('| Address | Price |', true)).toEqual([]);
    const table = parseMarkdown('| Address | Price |\n| :--- | --:', true);
    expect(table).toEqual([{ type: 'table', align: ['left', 'right'], head: [['Address'], ['Price']], rows: [] }]);
    // Finished, or followed by more text, a line of pipes is what it is.
    expect(parseMarkdown('Homes:\n| Address | Price |')).toEqual([paragraph('Homes:', { type: 'break' }, '| Address | Price |')]);
    expect(parseMarkdown('| a |\n\nmore', true)[0]).toEqual(paragraph('| a |'));
    // Inside a code block nothing is held back.
    expect(parseMarkdown('```\n| a |', true)).toEqual([{ type: 'code', lang: '', text: '| a |' }]);
  });

  test('only what reaches the end is live: earlier blocks read exactly as in the finished text', async () => {
    const { SAMPLE } = await import('./sample');
    for (let at = SAMPLE.indexOf('\n\n'); at >= 0; at = SAMPLE.indexOf('\n\n', at + 1)) {
      const text = `${SAMPLE.slice(0, at + 2)}**tail`;
      const liveBlocks = parseMarkdown(text, true);
      const finished = parseMarkdown(text);
      expect(liveBlocks.slice(0, -1), `cut at ${at}`).toEqual(finished.slice(0, -1));
    }
    // A paragraph that a later line can still continue is live; a complete heading or table row is not.
    expect(parseMarkdown('**bold\n', true)).toEqual([paragraph({ type: 'strong', children: ['bold'] })]);
    expect(parseMarkdown('# **Title\n', true)).toEqual([{ type: 'heading', level: 1, children: ['**Title'] }]);
    expect(parseMarkdown('- one\n- **two', true)).toEqual([
      { type: 'list', ordered: false, start: 1, tight: true, items: [[paragraph('one')], [paragraph({ type: 'strong', children: ['two'] })]] },
    ]);
    expect(parseMarkdown('> quoted *te', true)).toEqual([
      { type: 'quote', blocks: [paragraph('quoted ', { type: 'em', children: ['te'] })] },
    ]);
  });

  test('a block followed by a complete blank line is closed, so it reads as finished text, live or not', () => {
    const liveIncremental = (text: string) => [...createIncrementalParser().append(text, true)];
    for (const text of ['`---\n\n', '**bold\n\n', '> *quoted\n\n', 'Homes:\n| a | b |\n\n']) {
      expect(liveIncremental(text), JSON.stringify(text)).toEqual(parseMarkdown(text));
      expect(parseMarkdown(text, true), JSON.stringify(text)).toEqual(parseMarkdown(text));
    }
    // A list goes on after a blank line (its next item may follow), so it is still live there.
    expect(parseMarkdown('- **item\n\n', true)).toEqual(liveIncremental('- **item\n\n'));
    expect(parseMarkdown('- **item\n\n', true)).not.toEqual(parseMarkdown('- **item\n\n'));
  });

  test('streamed live, the incremental parser equals a live parse of every prefix, and the finished parse at the end', async () => {
    const { SAMPLE, LISTING_ANSWER, randomSplit, seededRandom } = await import('./sample');
    for (const text of [SAMPLE, LISTING_ANSWER]) {
      const parser = createIncrementalParser();
      for (let end = 1; end <= text.length; end++) {
        parser.append(text[end - 1]!, true);
        expect([...parser.blocks], `prefix of ${end} characters`).toEqual(parseMarkdown(text.slice(0, end), true));
      }
      parser.append('', false);
      expect([...parser.blocks]).toEqual(parseMarkdown(text));
    }
    for (let seed = 1; seed <= 20; seed++) {
      const parser = createIncrementalParser();
      for (const piece of randomSplit(LISTING_ANSWER, seededRandom(seed), 1 + (seed % 9))) parser.append(piece, true);
      parser.append('', false);
      expect([...parser.blocks], `seed ${seed}`).toEqual(parseMarkdown(LISTING_ANSWER));
    }
  });

  test('while a demo answer streams, no emphasis, code, escape, image, link bracket or address, or table syntax shows', async () => {
    const { LISTING_ANSWER } = await import('./sample');
    for (let end = 1; end <= LISTING_ANSWER.length; end++) {
      for (const line of parseMarkdown(LISTING_ANSWER.slice(0, end), true).flatMap(visibleLines)) {
        expect(line, `prefix of ${end} characters`).not.toMatch(/[*~`\\|![]|\]\(/);
      }
    }
    expect(parseMarkdown(LISTING_ANSWER).flatMap(visibleLines).join('\n')).not.toMatch(/[*~`\\|![]/);
  });
});

/** The text a block shows, one string per line of text (images and their alt text show no text). */
function visibleLines(block: Block): string[] {
  const text = (nodes: readonly Inline[]): string =>
    nodes
      .map((node) =>
        typeof node === 'string' ? node : node.type === 'code' ? node.text : 'children' in node ? text(node.children) : ' ',
      )
      .join('');
  switch (block.type) {
    case 'paragraph':
    case 'heading':
      return [text(block.children)];
    case 'code':
      return [block.text];
    case 'quote':
      return block.blocks.flatMap(visibleLines);
    case 'list':
      return block.items.flat().flatMap(visibleLines);
    case 'table':
      return [block.head, ...block.rows].map((row) => row.map(text).join(' '));
    case 'rule':
      return [];
  }
}
