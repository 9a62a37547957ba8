/**
 * The built widget (dist/) pasted into host pages that do unusual things to their own <html> and <body>: the
 * script tag a site owner adds must still show a launcher and a panel in the viewport, wherever the page scrolls.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT } from '../helpers/browser';
import { png } from '../media/fixtures';
import { ask, htmlPage, scriptTag } from '../helpers/widget-pages';
import { useWidgetFixture } from '../helpers/widget-fixture';

/** An answer with markdown: a paragraph, bold, a link and a list, each an element the widget builds. */
const fixture = useWidgetFixture({ scriptedAnswer: () => ['**Yes**: see [the listings](https://example.com/homes).\n\n', '- Austin\n- Miami'] });

/** A page `style` styles, 3,000 px tall, with the script tag at its end. */
const stylePage = (style: string): string =>
  htmlPage(`<style>${style}</style><div style="height: 3000px">Tall content</div>${scriptTag(fixture.service.url, fixture.service.serialNumber)}`);

/** The element's box in the viewport, rounded, or null when none of it is inside the viewport. */
const boxInViewport = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const { top, bottom, left, right } = element.getBoundingClientRect();
    return { top: Math.round(top), bottom: Math.round(bottom), left: Math.round(left), right: Math.round(right) };
  });

describe('a host page that styles its body', () => {
  // A transform, filter, will-change: transform or containment on an ancestor becomes the containing block of
  // position: fixed boxes: inside <body>, the launcher would sit at the end of the body's 3,000 px, out of view.
  it.each([
    ['transform: translateZ(0)'],
    ['filter: grayscale(1)'],
    ['will-change: transform'],
    ['contain: paint'],
  ])('body { %s }: the launcher and the panel stay in the viewport as the page scrolls', async (declaration) => {
    const { page, log, close } = await fixture.open(stylePage(`body { ${declaration}; margin: 0 }`));
    try {
      const launcher = page.locator('.cw-launcher');
      await expect.poll(() => launcher.getAttribute('aria-label')).toBe('Open chat with Harbor & Pine Realty');
      const { width, height } = DESKTOP_VIEWPORT;
      const offset = 20;
      const launcherBox = { top: height - offset - 56, bottom: height - offset, left: width - offset - 56, right: width - offset };
      expect(await boxInViewport(page, '.cw-launcher')).toEqual(launcherBox);
      await page.mouse.wheel(0, 1200);
      await expect.poll(() => page.evaluate(() => scrollY)).toBe(1200);
      expect(await boxInViewport(page, '.cw-launcher')).toEqual(launcherBox);

      await launcher.click();
      await page.getByRole('dialog').waitFor();
      await page.locator('.cw-panel').evaluate((panel) => Promise.all(panel.getAnimations().map((animation) => animation.finished)));
      const panel = await boxInViewport(page, '.cw-panel');
      expect(panel.bottom).toBe(launcherBox.top - 16);
      expect(panel.top).toBeGreaterThanOrEqual(0);
      expect(panel.right).toBe(width - offset);
      await ask(page, 'Still here?');
      await page.locator('.cw-msg--assistant[data-status="done"]').waitFor();
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('a host page that replaces its body', () => {
  it.each([
    ['swaps the body element, as Turbo Drive does', 'document.body.replaceWith(Object.assign(document.createElement("body"), { innerHTML: "<h1>Next page</h1>" }))'],
    ['renders its app into <body>, replacing what is there', 'document.body.innerHTML = "<main>App</main>"'],
  ])('%s: the open floating widget stays, with its conversation, and goes on answering', async (_name, swap) => {
    const { page, log, close } = await fixture.open(htmlPage(scriptTag(fixture.service.url, fixture.service.serialNumber, 'data-open')));
    try {
      await page.getByRole('dialog').waitFor();
      await ask(page, 'Before the swap?');
      await page.locator('.cw-msg--assistant[data-status="done"]').waitFor();
      await page.evaluate(swap);
      expect(await page.locator('h1, main').first().textContent()).toMatch(/Next page|App/);
      expect(await page.getByRole('dialog').isVisible()).toBe(true);
      await ask(page, 'After the swap?');
      await expect.poll(() => page.locator('.cw-msg--assistant[data-status="done"]').count()).toBe(2);
      expect(await page.locator('.cw-msg--user').allTextContents()).toEqual([
        expect.stringContaining('Before the swap?'),
        expect.stringContaining('After the swap?'),
      ]);
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('a host page that zooms its <html>', () => {
  // The panel follows the visual viewport through --cw-vv-* (the page's pixels); zoom scales the panel's own, so a
  // 1.25 zoom pushed its bottom and text field below the viewport, and 0.8 left it hanging far above the launcher.
  it.each([
    ['a desktop', 1.25, DESKTOP_VIEWPORT],
    ['a desktop', 0.8, DESKTOP_VIEWPORT],
    ['a phone (full screen)', 1.25, PHONE_VIEWPORT],
  ])('on %s, zoom %s: the open panel ends where it does unzoomed, scaled, its text field in view', async (where, zoom, viewport) => {
    const { page, log, close } = await fixture.open(stylePage(`html { zoom: ${zoom} }`), { viewport });
    try {
      await page.locator('.cw-launcher').click();
      await page.getByRole('dialog').waitFor();
      await page.locator('.cw-panel').evaluate((panel) => Promise.all(panel.getAnimations().map((animation) => animation.finished)));
      const panel = await boxInViewport(page, '.cw-panel');
      // Unzoomed, a floating panel ends 20 + 56 + 16 px above the viewport's bottom: the offset, the launcher, a gap.
      const bottom = where.includes('phone') ? viewport.height : viewport.height - (20 + 56 + 16) * zoom;
      expect(Math.abs(panel.bottom - bottom)).toBeLessThanOrEqual(1);
      expect(panel.top).toBeGreaterThanOrEqual(0);
      const field = await boxInViewport(page, '.cw-composer__input');
      expect(field.bottom).toBeLessThan(panel.bottom);
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('a host page that adds to Object.prototype', () => {
  // An old library's enumerable method, and a key a polluted query string put there (?__proto__[onmouseover]=...).
  const additions = `<script>
    Object.prototype.clone = function () { return Object.assign({}, this); };
    Object.prototype.onmouseover = 'window.__polluted = true';
  </script>`;

  it('opens the chat and answers in markdown, no addition on any of its elements', async () => {
    const { page, log, close } = await fixture.open(htmlPage(additions + scriptTag(fixture.service.url, fixture.service.serialNumber)));
    try {
      await page.locator('.cw-launcher').click();
      await page.getByRole('dialog').waitFor();
      await ask(page, 'Any homes?');
      const answer = page.locator('.cw-msg--assistant[data-status="done"]');
      await answer.waitFor();
      expect(await answer.locator('.cw-md li').allTextContents()).toEqual(['Austin', 'Miami']);
      const link = answer.getByRole('link', { name: /the listings/ });
      expect(await link.getAttribute('href')).toBe('https://example.com/homes');
      await link.hover();
      const added = await page.evaluate(() =>
        [...(document.querySelector('chatbot-widget-host')?.shadowRoot?.querySelectorAll('*') ?? [])]
          .filter((element) => element.hasAttribute('clone') || element.hasAttribute('onmouseover'))
          .map((element) => element.localName),
      );
      expect(added).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { __polluted?: boolean }).__polluted)).toBeUndefined();
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("a host page that replaces JavaScript's own functions", () => {
  it("Prototype.js's Array.prototype.toJSON (Magento 1): the conversation is still there on the next page, and an image question is answered", async () => {
    // Prototype 1.7's: JSON.stringify([1]) gives the string "[1]", not the array.
    const prototypeJs = `<script>Array.prototype.toJSON = function () {
      return '[' + this.map(function (item) { return JSON.stringify(item); }).join(', ') + ']';
    };</script>`;
    const { page, log, close } = await fixture.open(htmlPage(prototypeJs + scriptTag(fixture.service.url, fixture.service.serialNumber, 'data-open')));
    try {
      await page.getByRole('dialog').waitFor();
      await ask(page, 'Remember me?');
      await page.locator('.cw-msg--assistant[data-status="done"]').waitFor();
      await page.reload();
      await page.getByRole('dialog').waitFor();
      await expect.poll(() => page.locator('.cw-msg--user').allTextContents()).toEqual([expect.stringContaining('Remember me?')]);
      expect(await page.locator('.cw-msg--assistant[data-status="done"] .cw-md li').allTextContents()).toEqual(['Austin', 'Miami']);

      // The image's fileIds went as the string "[12]" before, and the service refused the question.
      const asked: Array<Record<string, unknown>> = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/chat/Chat/ClientAsk')) asked.push(JSON.parse(request.postData() ?? '{}') as Record<string, unknown>);
      });
      await page.locator('input.cw-composer__file').setInputFiles({ name: 'porch.png', mimeType: 'image/png', buffer: Buffer.from(png()) });
      await page.locator('.cw-media__item--uploaded').waitFor();
      await ask(page, 'And this porch?');
      await expect.poll(() => page.locator('.cw-msg--assistant[data-status="done"]').count()).toBe(2);
      expect(asked).toEqual([expect.objectContaining({ chatAskType: 'Image', fileIds: [expect.any(Number)] })]);
      expect(await page.locator('.cw-msg--user[data-status="failed"]').count()).toBe(0);
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it("MooTools' Array.from (a string comes back whole): the header's avatar is still the name's initial", async () => {
    const mootools = `<script>Array.from = function (item) {
      if (item == null) return [];
      return typeof item != 'string' && typeof item.length == 'number' ? Array.prototype.slice.call(item) : [item];
    };</script>`;
    const { page, log, close } = await fixture.open(htmlPage(mootools + scriptTag(fixture.service.url, fixture.service.serialNumber, 'data-open')));
    try {
      await expect.poll(() => page.locator('.cw-panel__title').textContent()).toBe('Harbor & Pine Realty');
      expect(await page.locator('.cw-panel__avatar').textContent()).toBe('H');
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });
});
