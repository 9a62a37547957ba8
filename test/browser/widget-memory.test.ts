/**
 * What the widget remembers, in real Chromium: the conversation across a reload and a browser restart, and across
 * two tabs of the site, only for the browser session with RemoveChatLogOnBrowserClose, the local rate limit across a reload until its window
 * passes, and the welcome popup once per visitor with ChatbotPopupOnce.
 */
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP_VIEWPORT, launchProfile, openPage, watchPage } from '../helpers/browser';
import { editChatbot } from '../helpers/service';
import { useWidgetFixture } from '../helpers/widget-fixture';
import { ask, htmlPage, scriptTag } from '../helpers/widget-pages';

const fixture = useWidgetFixture({
  scriptedAnswer: (question) => ['Answer to: ', question],
  // Each test is a new visitor, but every page connects from 127.0.0.1: the service counts the rate limit per
  // session only, or the questions of the tests before would fill the local rate limit test's window.
  visitorAddress: () => undefined,
});
const ORIGINAL = { RemoveChatLogOnBrowserClose: false, RateLimitCount: 20, RateLimitTime: 60, ChatbotPopupOnce: true };

beforeAll(() => {
  const { service, site } = fixture;
  site.setPage('/', htmlPage(scriptTag(service.url, service.serialNumber, 'data-open')));
  site.setPage('/closed', htmlPage(scriptTag(service.url, service.serialNumber)));
});

afterEach(async () => {
  await editChatbot(fixture.service, ORIGINAL);
});

async function askAndWait(page: Page, question: string): Promise<void> {
  const before = await page.locator('.cw-msg--assistant[data-status="done"]').count();
  await ask(page, question);
  await page.locator('.cw-msg--assistant[data-status="done"]').nth(before).waitFor();
}

const userTexts = (page: Page): Promise<string[]> =>
  page.locator('.cw-msg--user .cw-msg__bubble').allTextContents();

describe('conversation memory', () => {
  it('keeps the conversation and the unsent draft across a reload', async () => {
    const { page, log, close } = await openPage(fixture.browser, `${fixture.site.url}/`);
    try {
      await page.getByRole('dialog').waitFor();
      await askAndWait(page, 'First question');
      await page.getByRole('textbox', { name: 'Message' }).fill('half-written');
      await page.waitForTimeout(500); // the draft is written shortly after the last keystroke
      await page.reload();
      await page.getByRole('dialog').waitFor();
      await page.locator('.cw-msg--user').first().waitFor();
      expect(await userTexts(page)).toEqual(['First question']);
      expect(await page.locator('.cw-msg--assistant[data-status="done"] .cw-msg__bubble').last().textContent()).toBe(
        'Answer to: First question',
      );
      expect(await page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('half-written');
      // The next question continues in the same session.
      await askAndWait(page, 'Second question');
      expect(await userTexts(page)).toEqual(['First question', 'Second question']);
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('keeps a question whose answer had not begun at a reload as interrupted, not as a service it could not reach', async () => {
    const { page, log, close } = await openPage(fixture.browser, `${fixture.site.url}/`);
    try {
      await page.getByRole('dialog').waitFor();
      // The question reaches the network; no answer begins before the reload (Chromium then cancels the request
      // before the page's pagehide, so the widget sees a failed fetch first).
      let held = false;
      await page.route('**/ClientAsk', () => {
        held = true;
      });
      await ask(page, 'Anyone there?');
      await page.locator('.cw-msg--assistant[data-status="waiting"]').waitFor();
      await expect.poll(() => held).toBe(true);
      await page.reload();
      await page.getByRole('dialog').waitFor();
      const question = page.locator('.cw-msg--user');
      await question.waitFor();
      expect(await question.locator('.cw-msg__bubble').textContent()).toBe('Anyone there?');
      expect(await question.locator('.cw-msg__error').textContent()).toBe(
        'The answer was interrupted before it was complete.',
      );
      expect(await question.locator('.cw-msg__retry').count()).toBe(1);
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('keeps what was asked in each of two tabs, and shows each tab what the other asked', async () => {
    const context = await fixture.browser.newContext({ viewport: DESKTOP_VIEWPORT });
    const logs: Array<ReturnType<typeof watchPage>> = [];
    const openTab = async (): Promise<Page> => {
      const page = await context.newPage();
      logs.push(watchPage(page));
      await page.goto(`${fixture.site.url}/`);
      await page.getByRole('dialog').waitFor();
      await page.locator('.cw-composer').waitFor();
      return page;
    };
    const answers = (page: Page): Promise<string[]> =>
      page.locator('.cw-msg--assistant[data-status="done"] .cw-msg__bubble').allTextContents();
    try {
      const tabA = await openTab();
      const tabB = await openTab();
      await askAndWait(tabA, 'homes in Austin');
      await askAndWait(tabB, 'homes in Denver');
      const both = ['homes in Austin', 'homes in Denver'];
      const tabC = await openTab();
      await expect.poll(() => userTexts(tabC)).toEqual(both);
      expect(await answers(tabC)).toEqual(['Answer to: homes in Austin', 'Answer to: homes in Denver']);
      // Tab A was not reloaded: it shows tab B's exchange as soon as tab B has written it.
      await expect.poll(() => answers(tabA)).toEqual(['Answer to: homes in Austin', 'Answer to: homes in Denver']);
      expect(await userTexts(tabA)).toEqual(both);
      expect(logs.flatMap((log) => log.problems())).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('starts empty after a browser restart when RemoveChatLogOnBrowserClose is set, and not otherwise', async () => {
    for (const removeOnClose of [true, false]) {
      await editChatbot(fixture.service, { RemoveChatLogOnBrowserClose: removeOnClose });
      const first = await launchProfile();
      const page = await first.context.newPage();
      await page.goto(`${fixture.site.url}/`);
      await page.getByRole('dialog').waitFor();
      await askAndWait(page, `Remember me? (${String(removeOnClose)})`);
      // A reload is the same browser session: the conversation stays either way.
      await page.reload();
      await page.locator('.cw-msg--user').first().waitFor();
      expect(await userTexts(page)).toEqual([`Remember me? (${String(removeOnClose)})`]);
      await first.context.close();

      const second = await launchProfile({ userDataDir: first.userDataDir });
      try {
        const again = await second.context.newPage();
        const log = watchPage(again);
        await again.goto(`${fixture.site.url}/`);
        await again.getByRole('dialog').waitFor();
        await again.locator('.cw-composer').waitFor();
        await again.waitForTimeout(300);
        expect(await userTexts(again)).toEqual(removeOnClose ? [] : [`Remember me? (${String(removeOnClose)})`]);
        const stored = await again.evaluate(() => Object.keys(localStorage).filter((key) => key.includes(':chat:')));
        if (removeOnClose) expect(stored).toEqual([]);
        expect(log.problems()).toEqual([]);
      } finally {
        await second.close();
        await first.close();
      }
    }
  });
});

describe('local rate limit', () => {
  it('blocks before sending, survives a reload, and lifts by itself when the window passes', async () => {
    // Long enough that the two questions before it fit in it on a busy machine (4 s did not, once, in CI).
    const windowSeconds = 8;
    await editChatbot(fixture.service, {
      RateLimitCount: 2,
      RateLimitTime: windowSeconds,
      RateLimitMessage: 'Easy there! One moment.',
    });
    const { page, close } = await openPage(fixture.browser, `${fixture.site.url}/`);
    try {
      await page.getByRole('dialog').waitFor();
      const blockedAt = Date.now();
      await askAndWait(page, 'one');
      // The service counts 'one' from when it arrived, at the latest now.
      const firstCountedBy = Date.now();
      await askAndWait(page, 'two');
      const asks: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/ClientAsk')) asks.push(request.url());
      });
      await ask(page, 'three');
      const notice = page.locator('.cw-limit');
      await notice.waitFor();
      expect(await notice.locator('.cw-limit__message').textContent()).toBe('Easy there! One moment.');
      expect(await notice.locator('.cw-limit__wait').textContent()).toMatch(/second/);
      expect(await userTexts(page)).toEqual(['one', 'two']);
      expect(await page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('three');
      expect(asks).toEqual([]);

      await page.reload();
      await page.getByRole('dialog').waitFor();
      await page.locator('.cw-msg--user').first().waitFor();
      if (Date.now() - blockedAt < (windowSeconds - 1) * 1000) {
        await ask(page, 'three');
        await notice.waitFor();
        expect(await userTexts(page)).toEqual(['one', 'two']);
      }

      await notice.waitFor({ state: 'detached', timeout: (windowSeconds + 4) * 1000 });
      // The widget counts from when it sent, the service from when the request arrived, a moment later: the
      // widget's window is a second longer, so a question sent the instant its notice lifts is not refused there.
      expect(Date.now()).toBeGreaterThanOrEqual(firstCountedBy + windowSeconds * 1000);
      await askAndWait(page, 'three');
      expect(await userTexts(page)).toEqual(['one', 'two', 'three']);
    } finally {
      await close();
    }
  });
});

describe('welcome popup', () => {
  it('shows on every visit, or only on the first one with ChatbotPopupOnce', async () => {
    const popupOnVisits = async (): Promise<boolean[]> => {
      const { page, close } = await openPage(fixture.browser, `${fixture.site.url}/closed`);
      try {
        const seen: boolean[] = [];
        for (let visit = 0; visit < 2; visit += 1) {
          if (visit > 0) await page.reload();
          await page.locator('.cw-launcher').waitFor();
          await page.waitForFunction(() => {
            const root = document.querySelector('chatbot-widget-host')?.shadowRoot;
            return root?.querySelector('.cw-launcher')?.getAttribute('aria-label')?.includes('Harbor') === true;
          });
          await page.waitForTimeout(200);
          seen.push(await page.locator('.cw-popup').isVisible());
        }
        return seen;
      } finally {
        await close();
      }
    };
    await editChatbot(fixture.service, { ChatbotPopupOnce: false });
    expect(await popupOnVisits()).toEqual([true, true]);
    await editChatbot(fixture.service, { ChatbotPopupOnce: true });
    expect(await popupOnVisits()).toEqual([true, false]);
  });
});
