/**
 * A table in a streamed answer, in real Chromium: a table wider than the bubble scrolls inside it (the panel and
 * the bubble keep their width), keyboard users can scroll it (a stop named "Table", as a code block's is "Code"), the
 * GFM align attributes align the columns, and screen readers get a table with column headers.
 */
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../helpers/axe';
import { ask, htmlPage, scriptTag } from '../helpers/widget-pages';
import { useWidgetFixture } from '../helpers/widget-fixture';
import { png } from '../media/fixtures';
import { LISTING_ANSWER } from '../ui/markdown/sample';

const COLUMNS = ['Address', 'Neighbourhood', 'Price', 'Bedrooms', 'Bathrooms', 'Square feet', 'Notes'];
const LONG_NOTE = 'Corner unit with a view of the river, new kitchen, a shared roof deck and parking for one car';
/** An intro line, then the table one cell per chunk, so frames render it while it grows row by row. */
const ANSWER = [
  'Here they are side by side:\n\n',
  `| ${COLUMNS.join(' | ')} |\n`,
  '|:--|:--|--:|:-:|---|--:|--:|\n',
  ...['1650 SW Broadway #6', 'Downtown', '$1,395', '1', '1', '540', LONG_NOTE].map((cell) => `| ${cell} `),
  '|\n',
  ...['4417 SE Woodstock Blvd', 'Woodstock', '$2,300', '2', '1', '910', 'Quiet street'].map((cell) => `| ${cell} `),
  '|\n\nWant me to book a viewing?',
];

/** Two code blocks and two tables: four keyboard stops of two kinds. */
const CODE_AND_TABLE = [
  'Run:\n\n```sh\nnpm install chatbot-widget\n```\n\n| Option | Default |\n|---|---|\n| open | false |\n\n',
  'Then:\n\n```js\nmount({ serialNumber })\n```\n\n| Event | When |\n|---|---|\n| ready | at once |',
].join('');

const fixture = useWidgetFixture({
  scriptedAnswer: (question) =>
    question === 'Compare them'
      ? ANSWER
      : question === 'Homes in Seattle?'
        ? (LISTING_ANSWER.match(/[^]{1,4}/g) ?? [])
        : question === 'How do I install it?'
          ? [CODE_AND_TABLE]
          : undefined,
  streamDelayMs: 20,
});

describe('a table in a streamed answer', () => {
  it('scrolls inside the bubble, by keyboard too, with aligned columns and header cells', async () => {
    const { page, log, close } = await fixture.open(htmlPage(scriptTag(fixture.service.url, fixture.service.serialNumber, 'data-open')));
    try {
      await page.getByRole('dialog').waitFor();
      const panel = page.locator('.cw-panel');
      // Computed, not the bounding box: the panel's opening animation scales it for a moment.
      const width = () => panel.evaluate((element) => getComputedStyle(element).width);
      const panelWidth = await width();
      await ask(page, 'Compare them');
      const answer = page.locator('.cw-msg--assistant[data-status="done"]');
      await answer.waitFor();

      const table = answer.getByRole('table');
      expect(await table.getByRole('columnheader').allTextContents()).toEqual(COLUMNS);
      expect(await table.getByRole('row').count()).toBe(3);
      expect(await answer.locator('.cw-md > p').allTextContents()).toEqual(['Here they are side by side:', 'Want me to book a viewing?']);

      // Wider than the bubble: the wrapper scrolls, and neither the bubble nor the panel grew.
      const wrapper = answer.getByRole('group', { name: 'Table', exact: true });
      const sizes = await wrapper.evaluate((element) => {
        const bubble = element.closest('.cw-msg__bubble')!.getBoundingClientRect();
        const box = element.getBoundingClientRect();
        const log = element.closest('.cw-log')!;
        const logStyle = getComputedStyle(log);
        const logContentWidth = log.clientWidth - parseFloat(logStyle.paddingLeft) - parseFloat(logStyle.paddingRight);
        return {
          scrollWidth: element.scrollWidth,
          clientWidth: element.clientWidth,
          inside: box.right <= bubble.right + 0.5,
          bubbleShare: bubble.width / logContentWidth,
        };
      });
      expect(sizes.scrollWidth).toBeGreaterThan(sizes.clientWidth);
      expect(sizes.inside).toBe(true);
      expect(await width()).toBe(panelWidth);
      // Its message takes the log's whole width (other answers stop at 85 % of it).
      expect(sizes.bubbleShare).toBeGreaterThan(0.99);

      // Short values stay on one line (a table squeezed into the bubble wraps them word by word); a long one wraps
      // within its cell's maximum width.
      const lines = (text: string) =>
        answer.getByRole('cell', { name: text, exact: true }).evaluate((cell) => {
          // Line boxes of the cell's text (the cell itself is as tall as its row).
          const range = document.createRange();
          range.selectNodeContents(cell);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        });
      expect(await lines('1650 SW Broadway #6')).toBe(1);
      expect(await lines(LONG_NOTE)).toBeGreaterThan(1);

      // Keyboard: the wrapper takes focus, and the arrow keys scroll it.
      await wrapper.focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => wrapper.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);

      // The align attributes (allowed under a strict CSP, unlike style attributes) align the cells (Chromium maps
      // them to -webkit-right and the like); an unaligned header cell starts like its column instead of being centred.
      const textAlign = (selector: string) => answer.locator(selector).evaluate((element) => getComputedStyle(element).textAlign);
      expect(await textAlign('tbody tr:first-child td:nth-child(3)')).toMatch(/^(-webkit-)?right$/);
      expect(await textAlign('tbody tr:first-child td:nth-child(4)')).toMatch(/^(-webkit-)?center$/);
      expect(await textAlign('thead th:nth-child(1)')).toMatch(/^(-webkit-)?left$/);
      expect(await textAlign('thead th:nth-child(5)')).toBe('start');
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('a code block and a table are keyboard stops that say what they are', async () => {
    const { page, log, close } = await fixture.open(htmlPage(scriptTag(fixture.service.url, fixture.service.serialNumber, 'data-open')));
    try {
      await page.getByRole('dialog').waitFor();
      await ask(page, 'How do I install it?');
      const answer = page.locator('.cw-msg--assistant[data-status="done"]');
      await answer.waitFor();
      // Tab goes from stop to stop; each has a role and a name for the screen reader to say.
      await answer.locator('pre').first().focus();
      const stops: string[] = [];
      for (let stop = 0; stop < 4; stop++) {
        stops.push(
          await page.evaluate(() => {
            const active = document.querySelector('chatbot-widget-host')!.shadowRoot!.activeElement!;
            return `${active.tagName} ${active.getAttribute('role')} ${active.getAttribute('aria-label')}`;
          }),
        );
        await page.keyboard.press('Tab');
      }
      expect(stops).toEqual(['PRE group Code', 'DIV group Table', 'PRE group Code', 'DIV group Table']);
      expect(await seriousViolations(page)).toEqual([]);
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('never shows markdown syntax while the answer streams: no pipes, asterisks, backticks or half addresses', async () => {
    const { page, log, close } = await fixture.open(htmlPage(scriptTag(fixture.service.url, fixture.service.serialNumber, 'data-open')));
    try {
      await page.getByRole('dialog').waitFor();
      const requested: string[] = [];
      await page.route('https://example.com/**', async (route) => {
        requested.push(route.request().url());
        await route.fulfill({ status: 200, contentType: 'image/png', body: Buffer.from(png(40, 30)) });
      });
      // What each rendered frame shows of the newest answer.
      await page.evaluate(() => {
        const root = document.querySelector('chatbot-widget-host')!.shadowRoot!;
        const frames: string[] = [];
        (window as unknown as { answerFrames: string[] }).answerFrames = frames;
        const sample = (): void => {
          const answers = root.querySelectorAll('.cw-msg--assistant:not(.cw-msg--welcome) .cw-md');
          const text = answers[answers.length - 1]?.textContent ?? '';
          if (text !== frames[frames.length - 1]) frames.push(text);
          requestAnimationFrame(sample);
        };
        requestAnimationFrame(sample);
      });
      await ask(page, 'Homes in Seattle?');
      const answer = page.locator('.cw-msg--assistant[data-status="done"]');
      await answer.waitFor();
      await page.evaluate(() => new Promise(requestAnimationFrame));
      const frames = await page.evaluate(() => (window as unknown as { answerFrames: string[] }).answerFrames);
      // Many frames showed the answer growing (4 characters every 20 ms), none of them any syntax.
      expect(frames.length).toBeGreaterThan(40);
      for (const text of frames) expect(text).not.toMatch(/[*~`|!\\]|\]\(/);
      expect(await answer.getByRole('table').getByRole('row').count()).toBe(3);
      expect(await answer.getByRole('link').count()).toBe(4);
      expect(await answer.locator('strong').count()).toBe(4);
      // The image loaded from its whole address only, never from one half typed.
      expect(requested).toEqual(['https://example.com/img/22-pine.jpg']);
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });
});
