/**
 * The demo pages in real Chromium against the real reference service: what `npm run demo` serves talks to the
 * service (a cross-origin round trip) and runs without errors, also under the strict Content-Security-Policy.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoSite, type DemoSite } from '../../demo/site';
import { launchBrowser, openPage, PHONE_VIEWPORT, screenshot, waitForText } from '../helpers/browser';
import { callService, editChatbot, startTestService, type TestService } from '../helpers/service';

let service: TestService;
let site: DemoSite;
let browser: Browser;
/** A name only this run can know: the page can show it only by asking the service. */
const chatbotName = `Test agency bot ${process.pid}-${Date.now() % 100_000}`;

beforeAll(async () => {
  service = await startTestService({
    scriptedAnswer: (question) => (question.includes('policy check') ? ['Strict ', 'policy ', 'holds.'] : undefined),
  });
  await editChatbot(service, { Name: chatbotName });
  site = await startDemoSite({
    serviceUrl: service.url,
    serialNumber: service.serialNumber,
    secretKey: service.secretKey,
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await service?.close();
});

describe('demo site in Chromium', () => {
  it('home page shows the chatbot name and listings fetched from the service, with no errors', async () => {
    const { page, log, close } = await openPage(browser, `${site.url}/`);
    try {
      const status = page.locator('#service-status[data-state="ok"]');
      await status.waitFor({ timeout: 10_000 });
      expect(await status.textContent()).toContain(chatbotName);

      const expected = await callService<{ VirtualCount: number; List: unknown[] }>(
        service,
        '/chat/Chatbot/RealEstateList',
        { SerialNumber: service.serialNumber, PageSize: 6 },
      );
      expect(expected.VirtualCount).toBeGreaterThan(0);
      await page.locator('#listings[data-state="ok"]').waitFor();
      expect(await page.locator('#listings .listing').count()).toBe(expected.List.length);
      await waitForText(page, `${expected.VirtualCount} homes listed`);
      // The floating widget from the script tag, named from the same GetConfig.
      await page.getByRole('button', { name: `Open chat with ${chatbotName}` }).waitFor();

      await screenshot(page, 'demo-home-desktop');
      await page.setViewportSize(PHONE_VIEWPORT);
      await screenshot(page, 'demo-home-phone');
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('home page: long words stay inside their cards, "CHF 123,456,789", and the hero names the corner the operator chose', async () => {
    const id = await callService<string>(service, '/chat/Chatbot/RealEstateCreate', {
      SerialNumber: service.serialNumber, SaleType: 'for_sale', Status: 'Active', CurrencySymbol: 'CHF', Bedrooms: 2,
      Bathrooms: 1, AreaUnit: 'Square Feet', ParkingSpots: 1, YearBuilt: 1990, DaysOnMarket: 1, LotArea: 100,
      BuildingArea: 90, SalePrice: 123456789, MLSNumber: `LONG-${process.pid}`, Url: 'https://listings.example/long-words',
      PropertyType: 'Condominiumwithaveryveryverylongnamethatneverbreaks',
      City: 'Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch', Address: 'Averyveryverylongstreetnamewithoutspaces 1',
    });
    await editChatbot(service, { ChatBubbleAlign: 1 });
    const { page, log, close } = await openPage(browser, `${site.url}/`);
    try {
      await page.locator('#listings[data-state="ok"]').waitFor();
      const card = page.locator('#listings .listing').filter({ hasText: 'Llanfair' });
      expect(await card.locator('.listing__price').textContent()).toBe('CHF\u00a0123,456,789');
      const overflowing = await card.evaluate((element) => {
        const edge = element.getBoundingClientRect().right;
        return [...element.querySelectorAll('*')]
          .filter((child) => child.getBoundingClientRect().right > edge + 0.5 || child.scrollWidth > child.clientWidth + 1)
          .map((child) => child.className);
      });
      expect(overflowing).toEqual([]);
      await page.locator('#chat-corner', { hasText: 'at the bottom left' }).waitFor();
      await screenshot(page, 'demo-home-long-words');
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
      await editChatbot(service, { ChatBubbleAlign: 2 });
      await callService(service, '/chat/Chatbot/RealEstateDelete', { SerialNumber: service.serialNumber, Keys: [id], KeyType: 'PlatformID' });
    }
  });

  it('inline-mode contact page loads and talks to the service', async () => {
    const { page, log, close } = await openPage(browser, `${site.url}/inline.html`);
    try {
      await page.locator('#service-status[data-state="ok"]').waitFor({ timeout: 10_000 });
      const inline = page.locator('chatbot-widget[mode="inline"]');
      // In the page's flow, always there: a region named by the chatbot, not a dialog.
      await inline.getByRole('region', { name: chatbotName }).waitFor();
      expect(await inline.getByRole('dialog').count()).toBe(0);
      await inline.getByRole('textbox', { name: 'Message' }).waitFor();
      expect(await page.getByRole('button', { name: `Open chat with ${chatbotName}` }).count()).toBe(0);
      await screenshot(page, 'demo-inline-desktop');
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('strict-CSP page: the widget opens and answers with no Content-Security-Policy violation', async () => {
    const { page, log, close } = await openPage(browser, `${site.url}/csp.html`);
    try {
      await page.locator('#service-status[data-state="ok"]').waitFor({ timeout: 10_000 });
      expect(await page.locator('#csp-policy').textContent()).toContain("script-src 'self'");
      await page.getByRole('button', { name: `Open chat with ${chatbotName}` }).click();
      const message = page.getByRole('textbox', { name: 'Message' });
      await message.fill('A policy check, please');
      await message.press('Enter');
      await waitForText(page, 'Strict policy holds.');
      await screenshot(page, 'demo-csp-answered');
      expect(log.cspViolations()).toEqual([]);
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('says so plainly when the service cannot be reached', async () => {
    // A closed port: the same pages, pointed at a service that is not running.
    const orphan = await startDemoSite({ serviceUrl: 'http://127.0.0.1:9', serialNumber: 'none', secretKey: 'x' });
    const { page, close } = await openPage(browser, `${orphan.url}/`);
    try {
      const status = page.locator('#service-status[data-state="error"]');
      await status.waitFor({ timeout: 10_000 });
      expect(await status.textContent()).toContain('cannot be reached');
    } finally {
      await close();
      await orphan.close();
    }
  });

  it('the harness sees a console error, a page error and a CSP violation when a page has them', async () => {
    const { page, log, close } = await openPage(browser, `${site.url}/csp.html`);
    try {
      await page.evaluate(() => {
        console.error('deliberate error');
        setTimeout(() => {
          throw new Error('deliberate uncaught');
        });
        const blocked = document.createElement('script');
        blocked.textContent = 'window.inlineRan = true';
        document.head.append(blocked);
      });
      await expect.poll(() => log.problems().length).toBeGreaterThanOrEqual(3);
      expect(log.errors().map((entry) => entry.text)).toContain('deliberate error');
      expect(log.pageErrors.join('\n')).toContain('deliberate uncaught');
      expect(log.cspViolations().length).toBe(1);
      expect(await page.evaluate(() => 'inlineRan' in window)).toBe(false);
    } finally {
      await close();
    }
  });
});
