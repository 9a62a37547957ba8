/**
 * A long answer in real Chromium (issue 6): the blocks of an answer out of view are skipped by layout
 * (content-visibility in panel.css), which must not cost the visitor anything they can see: the view still ends at
 * the bottom of the answer, every word is in the page, and scrolling up shows the earlier paragraphs laid out.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ask, htmlPage, scriptTag } from '../helpers/widget-pages';
import { useWidgetFixture } from '../helpers/widget-fixture';

const PARAGRAPHS = 120;
/** 120 paragraphs of 30 words, each paragraph numbered at its start and end, streamed one word per chunk. */
const LONG_ANSWER = Array.from({ length: PARAGRAPHS }, (_, paragraph) => [
  `start${paragraph} `,
  ...(paragraph === 0 ? ['[a link](https://example.com/first) '] : []),
  ...Array.from({ length: 28 }, (_, word) => `word${word} `),
  `end${paragraph}${paragraph === PARAGRAPHS - 1 ? '' : '\n\n'}`,
]).flat();

const fixture = useWidgetFixture({ scriptedAnswer: (question) => (question === 'A long answer please' ? LONG_ANSWER : undefined) });

interface LogGeometry {
  distanceFromBottom: number;
  scrollHeight: number;
  clientHeight: number;
  /** Paragraphs of the answer whose box lies (partly) inside the log's visible area, by their first word. */
  inView: string[];
}

/** Where the log is scrolled and which paragraphs of the answer show, after two rendering updates. */
async function geometry(page: Page): Promise<LogGeometry> {
  return page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const root = document.querySelector('chatbot-widget-host')!.shadowRoot!;
    const log = root.querySelector<HTMLElement>('.cw-log')!;
    const box = log.getBoundingClientRect();
    const paragraphs = [...root.querySelectorAll<HTMLElement>('.cw-msg--assistant[data-status="done"] .cw-md > p')];
    const inView = paragraphs
      .filter((paragraph) => {
        const rect = paragraph.getBoundingClientRect();
        return rect.height > 0 && rect.bottom > box.top && rect.top < box.bottom;
      })
      .map((paragraph) => (paragraph.textContent ?? '').split(' ')[0] ?? '');
    return {
      distanceFromBottom: log.scrollHeight - log.scrollTop - log.clientHeight,
      scrollHeight: log.scrollHeight,
      clientHeight: log.clientHeight,
      inView,
    };
  });
}

describe('a long streamed answer', () => {
  it('ends with the view at its last words, all its text in the page, and earlier paragraphs laid out when scrolled to', async () => {
    const { page, log, close } = await fixture.open(htmlPage(scriptTag(fixture.service.url, fixture.service.serialNumber, 'data-open')));
    try {
      await page.getByRole('dialog').waitFor();
      await ask(page, 'A long answer please');
      const answer = page.locator('.cw-msg--assistant[data-status="done"]');
      await answer.waitFor({ timeout: 20_000 });

      // Every word is in the page, skipped or not (the link's with the words said only to screen readers).
      const expectedText = LONG_ANSWER.join('')
        .replace(/\n\n/g, '')
        .replace('[a link](https://example.com/first)', 'a link (opens in a new tab)');
      expect(await answer.locator('.cw-md').textContent()).toBe(expectedText);
      expect(await answer.locator('.cw-md > p').count()).toBe(PARAGRAPHS);

      const atEnd = await geometry(page);
      expect(atEnd.scrollHeight).toBeGreaterThan(atEnd.clientHeight * 3);
      expect(atEnd.distanceFromBottom).toBeLessThanOrEqual(2);
      expect(atEnd.inView).toContain(`start${PARAGRAPHS - 1}`);

      // Scrolled to the top, the first paragraphs are there with their real size, and the view stays put.
      await page.evaluate(() => {
        document.querySelector('chatbot-widget-host')!.shadowRoot!.querySelector<HTMLElement>('.cw-log')!.scrollTop = 0;
      });
      const atTop = await geometry(page);
      expect(atTop.inView).toContain('start0');
      expect(atTop.distanceFromBottom).toBeGreaterThan(atTop.clientHeight);

      // A block's paint containment must not clip the focus ring of a link at its edge.
      const link = answer.getByRole('link', { name: 'a link' });
      await link.focus();
      const ring = await link.evaluate((element) => {
        const style = getComputedStyle(element);
        const block = getComputedStyle(element.closest('.cw-md > *')!);
        return {
          outside: parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset),
          clipMargin: parseFloat(block.getPropertyValue('overflow-clip-margin')),
          outlineStyle: style.outlineStyle,
        };
      });
      expect(ring.outlineStyle).toBe('solid');
      expect(ring.clipMargin).toBeGreaterThanOrEqual(ring.outside);
      await page.getByRole('button', { name: 'Jump to latest message' }).click();
      const back = await geometry(page);
      expect(back.distanceFromBottom).toBeLessThanOrEqual(2);
      expect(back.inView).toContain(`start${PARAGRAPHS - 1}`);
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('an answer streaming slowly', () => {
  /** 24 paragraphs of 12 words, one word per chunk, 4 ms apart: about 1.2 s of text arriving over many frames. */
  const SLOW_ANSWER = Array.from({ length: 24 }, (_, paragraph) => [
    ...Array.from({ length: 12 }, (_, word) => `p${paragraph}w${word} `),
    paragraph === 23 ? 'last' : '\n\n',
  ]).flat();
  const slow = useWidgetFixture({
    scriptedAnswer: (question) => (question === 'Tell me slowly' ? SLOW_ANSWER : undefined),
    streamDelayMs: 4,
  });

  it('keeps the view at its newest words in every frame while it streams, not only once it ends', async () => {
    const { page, log, close } = await slow.open(htmlPage(scriptTag(slow.service.url, slow.service.serialNumber, 'data-open')));
    try {
      await page.getByRole('dialog').waitFor();
      await ask(page, 'Tell me slowly');
      // After each frame has been rendered (a task queued from its animation frame runs after it), while the answer
      // streams and overflows the log: how far the view is from the log's bottom.
      const samples = await page.evaluate(
        () =>
          new Promise<number[]>((resolve) => {
            const root = document.querySelector('chatbot-widget-host')!.shadowRoot!;
            const log = root.querySelector<HTMLElement>('.cw-log')!;
            const distances: number[] = [];
            const sample = (): void => {
              const answer = root.querySelector('.cw-msg--assistant:last-child');
              const status = answer?.getAttribute('data-status');
              if (status !== undefined && status !== 'waiting' && status !== 'streaming') return resolve(distances);
              if (status === 'streaming' && log.scrollHeight > log.clientHeight + 40) {
                distances.push(log.scrollHeight - log.scrollTop - log.clientHeight);
              }
              requestAnimationFrame(() => setTimeout(sample, 0));
            };
            sample();
          }),
      );
      expect(samples.length).toBeGreaterThan(10);
      expect(Math.max(...samples)).toBeLessThanOrEqual(2);
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });
});
