/**
 * Links in an answer, in real Chromium: an http(s) link opens in a new tab and says so to screen readers only (as
 * the panel's own links do), a mailto link does not; the words said only to screen readers are in no copy of the
 * answer: not in what Copy writes (the markdown), not in a copied selection, not in the announcement.
 */
import { describe, expect, it } from 'vitest';
import { ask, htmlPage, scriptTag } from '../helpers/widget-pages';
import { useWidgetFixture } from '../helpers/widget-fixture';

const LINKS = 'See [our hours](https://example.com/hours) or https://example.com/map, or [mail us](mailto:hi@example.com).';

const fixture = useWidgetFixture({
  scriptedAnswer: (question) => (question === 'When are you open?' ? [LINKS.slice(0, 30), LINKS.slice(30)] : undefined),
});

describe('links in an answer', () => {
  it('say they open in a new tab, to screen readers only, and no copy of the answer says it', async () => {
    const { page, log, close } = await fixture.open(htmlPage(scriptTag(fixture.service.url, fixture.service.serialNumber, 'data-open')));
    try {
      await page.getByRole('dialog').waitFor();
      await page.evaluate(() => {
        // What Copy writes (the page is a secure context: the clipboard exists, and is replaced here).
        const copied: string[] = [];
        (window as unknown as { copied: string[] }).copied = copied;
        navigator.clipboard.writeText = (text: string) => Promise.resolve(void copied.push(text));
      });
      await ask(page, 'When are you open?');
      const answer = page.locator('.cw-msg--assistant[data-status="done"]');
      await answer.waitFor();

      const hours = answer.getByRole('link', { name: 'our hours (opens in a new tab)', exact: true });
      expect(await hours.getAttribute('target')).toBe('_blank');
      await answer.getByRole('link', { name: 'https://example.com/map (opens in a new tab)', exact: true }).waitFor();
      expect(await answer.getByRole('link', { name: 'mail us', exact: true }).count()).toBe(1);
      // Said, not shown: the link is as wide as its words.
      const widths = await hours.evaluate((link) => {
        const words = document.createRange();
        words.selectNodeContents(link.firstChild!);
        return [link.getBoundingClientRect().width, words.getBoundingClientRect().width];
      });
      expect(widths[0]).toBeCloseTo(widths[1]!, 0);

      // A selection of the whole paragraph copies what is shown.
      const selected = await answer.locator('.cw-md p').evaluate((paragraph) => {
        const selection = (paragraph.getRootNode() as Document).getSelection?.() ?? document.getSelection()!;
        selection.selectAllChildren(paragraph);
        return selection.toString();
      });
      expect(selected).toBe('See our hours or https://example.com/map, or mail us.');

      // The announcement of the finished answer says its words once, and Copy writes its markdown.
      const region = page.locator('[aria-live="polite"]').first();
      await expect.poll(() => region.textContent()).toMatch(/: See our hours or https:\/\/example\.com\/map, or mail us\.$/);
      await answer.getByRole('button', { name: 'Copy answer' }).click();
      await expect.poll(() => page.evaluate(() => (window as unknown as { copied: string[] }).copied)).toEqual([LINKS]);
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });
});
