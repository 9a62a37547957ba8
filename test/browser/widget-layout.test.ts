/**
 * The panel's layout in real Chromium where it is tight: short viewports (a phone on its side, the on-screen
 * keyboard, a desktop zoomed to 200 %, WCAG 1.4.10's 320 x 256), where every part must stay within reach and the log
 * keep room to be read, and narrow ones, where nothing may be wider than the screen.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { ask, htmlPage, scriptTag } from '../helpers/widget-pages';
import { useWidgetFixture } from '../helpers/widget-fixture';
import { png } from '../media/fixtures';

const ANSWER = Array.from({ length: 12 }, (_, line) => `Line ${line + 1} of the answer.\n\n`);
/** An Arabic answer with a numbered list, a bulleted one and a table. */
const ARABIC_ANSWER = [
  'لدينا منزلان:\n\n1. منزل عائلي بثلاث غرف نوم\n2. شقة قرب البحر\n\n',
  '- نقطة أولى\n- نقطة ثانية\n\n',
  '| المدينة | السعر |\n|---|---|\n| أوستن | 650 ألف |\n',
];
/** A table wider than a phone: six columns of values that do not wrap. */
const WIDE_TABLE = [
  'Three homes:\n\n| Address | City | Price | Bedrooms | Bathrooms | Square feet |\n|---|---|---|---|---|---|\n',
  '| 500 Aloha St #302 | Seattle, WA | $2,450 / month | 2 | 1 | 910 |\n',
  '| 2600 2nd Ave #1109 | Seattle, WA | $3,100 / month | 2 | 2 | 1,040 |\n',
];
const SCRIPTED: Record<string, string[]> = { 'Tell me more': ANSWER, 'منازل': ARABIC_ANSWER, 'Compare them': WIDE_TABLE };
const fixture = useWidgetFixture({ scriptedAnswer: (question) => SCRIPTED[question] });

/** A page with <chatbot-widget> (registered by the script tag without a serial number) and its inline settings. */
function elementPage(options: { mode?: 'inline' | 'floating'; settings?: Record<string, unknown>; style?: string; body?: string }): string {
  const { mode = 'floating', settings = {}, style = '', body = '<main id="chat"></main>' } = options;
  return htmlPage(`<style>${style}</style>${body}
    <script src="/dist/chatbot-widget.js" async></script>
    <script type="module">
      const element = document.createElement('chatbot-widget');
      element.settings = ${JSON.stringify(settings)};
      element.setAttribute('mode', '${mode}');
      element.setAttribute('serial-number', '${fixture.service.serialNumber}');
      element.setAttribute('base-url', '${fixture.service.url}');
      document.getElementById('chat').append(element);
    </script>`);
}

/** A screenshot once the panel's opening animation is over (it fades the panel in). */
/**
 * Opens the demo chatbot's panel from the launcher by keyboard, then Shift+Tabs up from the text field `steps` times:
 * each control focused on the way shows below the sticky header, not under it (the header's own buttons end the walk).
 */
async function shiftTabUpBelowHeader(page: Page, steps: number): Promise<void> {
  // Opened once the chatbot's settings are in: its suggestions are there from the first frame of the panel.
  await expect.poll(() => page.locator('.cw-launcher').getAttribute('aria-label')).toBe('Open chat with Harbor & Pine Realty');
  await page.locator('.cw-launcher').focus();
  await page.keyboard.press('Enter');
  await page.locator('.cw-chip').first().waitFor();
  const input = page.getByRole('textbox', { name: 'Message' });
  await expect.poll(() => input.evaluate((element) => element === (element.getRootNode() as ShadowRoot).activeElement)).toBe(true);
  for (let step = 1; step <= steps; step += 1) {
    await page.keyboard.press('Shift+Tab');
    const focused = await page.evaluate(() => {
      const root = document.querySelector('chatbot-widget-host')!.shadowRoot!;
      const box = root.activeElement!.getBoundingClientRect();
      return { what: root.activeElement!.className, top: box.top, headerBottom: root.querySelector('.cw-panel__header')!.getBoundingClientRect().bottom };
    });
    if (focused.what.includes('cw-panel__')) break;
    expect(focused.top, `${focused.what} after ${step} Shift+Tab`).toBeGreaterThanOrEqual(focused.headerBottom - 0.5);
  }
}

async function settledScreenshot(page: Page, name: string): Promise<void> {
  await page.locator('.cw-panel').evaluate((panel) => Promise.all(panel.getAnimations().map((animation) => animation.finished)));
  await screenshot(page, name);
}

/** How far the page scrolls sideways (0: it fits its viewport). */
const pageOverflowX = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

interface Reach {
  /** Parts whose centre, hit-tested, is the part itself (not covered, not outside the viewport). */
  reachable: Record<string, boolean>;
  logHeight: number;
  /** The suggestions start below the log's box (they once drew over a log squeezed to nothing). */
  chipsBelowLog: boolean;
  /** Horizontal overflow of the panel and of the page. */
  panelOverflowX: number;
  pageOverflowX: number;
}

/** What the visitor can reach with the panel scrolled as it is, to its top or to its end. */
async function reach(page: Page, scrolled: 'as is' | 'top' | 'end'): Promise<Reach> {
  return page.evaluate(async (where) => {
    const root = document.querySelector('chatbot-widget-host')!.shadowRoot!;
    const panel = root.querySelector<HTMLElement>('.cw-panel')!;
    if (where === 'top') panel.scrollTop = 0;
    if (where === 'end') panel.scrollTop = panel.scrollHeight;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const hits = (selector: string): boolean => {
      const element = root.querySelector(selector);
      if (element === null) return false;
      const box = element.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + Math.min(box.height / 2, 10);
      if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
      const hit = root.elementFromPoint(x, y);
      return hit !== null && (hit === element || element.contains(hit));
    };
    const log = root.querySelector('.cw-log')!.getBoundingClientRect();
    const chips = root.querySelector('.cw-chips')?.getBoundingClientRect();
    return {
      reachable: Object.fromEntries(
        ['.cw-panel__close', '.cw-log', '.cw-composer__input', '.cw-composer__send', '.cw-privacy__link'].map((selector) => [
          selector,
          hits(selector),
        ]),
      ),
      logHeight: log.height,
      chipsBelowLog: chips === undefined || chips.top >= log.bottom - 0.5,
      panelOverflowX: panel.scrollWidth - panel.clientWidth,
      pageOverflowX: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  }, scrolled);
}

describe('the panel on a short screen', () => {
  it.each([
    { name: 'reflow (WCAG 1.4.10)', width: 320, height: 256 },
    { name: 'phone with the keyboard open', width: 360, height: 330 },
    { name: 'desktop at 200 %', width: 640, height: 400 },
    { name: 'phone on its side', width: 740, height: 360 },
    { name: 'phone on its side with the keyboard open', width: 740, height: 200 },
  ])('$name ($width x $height): header, log, text field, send and footer stay within reach', async ({ width, height }) => {
    const { page, log, close } = await fixture.open(htmlPage(scriptTag(fixture.service.url, fixture.service.serialNumber)), {
      viewport: { width, height },
    });
    try {
      await page.locator('.cw-launcher').click();
      await page.locator('.cw-chip').first().waitFor();
      const input = page.getByRole('textbox', { name: 'Message' });
      await expect.poll(() => input.evaluate((element) => element === (element.getRootNode() as ShadowRoot).activeElement)).toBe(true);
      await settledScreenshot(page, `layout-short-${width}x${height}-open`);

      // As opened, with the focus in the text field: close, the field and send show (the field at the view's end).
      const opened = await reach(page, 'as is');
      expect(opened.reachable).toMatchObject({ '.cw-panel__close': true, '.cw-composer__input': true, '.cw-composer__send': true });
      expect(opened.chipsBelowLog).toBe(true);
      // A log with room for a few lines (half the panel where the panel is tiny), never squeezed to its padding.
      expect(opened.logHeight).toBeGreaterThanOrEqual(Math.min(160, (height - 40) / 2) - 1);
      expect([opened.panelOverflowX, opened.pageOverflowX]).toEqual([0, 0]);
      // Scrolled, the panel shows its log at the top and its footer at the end; the header stays.
      expect((await reach(page, 'top')).reachable).toMatchObject({ '.cw-panel__close': true, '.cw-log': true });
      expect((await reach(page, 'end')).reachable).toMatchObject({ '.cw-panel__close': true, '.cw-privacy__link': true });

      // The first question takes the suggestions away: the view still ends at the text field, with the log above.
      await input.focus();
      await ask(page, 'Tell me more');
      await page.locator('.cw-msg--assistant[data-status="done"]').waitFor();
      const answered = await reach(page, 'as is');
      expect(answered.reachable).toMatchObject({ '.cw-panel__close': true, '.cw-composer__input': true, '.cw-composer__send': true });
      const lastLine = page.locator('.cw-md__p', { hasText: 'Line 12 of the answer.' });
      const lastLineShows = await lastLine.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const hit = (element.getRootNode() as ShadowRoot).elementFromPoint(box.left + 4, box.top + box.height / 2);
        return hit !== null && element.contains(hit);
      });
      // Only a 160 px panel (740 x 200) has no room for the answer's last line between header and text field.
      if (height > 200) expect(lastLineShows).toBe(true);
      await settledScreenshot(page, `layout-short-${width}x${height}-answered`);
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });
});

/** Whether each control's centre, hit-tested, is the control itself: inside the panel's view, not under its header. */
function inView(page: Page, selectors: string[]): Promise<Record<string, boolean>> {
  return page.evaluate(async (wanted) => {
    const root = document.querySelector('chatbot-widget')!.shadowRoot!;
    await Promise.all(root.querySelector('.cw-panel')!.getAnimations().map((animation) => animation.finished));
    return Object.fromEntries(
      wanted.map((selector) => {
        const element = root.querySelector(selector)!;
        const box = element.getBoundingClientRect();
        const hit = root.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return [selector, hit !== null && element.contains(hit)];
      }),
    );
  }, selectors);
}

describe('what grows above the text field on a short screen', () => {
  it.each([
    { name: 'desktop at 200 %', width: 640, height: 400 },
    { name: 'phone with the keyboard open', width: 360, height: 330 },
  ])('$name: files added to the tray, then the rate limit notice, keep the text field, send and the focused button in view', async ({ width, height }) => {
    const settings = { EnableUploadImage: true, RateLimitCount: 1, RateLimitTime: 600 };
    const { page, log, close } = await fixture.open(elementPage({ settings }), { viewport: { width, height } });
    try {
      await page.locator('.cw-launcher').click();
      await page.locator('.cw-chip').first().waitFor();
      // A keyboard visitor's way to the picker: focus stays on its button while the files are chosen and upload.
      const attach = page.getByRole('button', { name: 'Attach images or a video' });
      await attach.focus();
      await page.locator('input.cw-composer__file').setInputFiles(
        ['porch', 'garden', 'kitchen'].map((name) => ({ name: `${name}.png`, mimeType: 'image/png', buffer: Buffer.from(png()) })),
      );
      await page.locator('.cw-media__item--uploaded').nth(2).waitFor();
      expect(await attach.evaluate((element) => element === (element.getRootNode() as ShadowRoot).activeElement)).toBe(true);
      expect(await inView(page, ['.cw-composer__image', '.cw-composer__input', '.cw-composer__send'])).toEqual({
        '.cw-composer__image': true, '.cw-composer__input': true, '.cw-composer__send': true,
      });

      // The one question the limit allows, then a second one it holds back: its notice shows above the text field.
      await ask(page, 'What are these?');
      await page.locator('.cw-msg--assistant[data-status="done"]').waitFor();
      await ask(page, 'Tell me more');
      await page.locator('.cw-limit').waitFor();
      expect(await inView(page, ['.cw-limit', '.cw-composer__input', '.cw-composer__send'])).toEqual({
        '.cw-limit': true, '.cw-composer__input': true, '.cw-composer__send': true,
      });
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('a page link under the open panel', () => {
  it('Escape on the page closes the panel that hides it, and focus stays on the link, now in view (WCAG 2.4.11)', async () => {
    // The page's own navigation at the top right, where a floating panel beside the page opens over it.
    const body = '<nav style="position: absolute; top: 120px; right: 60px"><a id="buy" href="#buy">Buy</a></nav><main id="chat"></main>';
    const { page, log, close } = await fixture.open(elementPage({ body }), { viewport: { width: 1280, height: 800 } });
    try {
      await page.locator('.cw-launcher').click();
      await page.locator('.cw-chip').first().waitFor();
      // Shift+Tab from the launcher, which comes first in the widget, to the page's last link.
      await page.locator('.cw-launcher').focus();
      await page.keyboard.press('Shift+Tab');
      const link = page.locator('#buy');
      const shown = (): Promise<{ focused: boolean; seen: boolean }> =>
        link.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return {
            focused: document.activeElement === element,
            seen: document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) === element,
          };
        });
      expect(await shown()).toEqual({ focused: true, seen: false });

      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('.cw-panel').isHidden()).toBe(true);
      expect(await shown()).toEqual({ focused: true, seen: true });
      expect(await page.locator('.cw-launcher').getAttribute('aria-expanded')).toBe('false');
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('a conversation longer than the log', () => {
  it('at 320 x 256, Shift+Tab back up from the text field shows each control below the sticky header, not under it', async () => {
    const { page, close } = await fixture.open(htmlPage(scriptTag(fixture.service.url, fixture.service.serialNumber)), {
      viewport: { width: 320, height: 256 },
    });
    try {
      await shiftTabUpBelowHeader(page, 4);
    } finally {
      await close();
    }
  });

  it('scrolls in the log only: the panel around it has nothing to scroll, so a wheel over the text field moves nothing', async () => {
    const { page, log, close } = await fixture.open(htmlPage(scriptTag(fixture.service.url, fixture.service.serialNumber)));
    try {
      await page.locator('.cw-launcher').click();
      for (let asked = 1; asked <= 3; asked += 1) {
        await ask(page, 'Tell me more');
        await page.locator('.cw-msg--assistant[data-status="done"]').nth(asked - 1).waitFor();
      }
      const overflow = (selector: string): Promise<number> =>
        page.locator(selector).evaluate((element) => element.scrollHeight - element.clientHeight);
      expect(await overflow('.cw-log')).toBeGreaterThan(0);
      // The messages' screen-reader labels are absolutely positioned: the log must be what holds them.
      expect(await overflow('.cw-panel')).toBe(0);
      const input = page.getByRole('textbox', { name: 'Message' });
      await input.hover();
      await page.mouse.wheel(0, 600);
      await page.waitForTimeout(200);
      expect(await page.locator('.cw-panel').evaluate((panel) => panel.scrollTop)).toBe(0);
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('the panel on a narrow screen', () => {
  it('an inline panel in a grid column of a 320 px page is no wider than the page', async () => {
    // A grid column (like a flex item) is at least as wide as its content's min-content width.
    const { page, log, close } = await fixture.open(
      elementPage({ mode: 'inline', style: 'body { margin: 0 } main { display: grid; grid-template-columns: 1fr; padding: 8px }' }),
      { viewport: { width: 320, height: 700 } },
    );
    try {
      await page.getByRole('textbox', { name: 'Message' }).waitFor();
      await page.locator('.cw-chip').first().waitFor();
      await settledScreenshot(page, 'layout-inline-320');
      expect(await pageOverflowX(page)).toBe(0);
      const panelRight = await page.locator('.cw-panel').evaluate((element) => element.getBoundingClientRect().right);
      expect(panelRight).toBeLessThanOrEqual(320);
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('an inline panel in a grid column of a 320 px page stays as wide as the page when an answer brings a wide table', async () => {
    const { page, log, close } = await fixture.open(
      elementPage({ mode: 'inline', style: 'body { margin: 0 } main { display: grid; grid-template-columns: 1fr; padding: 8px }' }),
      { viewport: { width: 320, height: 700 } },
    );
    try {
      await ask(page, 'Compare them');
      await page.locator('.cw-msg--assistant[data-status="done"] .cw-md__table').waitFor();
      await settledScreenshot(page, 'layout-inline-320-table');
      expect(await pageOverflowX(page)).toBe(0);
      const widths = await page.locator('.cw-md__table').evaluate((wrapper) => ({
        panelRight: wrapper.closest('.cw-panel')!.getBoundingClientRect().right,
        // The table keeps its width, and scrolls inside its bubble instead.
        tableScrolls: wrapper.scrollWidth > wrapper.clientWidth,
      }));
      expect(widths).toEqual({ panelRight: 312, tableScrolls: true });
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('a suggestion with a long word or URL wraps inside the 320 px screen; one on several lines keeps its text inside its border', async () => {
    const suggestions = [
      'Supercalifragilisticexpialidociouslylongwordwithoutanyspacesatallthatgoesonandonandon',
      'https://example.com/a/very/long/path/that/keeps/going/and/going/without/any/break?query=parameter',
      'Could you show me three-bedroom family homes near good schools, with a garden, under $650k in Austin?',
      'Short one',
    ];
    const { page, log, close } = await fixture.open(elementPage({ settings: { SuggestedMessage: suggestions.join('\n') } }), {
      viewport: { width: 320, height: 640 },
    });
    try {
      await page.locator('.cw-launcher').click();
      await page.locator('.cw-chip').first().waitFor();
      await settledScreenshot(page, 'layout-chips-320');
      const chips = await page.locator('.cw-chip').evaluateAll((elements) =>
        elements.map((element) => {
          const box = element.getBoundingClientRect();
          const style = getComputedStyle(element);
          const border = parseFloat(style.borderTopWidth);
          // The radius as drawn: CSS scales radii down until two of them fit a side (999px becomes half the height);
          // the text must stay inside the border's inner edge, whose radius is that less the border.
          const radius = Math.min(parseFloat(style.borderTopLeftRadius), box.width / 2, box.height / 2);
          const inner = { left: box.left + border, top: box.top + border, right: box.right - border, bottom: box.bottom - border };
          const r = Math.max(0, radius - border);
          /** How far (px) a point lies outside the rounded inner edge (0: inside). */
          const outside = (x: number, y: number): number => {
            const cx = Math.min(Math.max(x, inner.left + r), inner.right - r);
            const cy = Math.min(Math.max(y, inner.top + r), inner.bottom - r);
            const beyondBox = Math.max(inner.left - x, x - inner.right, inner.top - y, y - inner.bottom, 0);
            return Math.max(beyondBox, Math.hypot(x - cx, y - cy) - r);
          };
          const range = document.createRange();
          range.selectNodeContents(element);
          const lines = Array.from(range.getClientRects()).filter((rect) => rect.width > 0);
          const corners = lines.flatMap((line) => [
            [line.left, line.top], [line.right, line.top], [line.left, line.bottom], [line.right, line.bottom],
          ]);
          return {
            text: element.textContent,
            left: Math.round(box.left),
            right: Math.round(box.right),
            lines: new Set(lines.map((line) => Math.round(line.top))).size,
            textOutside: Math.max(0, ...corners.map(([x, y]) => outside(x!, y!))),
            pill: radius >= box.height / 2 - 0.5,
          };
        }),
      );
      expect(chips.map((chip) => chip.text)).toEqual(suggestions);
      for (const chip of chips) expect([chip.text, chip.left >= 16 && chip.right <= 304]).toEqual([chip.text, true]);
      // The long question wraps to several lines; no line's text runs past the chip's rounded corners.
      expect(chips[2]?.lines).toBeGreaterThanOrEqual(3);
      for (const chip of chips) expect([chip.text, chip.textOutside]).toEqual([chip.text, 0]);
      // A chip on one line keeps the pill look: fully rounded ends.
      expect(chips[3]).toMatchObject({ lines: 1, pill: true });
      expect(await pageOverflowX(page)).toBe(0);
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('an Arabic answer', () => {
  it.each(['rtl', 'ltr'])('lays its lists and table out right to left, markers inside the list (page dir=%s)', async (pageDir) => {
    const arabicPage = htmlPage(scriptTag(fixture.service.url, fixture.service.serialNumber, 'data-open')).replace(
      '<html lang="en">',
      `<html lang="ar" dir="${pageDir}">`,
    );
    const { page, log, close } = await fixture.open(arabicPage, { viewport: { width: 800, height: 700 } });
    try {
      await page.getByRole('dialog').waitFor();
      await ask(page, 'منازل');
      const answer = page.locator('.cw-msg--assistant[data-status="done"]');
      await answer.waitFor();
      await settledScreenshot(page, `layout-arabic-lists-page-${pageDir}`);
      const layout = await answer.evaluate((message) => {
        const style = (selector: string) => getComputedStyle(message.querySelector(selector)!);
        const box = (element: Element) => element.getBoundingClientRect();
        // A marker sits outside its item, on the item's start side, in the list's padding: inside the list's box.
        const markersInside = [...message.querySelectorAll('ol, ul')].every((list) =>
          [...list.children].every((item) => box(list).right - box(item).right >= 12),
        );
        return {
          directions: ['ol', 'ul', 'li', 'table', 'th'].map((selector) => style(selector).direction),
          listPadding: [style('ol').paddingLeft, parseFloat(style('ol').paddingRight) > 12],
          markersInside,
          headerAlign: style('th').textAlign,
          headerPadding: (({ paddingLeft, paddingRight }) => [paddingLeft, paddingRight])(
            getComputedStyle((message.getRootNode() as ShadowRoot).querySelector('.cw-panel__header')!),
          ),
        };
      });
      expect(layout.directions).toEqual(['rtl', 'rtl', 'rtl', 'rtl', 'rtl']);
      expect(layout.listPadding).toEqual(['0px', true]);
      expect(layout.markersInside).toBe(true);
      expect(layout.headerAlign).toBe('start');
      // The header's wider padding is on the name's side: the right on a right-to-left page.
      expect(layout.headerPadding).toEqual(pageDir === 'rtl' ? ['8px', '14px'] : ['14px', '8px']);
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("an earlier day's message time", () => {
  it.each(['he-IL', 'fa-IR'])('reads in its own order in a right-to-left locale (%s): the day first, the time last', async (locale) => {
    const days = 3 * 24 * 3600 * 1000;
    const kept = [
      { id: 'old-1', role: 'user', status: 'sent', createdAt: Date.now() - days, text: 'שלום' },
      { id: 'old-2', role: 'assistant', status: 'done', createdAt: Date.now() - days + 5000, text: 'Hello.' },
    ];
    const html = htmlPage(`<script>localStorage.setItem('cw:${fixture.service.serialNumber}:chat:messages', ${JSON.stringify(JSON.stringify(kept))});</script>
      ${scriptTag(fixture.service.url, fixture.service.serialNumber, `data-open data-locale="${locale}"`)}`);
    const { page, log, close } = await fixture.open(html);
    try {
      const time = page.locator('.cw-msg--assistant .cw-msg__time');
      await time.waitFor();
      const runs = await time.evaluate((element) => {
        const text = element.firstChild!;
        const left = (from: number, to: number): number => {
          const range = document.createRange();
          range.setStart(text, from);
          range.setEnd(text, to);
          return range.getBoundingClientRect().left;
        };
        const words = text.textContent!;
        const month = words.search(/\p{L}/u);
        return { day: left(0, 1), month: left(month, month + 1), clock: left(words.length - 1, words.length) };
      });
      // Right to left: the day at the right, then the month, the clock at the left.
      expect(runs.day).toBeGreaterThan(runs.month);
      expect(runs.month).toBeGreaterThan(runs.clock);
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('forced colours (Windows High Contrast)', () => {
  it('the panel, its header, the bubbles and the typing dots stay visible when backgrounds and shadows go', async () => {
    const { page, log, close } = await fixture.open(htmlPage(scriptTag(fixture.service.url, fixture.service.serialNumber, 'data-open')), {
      viewport: { width: 1000, height: 760 },
    });
    try {
      await page.emulateMedia({ forcedColors: 'active' });
      await page.getByRole('dialog').waitFor();
      await ask(page, 'Tell me more');
      await page.locator('.cw-msg--assistant[data-status="done"]').waitFor();
      // A question whose answer never comes: the typing dots stay.
      await page.route('**/ClientAsk**', () => undefined);
      await ask(page, 'Still there?');
      await page.locator('.cw-typing').waitFor();
      await settledScreenshot(page, 'layout-forced-colors');
      const borders = await page.locator('.cw-panel').evaluate((panel) => {
        const edge = (selector: string, side: 'top' | 'bottom' = 'top') => {
          const style = getComputedStyle(selector === '.cw-panel' ? panel : panel.querySelector(selector)!);
          return `${style.getPropertyValue(`border-${side}-style`)} ${style.getPropertyValue(`border-${side}-width`)}`;
        };
        return {
          panel: edge('.cw-panel'),
          header: edge('.cw-panel__header', 'bottom'),
          question: edge('.cw-msg--user .cw-msg__bubble'),
          answer: edge('.cw-msg--assistant .cw-msg__bubble'),
          typing: edge('.cw-typing'),
        };
      });
      expect(borders).toEqual({ panel: 'solid 1px', header: 'solid 1px', question: 'solid 1px', answer: 'solid 1px', typing: 'solid 1px' });
      const dotAgainstPanel = await page.locator('.cw-typing__dot').first().evaluate((dot) => [
        getComputedStyle(dot).backgroundColor,
        getComputedStyle(dot.closest('.cw-panel')!).backgroundColor,
      ]);
      expect(dotAgainstPanel[0]).not.toBe(dotAgainstPanel[1]);
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('the welcome popup', () => {
  it.each([
    { name: 'a 593-character welcome on a phone held sideways', width: 844, height: 390, repeat: 18 },
    { name: 'a huge welcome on a desktop', width: 1280, height: 800, repeat: 200 },
  ])('$name stays on screen, scrolls, and keeps its dismiss button in view', async ({ width, height, repeat }) => {
    const welcome = 'Welcome to Harbor & Pine Realty! '.repeat(repeat).trim();
    const { page, log, close } = await fixture.open(elementPage({ settings: { WelcomeMessage: welcome } }), { viewport: { width, height } });
    try {
      const popup = page.locator('.cw-popup');
      await popup.waitFor();
      await popup.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
      await screenshot(page, `layout-popup-${width}x${height}`);
      const measure = (scrollTo: 'top' | 'end') =>
        popup.evaluate((element, where) => {
          element.scrollTop = where === 'end' ? element.scrollHeight : 0;
          const box = element.getBoundingClientRect();
          const dismiss = element.querySelector('.cw-popup__dismiss')!;
          const dismissBox = dismiss.getBoundingClientRect();
          const hit = (element.getRootNode() as ShadowRoot).elementFromPoint(dismissBox.left + 14, dismissBox.top + 14);
          return {
            top: box.top,
            height: box.height,
            scrolls: element.scrollHeight > element.clientHeight,
            dismissReachable: hit !== null && dismiss.contains(hit),
          };
        }, scrollTo);
      const atTop = await measure('top');
      expect(atTop.top).toBeGreaterThanOrEqual(0);
      expect(atTop.height).toBeLessThanOrEqual(height / 2 + 0.5);
      expect(atTop.scrolls).toBe(true);
      expect(atTop.dismissReachable).toBe(true);
      expect((await measure('end')).dismissReachable).toBe(true);
      // Its whole text is still there (and in the panel's welcome message, one click away).
      expect(await page.locator('.cw-popup__text').textContent()).toBe(welcome);
      await page.locator('.cw-popup__dismiss').click();
      await popup.waitFor({ state: 'detached' });
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('the welcome popup on a page of either direction', () => {
  it.each(['rtl', 'ltr'])("keeps its text's padding from the popup's edge, away from the dismiss button (page dir=%s)", async (pageDir) => {
    // Arabic words: the text takes its own direction (dir=auto), which may differ from the page's and the row's.
    const arabicPage = elementPage({ settings: { WelcomeMessage: 'مرحبا! كيف يمكننا مساعدتك؟' } }).replace('<html lang="en">', `<html lang="ar" dir="${pageDir}">`);
    const { page, log, close } = await fixture.open(arabicPage, { viewport: { width: 800, height: 700 } });
    try {
      const popup = page.locator('.cw-popup');
      await popup.waitFor();
      const layout = await popup.evaluate((element) => {
        const text = element.querySelector('.cw-popup__text')!;
        const { paddingLeft, paddingRight } = getComputedStyle(text);
        const dismissOnLeft = element.querySelector('.cw-popup__dismiss')!.getBoundingClientRect().left < text.getBoundingClientRect().left;
        return { outerPadding: dismissOnLeft ? paddingRight : paddingLeft, dismissOnLeft };
      });
      // The row follows the page: the dismiss button ends it, on the left on a right-to-left page.
      expect(layout).toEqual({ outerPadding: '10px', dismissOnLeft: pageDir === 'rtl' });
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("the chatbot's name in the header", () => {
  const name = 'Harbor and Pine Realty Customer Care Team';

  it('a 40-character name shows whole on two lines at desktop width, and names the dialog', async () => {
    const { page, log, close } = await fixture.open(elementPage({ settings: { Name: name } }), { viewport: { width: 1280, height: 800 } });
    try {
      await page.locator('.cw-launcher').click();
      const title = page.locator('.cw-panel__title');
      await expect.poll(() => title.textContent()).toBe(name);
      await settledScreenshot(page, 'layout-long-name-1280');
      const shown = await title.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return {
          lines: new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size,
          clipped: element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1,
        };
      });
      expect(shown).toEqual({ lines: 2, clipped: false });
      await expect.poll(() => page.getByRole('dialog', { name }).count()).toBe(1);
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('an inline panel with a long name fits a grid column of a 320 px page (the name wraps, it does not widen the header)', async () => {
    const { page, log, close } = await fixture.open(
      elementPage({
        mode: 'inline',
        settings: { Name: name },
        style: 'body { margin: 0 } main { display: grid; grid-template-columns: 1fr; padding: 24px }',
      }),
      { viewport: { width: 320, height: 800 } },
    );
    try {
      await page.getByRole('textbox', { name: 'Message' }).waitFor();
      await expect.poll(() => page.locator('.cw-panel__title').textContent()).toBe(name);
      await settledScreenshot(page, 'layout-long-name-inline-320');
      expect(await pageOverflowX(page)).toBe(0);
      const panelRight = await page.locator('.cw-panel').evaluate((element) => element.getBoundingClientRect().right);
      expect(panelRight).toBeLessThanOrEqual(296);
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('the header at 320 px while it asks "Clear chat?"', () => {
  /** The header's parts that are drawn: each inside the header, none over another, none cutting its own content. */
  const drawnParts = (page: Page) =>
    page.locator('.cw-panel__header').evaluate((header) => {
      const outer = header.getBoundingClientRect();
      const parts = [...header.children].map((element) => ({ element, box: element.getBoundingClientRect() }));
      const drawn = parts.filter(({ box }) => box.width > 1 && box.height > 1);
      return {
        drawn: drawn.map(({ element }) => element.className),
        inside: drawn.every(({ box }) => box.left >= outer.left - 0.5 && box.right <= outer.right + 0.5 && box.top >= outer.top - 0.5 && box.bottom <= outer.bottom + 0.5),
        overlapping: drawn.some(({ box }, index) => drawn.slice(index + 1).some(({ box: other }) => box.right > other.left + 0.5 && other.right > box.left + 0.5)),
        clipped: drawn.filter(({ element }) => element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1).map(({ element }) => element.className),
        headerOverflowX: header.scrollWidth - header.clientWidth,
      };
    });

  it('the question takes the name\'s place: nothing is cut off or overflows, and the name comes back whole', async () => {
    const { page, log, close } = await fixture.open(htmlPage(scriptTag(fixture.service.url, fixture.service.serialNumber)), {
      viewport: { width: 320, height: 640 },
    });
    try {
      const name = 'Harbor & Pine Realty';
      await expect.poll(() => page.locator('.cw-launcher').getAttribute('aria-label')).toBe(`Open chat with ${name}`);
      await page.locator('.cw-launcher').click();
      await ask(page, 'Tell me more');
      await page.locator('.cw-msg--assistant[data-status="done"]').waitFor();
      const shown = await drawnParts(page);
      expect(shown.drawn).toEqual(['cw-panel__avatar cw-panel__avatar--initial', 'cw-panel__title', 'cw-icon-button cw-panel__new', 'cw-icon-button cw-panel__close']);
      expect(shown).toMatchObject({ inside: true, overlapping: false, clipped: [], headerOverflowX: 0 });

      const button = page.locator('.cw-panel__new');
      const endBefore = await button.evaluate((element) => element.getBoundingClientRect().right);
      await button.click();
      await expect.poll(() => button.textContent()).toBe('Clear chat?');
      await settledScreenshot(page, 'layout-header-confirm-320');
      const asking = await drawnParts(page);
      expect(asking).toMatchObject({ inside: true, overlapping: false, clipped: [], headerOverflowX: 0 });
      expect(asking.drawn).toEqual(['cw-panel__avatar cw-panel__avatar--initial', 'cw-icon-button cw-panel__new cw-panel__new--confirm', 'cw-icon-button cw-panel__close']);
      // The question ends where the button was pressed, and the panel keeps its name.
      expect(await button.evaluate((element) => element.getBoundingClientRect().right)).toBeCloseTo(endBefore, 0);
      expect(await page.getByRole('dialog', { name }).count()).toBe(1);
      expect(await pageOverflowX(page)).toBe(0);

      await page.keyboard.press('Escape');
      await expect.poll(() => button.getAttribute('aria-label')).toBe('Start a new conversation');
      expect(await drawnParts(page)).toEqual(shown);
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("the launcher's new-answer dot", () => {
  it('shows on the launcher, inside its circle, for an answer that ended while the chat was closed, until it opens', async () => {
    const { page, log, close } = await fixture.open(htmlPage(scriptTag(fixture.service.url, fixture.service.serialNumber)));
    try {
      let release = (): void => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/ClientAsk', async (route) => {
        await held;
        await route.continue();
      });
      const launcher = page.locator('.cw-launcher');
      const dot = () =>
        launcher.evaluate((element) => {
          const style = getComputedStyle(element, '::after');
          const box = element.getBoundingClientRect();
          const [top, right, size] = [parseFloat(style.top), parseFloat(style.right), parseFloat(style.width)];
          // The dot's centre, from the launcher's centre: within the circle less the dot's radius, it is not clipped.
          const fromCentre = Math.hypot(box.width / 2 - right - size / 2, box.height / 2 - top - size / 2);
          return style.content === 'none' ? null : { background: style.backgroundColor, inside: fromCentre + size / 2 <= box.width / 2 };
        });
      await launcher.click();
      await ask(page, 'Tell me more');
      await launcher.click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      expect(await dot()).toBeNull();
      release();

      await expect.poll(() => launcher.getAttribute('aria-description')).toBe('New answer');
      expect(await dot()).toEqual({ background: 'rgb(220, 38, 38)', inside: true });
      expect(await pageOverflowX(page)).toBe(0);
      await screenshot(page, 'launcher-new-answer');

      await launcher.click();
      await page.getByRole('dialog').waitFor();
      expect(await launcher.getAttribute('aria-description')).toBeNull();
      expect(await dot()).toBeNull();
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("a phone's unsafe edges (a page drawn under them with viewport-fit=cover)", () => {
  const coverPage = (): string => `<!doctype html><html lang="en"><head><meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover"><title>cover</title></head>
    <body>${scriptTag(fixture.service.url, fixture.service.serialNumber)}</body></html>`;

  it('keeps the launcher and popup above the home indicator, and the full-screen panel between status bar and indicator', async () => {
    const html = coverPage();
    const { page, context, log, close } = await fixture.open(html, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setSafeAreaInsetsOverride', { insets: { top: 47, bottom: 34, left: 0, right: 0 } });
      const box = (selector: string) =>
        page.locator(selector).evaluate((element) => {
          const { top, bottom } = element.getBoundingClientRect();
          return { top, bottom };
        });
      await page.locator('.cw-popup').waitFor();
      expect((await box('.cw-launcher')).bottom).toBe(844 - 34 - 20);
      expect((await box('.cw-popup')).bottom).toBeLessThanOrEqual((await box('.cw-launcher')).top);

      await page.locator('.cw-launcher').click();
      await page.getByRole('dialog').waitFor();
      await page.locator('.cw-panel').evaluate((panel) => Promise.all(panel.getAnimations().map((animation) => animation.finished)));
      // The header's colour reaches the top edge; its buttons sit below the status bar.
      expect((await box('.cw-panel__header')).top).toBe(0);
      expect((await box('.cw-panel__close')).top).toBeGreaterThanOrEqual(47);
      await page.locator('.cw-panel').evaluate((panel) => (panel.scrollTop = panel.scrollHeight));
      expect((await box('.cw-panel__footer')).bottom).toBeLessThanOrEqual(844 - 34);
      expect((await box('.cw-composer__send')).bottom).toBeLessThanOrEqual(844 - 34);
      await screenshot(page, 'layout-phone-safe-area');
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('with the keyboard open, Shift+Tab back up from the text field shows each control below the header, status bar and all', async () => {
    const { page, context, close } = await fixture.open(coverPage(), { viewport: { width: 390, height: 360 }, isMobile: true, hasTouch: true });
    try {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setSafeAreaInsetsOverride', { insets: { top: 47, bottom: 0, left: 0, right: 0 } });
      await shiftTabUpBelowHeader(page, 5);
    } finally {
      await close();
    }
  });

  it('on a tablet the floating panel stays above the launcher, which stays above the home indicator', async () => {
    const html = coverPage();
    const { page, context, close } = await fixture.open(html, { viewport: { width: 820, height: 1180 }, isMobile: true, hasTouch: true });
    try {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setSafeAreaInsetsOverride', { insets: { top: 24, bottom: 20, left: 0, right: 0 } });
      const rect = (selector: string) => page.locator(selector).evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);
      // Measured before the click: hovered, the launcher grows a little (launcher.css).
      const launcher = await rect('.cw-launcher');
      expect(launcher.bottom).toBe(1180 - 20 - 20);
      await page.locator('.cw-launcher').click();
      await page.getByRole('dialog').waitFor();
      await page.locator('.cw-panel').evaluate((panel) => Promise.all(panel.getAnimations().map((animation) => animation.finished)));
      expect((await rect('.cw-panel')).bottom).toBeLessThanOrEqual(launcher.top - 16);
    } finally {
      await close();
    }
  });

  it('on a short tablet held sideways the floating panel starts below the status bar', async () => {
    const { page, context, close } = await fixture.open(coverPage(), { viewport: { width: 1133, height: 744 }, isMobile: true, hasTouch: true });
    try {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setSafeAreaInsetsOverride', { insets: { top: 24, bottom: 20, left: 0, right: 0 } });
      await page.locator('.cw-launcher').click();
      await page.getByRole('dialog').waitFor();
      await page.locator('.cw-panel').evaluate((panel) => Promise.all(panel.getAnimations().map((animation) => animation.finished)));
      expect(await page.locator('.cw-panel').evaluate((panel) => panel.getBoundingClientRect().top)).toBeGreaterThanOrEqual(24 + 20);
    } finally {
      await close();
    }
  });
});
