/**
 * Two tabs of one site in real Chromium (one browser context, one localStorage): a tab opened while the other is
 * still streaming an answer, as when a visitor opens a listing link of the answer in a new tab.
 */
import { describe, expect, it } from 'vitest';
import { DESKTOP_VIEWPORT, watchPage } from '../helpers/browser';
import { useWidgetFixture } from '../helpers/widget-fixture';
import { ask, htmlPage, scriptTag } from '../helpers/widget-pages';

const WORDS = Array.from({ length: 60 }, (_, index) => `w${index} `);
const fixture = useWidgetFixture({
  streamDelayMs: 80, // about 5 s for the answer: time to open a second tab while it streams
  scriptedAnswer: () => WORDS,
  visitorAddress: () => undefined,
});

describe('a tab opened while another streams an answer', () => {
  it('shows that answer arriving, not failed, then done, and does not say it again; the question is asked once', async () => {
    fixture.site.setPage('/tabs', htmlPage(scriptTag(fixture.service.url, fixture.service.serialNumber, 'data-open')));
    const context = await fixture.browser.newContext({ viewport: DESKTOP_VIEWPORT });
    const asked: string[] = [];
    context.on('request', (request) => {
      if (request.url().endsWith('/ClientAsk')) asked.push(request.url());
    });
    const openTab = async () => {
      const page = await context.newPage();
      const log = watchPage(page);
      await page.goto(`${fixture.site.url}/tabs`);
      await page.getByRole('textbox', { name: 'Message' }).waitFor();
      return { page, log };
    };
    try {
      const first = await openTab();
      await ask(first.page, 'homes in Austin');
      await first.page.locator('.cw-msg--assistant[data-status="streaming"]').waitFor();
      const second = await openTab();
      const answer = second.page.locator('.cw-msg--assistant:not(.cw-msg--welcome)');
      await answer.waitFor();
      expect(['waiting', 'streaming']).toContain(await answer.getAttribute('data-status'));
      expect(await second.page.locator('.cw-msg__retry').count()).toBe(0);
      // It grows there as the first tab writes it, and ends as it does.
      await second.page.locator('.cw-msg--assistant[data-status="done"]').waitFor({ timeout: 15_000 });
      expect((await answer.locator('.cw-msg__bubble').textContent())?.trim()).toBe(WORDS.join('').trim());
      expect(asked).toHaveLength(1);
      // The answer is the first tab's news: said there, not again here, though this tab saw it arriving.
      await first.page.locator('[aria-live="polite"] p').waitFor({ state: 'attached' });
      await second.page.waitForTimeout(300);
      expect(await second.page.locator('[aria-live="polite"]').textContent()).toBe('');
      expect([...first.log.problems(), ...second.log.problems()]).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
