/**
 * The built widget's styles as Chromium applies them: the class rules that colour and size the widget's buttons
 * and composer must win over the stylesheet's base resets (which once reset them to the inherited colour and font),
 * so the launcher glyph has the contrast colour chosen for the bubble colour, phones get a 16px input, and the
 * round buttons keep their 40 px shape.
 */
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT } from '../helpers/browser';
import { htmlPage, scriptTag } from '../helpers/widget-pages';
import { useWidgetFixture } from '../helpers/widget-fixture';

const fixture = useWidgetFixture();

/** The script tag without a serial number registers <chatbot-widget>; the element carries the inline settings. */
function elementScripts(color: string, { align = 0, mode = 'floating' } = {}): string {
  return `<script src="/dist/chatbot-widget.js" async></script>
    <script type="module">
      const element = document.createElement('chatbot-widget');
      element.settings = { ChatBubbleColor: '${color}', ChatBubbleAlign: ${align} };
      element.setAttribute('mode', '${mode}');
      element.setAttribute('serial-number', '${fixture.service.serialNumber}');
      element.setAttribute('base-url', '${fixture.service.url}');
      document.body.append(element);
    </script>`;
}
const elementPage = (...args: Parameters<typeof elementScripts>): string => htmlPage(elementScripts(...args));

const computed = (locator: Locator, property: string): Promise<string> =>
  locator.evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

/** WCAG contrast ratio of two computed colours written rgb(r, g, b). */
function contrast(first: string, second: string): number {
  const luminance = (color: string): number => {
    const [r, g, b] = (color.match(/\d+/g) ?? []).slice(0, 3).map((value) => {
      const channel = Number(value) / 255;
      return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('widget styles in Chromium', () => {
  it.each([
    ['a dark bubble colour', 'rgb(0, 0, 128)', '0px'],
    // Within 3:1 of the white panel (1.1:1): the header, the send button and the visitor's bubbles get an edge.
    ['a light bubble colour', 'rgb(255, 250, 205)', '1px'],
  ])('the launcher glyph and the send button use the text colour chosen for %s', async (_name, color, edge) => {
    const { page, close } = await fixture.open(elementPage(color), { viewport: PHONE_VIEWPORT });
    try {
      const host = page.locator('chatbot-widget');
      const launcher = page.locator('.cw-launcher');
      await launcher.waitFor();
      await expect.poll(() => computed(host, '--cw-accent')).toBe(color);
      const accentText = (await computed(host, '--cw-accent-text')).trim();
      expect(accentText).toMatch(/^rgb\(/);
      // Polled like the variable above (a mismatch was seen here once, on a loaded machine).
      await expect.poll(() => computed(launcher, 'background-color')).toBe(color);
      await expect.poll(() => computed(launcher, 'color')).toBe(accentText);
      await expect.poll(() => computed(launcher.locator('svg'), 'stroke')).toBe(accentText);

      await launcher.click();
      const input = page.getByRole('textbox', { name: 'Message' });
      await input.waitFor();
      // Below 16px, phones zoom into the page when the input takes focus.
      expect(parseFloat(await computed(input, 'font-size'))).toBeGreaterThanOrEqual(16);
      // The text field's edge is what shows where to type: 3:1 against the panel (WCAG 1.4.11).
      const fieldEdge = contrast(await computed(input, 'border-top-color'), await computed(page.locator('.cw-panel'), 'background-color'));
      expect(fieldEdge).toBeGreaterThanOrEqual(3);
      expect(await computed(page.locator('.cw-composer__send'), 'color')).toBe(accentText);

      // Header actions and send share one round-button rule (a refactor once dropped their shape).
      for (const button of [page.locator('.cw-panel__close'), page.locator('.cw-composer__send')]) {
        // Computed, not the bounding box: the panel's opening animation scales it for a moment.
        expect([await computed(button, 'width'), await computed(button, 'height')]).toEqual(['40px', '40px']);
        expect(await computed(button, 'border-radius')).toBe('50%');
      }
      expect(await computed(page.locator('.cw-panel__close'), 'border-top-width')).toBe('0px');
      const send = page.locator('.cw-composer__send');
      expect(await computed(send, 'border-top-width')).toBe(edge);
      if (edge !== '0px') expect(await computed(send, 'border-top-color')).toBe(accentText);
      const header = page.locator('.cw-panel__header');
      await expect.poll(() => computed(header, 'border-bottom-width')).toBe(edge);
      // The suggestions' border is the colour itself, or its edge.
      const chip = page.locator('.cw-chip').first();
      await chip.waitFor();
      expect(await computed(chip, 'border-top-color')).toBe(edge === '0px' ? color : accentText);
      await input.fill('Hello');
      await input.press('Enter');
      const bubble = page.locator('.cw-msg--user .cw-msg__bubble');
      await bubble.waitFor();
      // The visitor's bubbles have their own colour (the demo chatbot's UserMessageColor): the same one here.
      await host.evaluate((element, userColor) => {
        (element as HTMLElement & { settings: object }).settings = { ChatBubbleColor: userColor, UserMessageColor: userColor };
      }, color);
      await expect.poll(() => computed(bubble, 'border-top-width')).toBe(edge);
    } finally {
      await close();
    }
  });

  /** A page whose open widget's welcome message (markdown, as answers are) is `welcome`. */
  const welcomePage = (welcome: string): string =>
    htmlPage(`<script src="/dist/chatbot-widget.js" async></script>
      <script type="module">
        const element = document.createElement('chatbot-widget');
        element.settings = { WelcomeMessage: ${JSON.stringify(welcome)} };
        element.setAttribute('open', '');
        element.setAttribute('serial-number', '${fixture.service.serialNumber}');
        element.setAttribute('base-url', '${fixture.service.url}');
        document.body.append(element);
      </script>`);

  it("markdown blocks are spaced alike, all six heading levels included, and the last one ends flush with its bubble", async () => {
    const welcome = 'First words.\n\n# One\n\n## Two\n\n### Three\n\n#### Four\n\n##### Fine print\n\n###### Finer print\n\n- a list\n\nLast words.';
    const { page, close } = await fixture.open(welcomePage(welcome), { viewport: DESKTOP_VIEWPORT });
    try {
      const blocks = page.locator('.cw-md').first().locator(':scope > *');
      await expect.poll(() => blocks.count()).toBe(9);
      const margins = await blocks.evaluateAll((elements) =>
        elements.map((element) => {
          const style = getComputedStyle(element);
          const em = parseFloat(style.fontSize);
          const inEm = (pixels: string): number => Math.round((parseFloat(pixels) / em) * 10) / 10;
          return `${element.tagName}: ${inEm(style.marginTop)} ${inEm(style.marginBottom)}`;
        }),
      );
      // In em of each block's own font: 0 above, 0.6 below, and nothing below the last. Headings are two levels below
      // the markdown's, under the panel's h2 title ("#" is an h3).
      expect(margins).toEqual(['P: 0 0.6', 'H3: 0 0.6', 'H4: 0 0.6', 'H5: 0 0.6', 'H6: 0 0.6', 'H6: 0 0.6', 'H6: 0 0.6', 'UL: 0 0.6', 'P: 0 0']);
      expect(await page.locator('.cw-panel h2.cw-panel__title').count()).toBe(1);
    } finally {
      await close();
    }
  });

  it('answer headings look as they did as h1..h6: sized by their markdown level (2, 1.5, 1.17 and 1 em), bold', async () => {
    const welcome = 'Text.\n\n# One\n\n## Two\n\n### Three\n\n#### Four\n\n##### Five\n\n###### Six';
    const { page, close } = await fixture.open(welcomePage(welcome), { viewport: DESKTOP_VIEWPORT });
    try {
      const markdown = page.locator('.cw-md').first();
      await expect.poll(() => markdown.locator('.cw-md__h').count()).toBe(6);
      const looks = await markdown.evaluate((element) => {
        const text = parseFloat(getComputedStyle(element.querySelector('p')!).fontSize);
        return [...element.querySelectorAll('.cw-md__h')].map((heading) => {
          const style = getComputedStyle(heading);
          return `${Math.round((parseFloat(style.fontSize) / text) * 100) / 100} ${style.fontWeight}`;
        });
      });
      expect(looks).toEqual(['2 700', '1.5 700', '1.17 700', '1 700', '1 700', '1 700']);
    } finally {
      await close();
    }
  });

  it.each([
    ['a quote', 'Intro.\n\n> Quoted.\n>\n> Quoted again.'],
    ['a loose list', 'Intro.\n\n- one\n\n- two'],
    ['a nested list', 'Intro.\n\n- one\n  - one and a half'],
    ['a quoted list', 'Intro.\n\n> - quoted item'],
  ])('an answer ending in %s ends flush with its text, and h5/h6 and quotes read as such', async (_name, welcome) => {
    const { page, close } = await fixture.open(welcomePage(`##### Small heading\n\n${welcome}`), { viewport: DESKTOP_VIEWPORT });
    try {
      const markdown = page.locator('.cw-md').first();
      await markdown.locator('.cw-md__h--5').waitFor();
      // From the bottom of the last text to the bottom of the markdown: only the line's half-leading (about 3 px),
      // not a block's 0.6em (8.4 px) more.
      const gap = await markdown.evaluate((element) => {
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        let last: Node | null = null;
        for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) if (node.textContent?.trim()) last = node;
        const range = document.createRange();
        range.selectNodeContents(last as Node);
        return element.getBoundingClientRect().bottom - range.getBoundingClientRect().bottom;
      });
      expect(gap).toBeLessThan(5);
      expect(await computed(markdown.locator('.cw-md__h--5'), 'font-size')).toBe(await computed(markdown.locator('p').first(), 'font-size'));
      const quote = markdown.locator('blockquote');
      if ((await quote.count()) > 0) expect(await computed(quote, 'border-inline-start-width')).toBe('3px');
    } finally {
      await close();
    }
  });

  it.each([
    { where: 'floating on a desktop, from the viewport', mode: 'floating', viewport: DESKTOP_VIEWPORT, left: 20 },
    { where: 'full screen on a phone, from the viewport', mode: 'floating', viewport: PHONE_VIEWPORT, left: 0 },
    { where: 'inline, from its host element', mode: 'inline', viewport: DESKTOP_VIEWPORT, left: 0 },
  ])('a left-aligned panel, $where, has its left edge at $left px', async ({ mode, viewport, left }) => {
    const { page, close } = await fixture.open(elementPage('rgb(0, 0, 128)', { align: 1, mode }), { viewport });
    try {
      if (mode === 'floating') await page.locator('.cw-launcher').click();
      const panel = page.locator('.cw-panel');
      await panel.waitFor();
      // A fixed panel by its computed left (the opening animation moves its box for a moment); an inline one by
      // its box against the <chatbot-widget> host it lives in.
      const panelLeft = (): Promise<number> =>
        panel.evaluate((element) => {
          const style = getComputedStyle(element);
          if (style.position === 'fixed') return parseFloat(style.left);
          const host = (element.getRootNode() as ShadowRoot).host;
          return element.getBoundingClientRect().left - host.getBoundingClientRect().left;
        });
      await expect.poll(panelLeft).toBe(left);
    } finally {
      await close();
    }
  });

  it("the README's theming rule reaches the widget whether the script tag or the element mounted it", async () => {
    const theming = '<style>chatbot-widget, chatbot-widget-host { --cw-font: Georgia, serif; --cw-launcher-size: 72px; }</style>';
    const pages = {
      'script tag': htmlPage(theming + scriptTag(fixture.service.url, fixture.service.serialNumber)),
      element: htmlPage(theming + elementScripts('rgb(0, 0, 128)')),
    };
    for (const [way, html] of Object.entries(pages)) {
      const { page, close } = await fixture.open(html);
      try {
        const launcher = page.locator('.cw-launcher');
        await launcher.waitFor();
        expect([way, await computed(launcher, 'width')]).toEqual([way, '72px']);
        expect([way, await computed(launcher, 'font-family')]).toEqual([way, 'Georgia, serif']);
      } finally {
        await close();
      }
    }
  });

  it("a launcher icon or profile picture that does not load shows the chat glyph and the name's initial, not a broken image", async () => {
    const picture = (fill: string): { html: string; headers: Record<string, string> } => ({
      html: `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="${fill}"/></svg>`,
      headers: { 'content-type': 'image/svg+xml' },
    });
    fixture.site.setPage('/icon.svg', picture('teal'));
    fixture.site.setPage('/avatar.svg', picture('orange'));
    const page = htmlPage(`<script src="/dist/chatbot-widget.js" async></script>
      <script type="module">
        const element = document.createElement('chatbot-widget');
        element.settings = { Name: 'Harbor Bot', ChatIcon: location.origin + '/icon.svg', ChatProfilePicture: location.origin + '/avatar.svg' };
        element.setAttribute('serial-number', '${fixture.service.serialNumber}');
        element.setAttribute('base-url', '${fixture.service.url}');
        document.body.append(element);
        window.__element = element;
      </script>`);
    const { page: tab, log, close } = await fixture.open(page);
    try {
      const launcher = tab.locator('.cw-launcher');
      const loaded = (image: Locator): Promise<number> => image.evaluate((node) => (node as HTMLImageElement).naturalWidth);
      await expect.poll(() => launcher.locator('img').count()).toBe(1);
      await expect.poll(() => loaded(launcher.locator('img'))).toBe(64);
      await launcher.click();
      const avatar = tab.locator('.cw-panel__header .cw-panel__avatar');
      await expect.poll(() => avatar.evaluate((node) => node.localName)).toBe('img');
      await expect.poll(() => loaded(avatar)).toBe(64);

      // The pictures move away (404): the header falls back to the initial at once, the launcher once closed.
      await tab.evaluate(() => {
        const element = (window as unknown as { __element: { settings: object } }).__element;
        element.settings = { Name: 'Harbor Bot', ChatIcon: `${location.origin}/gone-icon.png`, ChatProfilePicture: `${location.origin}/gone.png` };
      });
      await expect.poll(() => avatar.evaluate((node) => `${node.localName} ${node.textContent}`)).toBe('span H');
      await launcher.click();
      await expect.poll(() => launcher.locator('img').count()).toBe(0);
      expect(await launcher.locator('svg.cw-launcher__glyph').count()).toBe(1);
      expect(log.pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});
