/**
 * The built widget (dist/) in real Chromium against the reference service, embedded the ways a site does it:
 * the script tag, the queue stub, the snippet pasted twice, two chatbots on one page, the custom element, and a
 * page whose CSP forbids inline styles and scripts.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SECOND_SERIAL_NUMBER } from '../../demo/server/index';
import { PHONE_VIEWPORT } from '../helpers/browser';
import { ask, htmlPage, IMPORT_MAP, QUEUE_STUB, scriptTag, startWidgetSite } from '../helpers/widget-pages';
import { useWidgetFixture } from '../helpers/widget-fixture';

const STREAMED = Array.from({ length: 40 }, (_, index) => `word${index} `);

const fixture = useWidgetFixture({
    streamDelayMs: 12,
    scriptedAnswer: (question) => {
      if (question === 'Stream a long answer') return STREAMED;
      return ['You asked: ', question.replace(/[*_`]/g, ''), '.'];
    },
  });

function answers(page: Page, scope = page.locator('chatbot-widget-host').first()) {
  return scope.locator('.cw-msg--assistant[data-status="done"]');
}

describe('script tag', () => {
  it('mounts a floating launcher, loads the panel only when asked, and answers a question', async () => {
    const requestedBefore = new Set(fixture.site.hits.keys());
    const { page, log, close } = await fixture.open(htmlPage(scriptTag(fixture.service.url, fixture.service.serialNumber)));
    try {
      const launcher = page.locator('.cw-launcher');
      await expect(launcher.getAttribute('aria-label')).resolves.toMatch(/^Open chat with /);
      await expect.poll(() => launcher.getAttribute('aria-label')).toBe('Open chat with Harbor & Pine Realty');
      const loadedBeforeOpen = [...fixture.site.hits.keys()].filter((path) => path.startsWith('/dist/') && !requestedBefore.has(path));
      expect(loadedBeforeOpen.sort()).toEqual(['/dist/chatbot-widget.js', '/dist/chatbot-widget.module.js']);

      // The question's request ends as the service ends it, not aborted by the widget (a red line in DevTools).
      const askOutcomes: string[] = [];
      page.on('requestfinished', (request) => {
        if (request.url().endsWith('/ClientAsk')) askOutcomes.push('finished');
      });
      page.on('requestfailed', (request) => {
        if (request.url().endsWith('/ClientAsk')) askOutcomes.push(`failed: ${request.failure()?.errorText}`);
      });

      await launcher.click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await launcher.getAttribute('aria-expanded')).toBe('true');
      await ask(page, 'Do you have lofts?');
      await expect(page.locator('.cw-msg--user').last().textContent()).resolves.toContain('Do you have lofts?');
      await answers(page).first().waitFor();
      expect(await answers(page).first().locator('.cw-msg__bubble').textContent()).toBe('You asked: Do you have lofts?.');
      await expect.poll(() => askOutcomes).toEqual(['finished']);
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('grows a streamed answer over several frames, text only ever appended', async () => {
    const { page, log, close } = await fixture.open(htmlPage(scriptTag(fixture.service.url, fixture.service.serialNumber, 'data-open')));
    try {
      await page.getByRole('dialog').waitFor();
      // Sample the answer's text once per animation frame, inside the page.
      await page.evaluate(() => {
        const samples: string[] = [];
        (window as unknown as { __samples: string[] }).__samples = samples;
        const root = document.querySelector('chatbot-widget-host')?.shadowRoot;
        const sample = (): void => {
          const bubbles = root?.querySelectorAll('.cw-msg--assistant:not(.cw-msg--welcome) .cw-msg__bubble');
          const last = bubbles?.[bubbles.length - 1];
          samples.push(last?.textContent ?? '');
          requestAnimationFrame(sample);
        };
        requestAnimationFrame(sample);
      });
      await ask(page, 'Stream a long answer');
      await answers(page).first().waitFor({ timeout: 15_000 });
      const samples = await page.evaluate(() => (window as unknown as { __samples: string[] }).__samples);
      const full = STREAMED.join('');
      const distinct = [...new Set(samples.filter((text) => text !== ''))];
      expect(distinct.length).toBeGreaterThanOrEqual(5);
      for (let index = 1; index < distinct.length; index += 1) {
        expect(distinct[index]?.startsWith(distinct[index - 1]?.trimEnd() ?? '')).toBe(true);
      }
      expect(distinct.at(-1)?.trim()).toBe(full.trim());
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('ends an answer at once when the browser goes offline, keeping what arrived; Retry answers once online', async () => {
    const { page, context, log, close } = await fixture.open(htmlPage(scriptTag(fixture.service.url, fixture.service.serialNumber, 'data-open')));
    try {
      await page.getByRole('dialog').waitFor();
      await ask(page, 'Stream a long answer');
      const answer = page.locator('.cw-msg--assistant:not(.cw-msg--welcome)').last();
      await expect.poll(() => answer.getAttribute('data-status')).toBe('streaming');
      const offlineAt = Date.now();
      await context.setOffline(true);
      await expect.poll(() => answer.getAttribute('data-status'), { timeout: 3_000 }).toBe('interrupted');
      expect(Date.now() - offlineAt).toBeLessThan(3_000); // not the 90 s silence limit
      const kept = (await answer.locator('.cw-msg__bubble').textContent()) ?? '';
      expect(kept.startsWith('word0 ')).toBe(true);
      expect(await answer.locator('.cw-msg__error').textContent()).toBe('The answer was interrupted before it was complete.');

      await context.setOffline(false);
      await answer.getByRole('button', { name: 'Retry' }).click();
      await expect.poll(() => answers(page).last().locator('.cw-msg__bubble').textContent(), { timeout: 15_000 }).toBe(STREAMED.join('').trim());
      expect(log.pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('runs calls queued before it loaded, then later calls at once; unknown commands only warn', async () => {
    const stub = `<script>${QUEUE_STUB}
      window.__events = [];
      ChatbotWidget('on', 'message', function (m) { window.__events.push(m.role + ':' + m.text); });
      ChatbotWidget('on', 'open', function () { window.__events.push('open'); });
      ChatbotWidget('fly', 'away');
      ChatbotWidget('send', 'Hi from the queue');
    </script>`;
    const { page, log, close } = await fixture.open(htmlPage(stub + scriptTag(fixture.service.url, fixture.service.serialNumber)));
    try {
      await page.getByRole('dialog').waitFor(); // 'send' opened the panel
      await page.waitForFunction(() => (window as unknown as { __events: string[] }).__events.length >= 3);
      const events = await page.evaluate(() => (window as unknown as { __events: string[] }).__events);
      expect(events).toEqual(['open', 'user:Hi from the queue', 'assistant:You asked: Hi from the queue.']);
      expect(log.warnings().map((entry) => entry.text)).toEqual([expect.stringContaining('unknown command or arguments: fly')]);
      expect(log.pageErrors).toEqual([]);

      // After loading, a call runs at once, through the global and through a stub reference kept by the page.
      await page.evaluate(() => (window as unknown as { ChatbotWidget: (command: string) => void }).ChatbotWidget('close'));
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await page.evaluate(() => (window as unknown as { ChatbotWidget: (command: string) => void }).ChatbotWidget('destroy'));
      expect(await page.locator('chatbot-widget-host').count()).toBe(0);

      // 'mount' mounts it again (after <body>, where a floating widget goes): the conversation is still there.
      await page.evaluate(() => (window as unknown as { ChatbotWidget: (command: string) => void }).ChatbotWidget('mount'));
      expect(await page.locator('body + chatbot-widget-host').count()).toBe(1);
      await page.locator('.cw-launcher').click();
      await expect.poll(() => page.locator('.cw-msg--user').allTextContents()).toEqual([expect.stringContaining('Hi from the queue')]);
      expect(log.pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('data-open shows the panel without taking focus; destroy() with focus inside hands it back to the page', async () => {
    const page$ = `<input id="search" aria-label="Search" autofocus><button id="before">Before</button>`;
    const { page, log, close } = await fixture.open(
      htmlPage(page$ + scriptTag(fixture.service.url, fixture.service.serialNumber, 'data-open')),
    );
    const focusedId = (): Promise<string> => page.evaluate(() => document.activeElement?.id ?? document.activeElement?.tagName ?? '');
    try {
      await page.getByRole('dialog').waitFor();
      await page.getByRole('textbox', { name: 'Message' }).waitFor();
      await page.waitForTimeout(200); // the panel's effects have run
      expect(await focusedId()).toBe('search'); // the page's autofocus kept its field

      // A keyboard visitor: from the page's last button, Tab to the launcher, Tab into the panel.
      await page.focus('#before');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('CHATBOT-WIDGET-HOST');
      await page.keyboard.press('Tab');
      await page.evaluate(() => (window as unknown as { ChatbotWidget: (command: string) => void }).ChatbotWidget('destroy'));
      expect(await page.locator('chatbot-widget-host').count()).toBe(0);
      expect(await focusedId()).toBe('before');
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('data-open on a phone: the panel covers the page, so it takes focus', async () => {
    const page$ = `<input id="search" aria-label="Search" autofocus>`;
    const { page, log, close } = await fixture.open(
      htmlPage(page$ + scriptTag(fixture.service.url, fixture.service.serialNumber, 'data-open')),
      { viewport: PHONE_VIEWPORT },
    );
    try {
      const field = page.getByRole('textbox', { name: 'Message' });
      expect(await page.getByRole('dialog').getAttribute('aria-modal')).toBe('true');
      await expect.poll(() => field.evaluate((node) => node.getRootNode() instanceof ShadowRoot && (node.getRootNode() as ShadowRoot).activeElement === node)).toBe(true);
      await page.keyboard.type('abc'); // not into the page's field hidden under the panel
      expect(await page.inputValue('#search')).toBe('');
      expect(await field.inputValue()).toBe('abc');
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('destroy() hands focus back after the window lost and regained focus, and while it is in the background', async () => {
    const { page, context, log, close } = await fixture.open(
      htmlPage(`<button id="before">Before</button>` + scriptTag(fixture.service.url, fixture.service.serialNumber)),
    );
    try {
      await page.locator('.cw-launcher').waitFor();
      // Real window focus: headless Chromium otherwise pretends every page has it.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false });
      await page.bringToFront();
      await page.focus('#before');
      await page.keyboard.press('Tab'); // the launcher
      await page.keyboard.press('Enter'); // open: focus in the text field
      const field = page.getByRole('textbox', { name: 'Message' });
      await field.waitFor();
      const other = await context.newPage();
      await other.bringToFront(); // the visitor looks at another tab ...
      await page.bringToFront(); // ... comes back (focus returns to the field, from nowhere) ...
      await other.bringToFront(); // ... and leaves again; the widget goes while the tab is in the background
      await page.evaluate(() => (window as unknown as { ChatbotWidget: (command: string) => void }).ChatbotWidget('destroy'));
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('before');
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it("keeps keys typed into its text field from the page's single-key shortcuts", async () => {
    // A page shortcut guard as hotkey helpers write it: keys typed into a field are not shortcuts. Outside the shadow
    // root the widget's field looks like its host element.
    const hotkeys = `<input id="search" aria-label="Search the site"><script>
      document.addEventListener('keydown', (event) => {
        const target = event.target;
        if (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable) return;
        if (event.key === '/') { event.preventDefault(); document.getElementById('search').focus(); }
        if (event.key === ' ') event.preventDefault();
      });</script>`;
    const tag = scriptTag(fixture.service.url, fixture.service.serialNumber, 'data-open');
    const { page, log, close } = await fixture.open(htmlPage(hotkeys + tag));
    try {
      const field = page.getByRole('textbox', { name: 'Message' });
      await field.click();
      await page.keyboard.type('ok so a/b test');
      expect(await field.inputValue()).toBe('ok so a/b test');
      expect(await page.locator('#search').inputValue()).toBe('');
      // The page's own shortcut still works outside the widget.
      await page.locator('h1').click();
      await page.keyboard.press('/');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('search');
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it("leaves the page's globals alone: it adds ChatbotWidget and nothing else", async () => {
    const before = `<script>var e = 'page e', t = 'page t', o = 'page o';
      window.__globalsBefore = Object.keys(window);</script>`;
    const { page, log, close } = await fixture.open(htmlPage(before + scriptTag(fixture.service.url, fixture.service.serialNumber)));
    try {
      await page.locator('.cw-launcher').waitFor();
      const globals = await page.evaluate(() => {
        const page = window as unknown as Record<string, unknown> & { __globalsBefore: string[] };
        const added = Object.keys(window).filter((name) => !page.__globalsBefore.includes(name) && name !== '__globalsBefore');
        return { added, mine: [page.e, page.t, page.o] };
      });
      expect(globals).toEqual({ added: ['ChatbotWidget'], mine: ['page e', 'page t', 'page o'] });
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('loads from another origin (a CDN) that sends Access-Control-Allow-Origin; without it, says why it could not', async () => {
    for (const allowOrigin of [undefined, '*']) {
      const cdn = await startWidgetSite(undefined, undefined, { allowOrigin });
      const { page, log, close } = await fixture.open(
        htmlPage(`<script src="${cdn.url}/dist/chatbot-widget.js" data-serial-number="${fixture.service.serialNumber}" data-base-url="${fixture.service.url}" async></script>`),
      );
      try {
        if (allowOrigin === undefined) {
          await expect.poll(() => log.errors().map((entry) => entry.text).join('\n')).toContain(
            'could not load chatbot-widget.module.js (is it next to chatbot-widget.js, with Access-Control-Allow-Origin on another origin?)',
          );
          expect(await page.locator('.cw-launcher').count()).toBe(0);
        } else {
          await expect.poll(() => page.locator('.cw-launcher').getAttribute('aria-label')).toBe('Open chat with Harbor & Pine Realty');
          expect(log.problems()).toEqual([]);
        }
      } finally {
        await close();
        await cdn.close();
      }
    }
  });

  it('on a slow first open the launcher pulses until the panel arrives; a panel that fails to load stops it', async () => {
    const glyphAnimations = (page: Page) =>
      page.evaluate(() => {
        const glyph = document.querySelector('chatbot-widget-host')?.shadowRoot?.querySelector('.cw-launcher svg');
        return glyph ? glyph.getAnimations().map((animation) => (animation as CSSAnimation).animationName) : null;
      });
    for (const outcome of ['arrives', 'fails'] as const) {
      const { page, log, close } = await fixture.open(htmlPage(scriptTag(fixture.service.url, fixture.service.serialNumber)));
      try {
        let release = (): void => undefined;
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route('**/dist/widget/panel-*.js', async (route) => {
          await held;
          await (outcome === 'arrives' ? route.continue() : route.abort());
        });
        const launcher = page.locator('.cw-launcher');
        await expect.poll(() => launcher.getAttribute('aria-label')).toBe('Open chat with Harbor & Pine Realty');
        expect(await glyphAnimations(page)).toEqual([]);

        await launcher.click();
        expect(await launcher.getAttribute('aria-expanded')).toBe('true');
        await expect.poll(() => glyphAnimations(page)).toEqual(['cw-rise']);
        release();
        if (outcome === 'arrives') await page.getByRole('dialog').waitFor();
        else await page.getByRole('alert').filter({ hasText: 'The chat could not be loaded' }).waitFor();
        await expect.poll(() => glyphAnimations(page)).toEqual([]);
        if (outcome === 'arrives') expect(log.problems()).toEqual([]);
      } finally {
        await close();
      }
    }
  });

  it('mounts one widget when the snippet is pasted twice', async () => {
    const snippet = `<script>${QUEUE_STUB}</script>${scriptTag(fixture.service.url, fixture.service.serialNumber)}`;
    const before = fixture.site.hits.get('/dist/chatbot-widget.module.js') ?? 0;
    const { page, log, close } = await fixture.open(htmlPage(snippet + snippet));
    try {
      await page.locator('.cw-launcher').waitFor();
      await page.waitForTimeout(300);
      expect(await page.locator('chatbot-widget-host').count()).toBe(1);
      expect(await page.locator('.cw-launcher').count()).toBe(1);
      expect((fixture.site.hits.get('/dist/chatbot-widget.module.js') ?? 0) - before).toBe(1);
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('two chatbots on one page', () => {
  it('a script-tag widget and an inline <chatbot-widget> work independently', async () => {
    const body = `${scriptTag(fixture.service.url, fixture.service.serialNumber)}
      <main><chatbot-widget serial-number="${SECOND_SERIAL_NUMBER}" base-url="${fixture.service.url}" mode="inline"></chatbot-widget></main>`;
    const { page, log, close } = await fixture.open(htmlPage(body));
    try {
      const inline = page.locator('chatbot-widget');
      const floating = page.locator('chatbot-widget-host');
      await inline.getByRole('region', { name: 'Beacon Rentals' }).waitFor();
      await expect.poll(() => inline.locator('.cw-panel__title').textContent()).toBe('Beacon Rentals');
      await ask(inline, 'Any flats in Cambridge?');
      await inline.locator('.cw-msg--assistant[data-status="done"]').waitFor();

      await floating.locator('.cw-launcher').click();
      await floating.getByRole('dialog').waitFor();
      await expect.poll(() => floating.locator('.cw-panel__title').textContent()).toBe('Harbor & Pine Realty');
      expect(await floating.locator('.cw-msg--user').count()).toBe(0);
      await ask(floating, 'And houses in Austin?');
      await floating.locator('.cw-msg--assistant[data-status="done"]').waitFor();
      expect(await inline.locator('.cw-msg--user').allTextContents()).toEqual([expect.stringContaining('Any flats in Cambridge?')]);

      const keys = await page.evaluate(() => Object.keys(localStorage).sort());
      expect(keys.some((key) => key.startsWith(`cw:demo-realty:chat:`))).toBe(true);
      expect(keys.some((key) => key.startsWith(`cw:demo-rentals:chat:`))).toBe(true);
      const [hostA, hostB] = await page.evaluate(() => [
        getComputedStyle(document.querySelector('chatbot-widget-host') as Element).getPropertyValue('--cw-accent'),
        getComputedStyle(document.querySelector('chatbot-widget') as Element).getPropertyValue('--cw-accent'),
      ]);
      expect(hostA).not.toBe('');
      expect(hostB).not.toBe('');
      expect(log.problems()).toEqual([]);

      // Removing the element unmounts its widget only.
      await page.evaluate(() => document.querySelector('chatbot-widget')?.remove());
      await page.waitForFunction(() => document.querySelectorAll('chatbot-widget-host').length === 1);
      expect(await floating.getByRole('dialog').isVisible()).toBe(true);
    } finally {
      await close();
    }
  });
});

describe('ES module', () => {
  it('mount() from dist/index.js answers, and destroy() leaves nothing behind', async () => {
    const page = `<script type="importmap">${IMPORT_MAP}</script>
      <div id="help"></div>
      <script type="module">
        import { mount } from '/dist/index.js';
        const events = (window.__events = []);
        const widget = (window.__widget = mount({
          serialNumber: '${fixture.service.serialNumber}',
          baseUrl: '${fixture.service.url}',
          target: document.getElementById('help'),
          settings: { Name: 'Inline name' },
        }));
        widget.on('message', (message) => events.push(message.role));
      </script>`;
    const { page: tab, log, close } = await fixture.open(htmlPage(page));
    try {
      const host = tab.locator('#help chatbot-widget-host');
      // mount() with a target: the panel is part of the page, a region, not a dialog.
      await host.getByRole('region', { name: 'Inline name' }).waitFor();
      expect(await host.getByRole('dialog').count()).toBe(0);
      await ask(host, 'Through the ES entry?');
      await host.locator('.cw-msg--assistant[data-status="done"]').waitFor();
      await tab.waitForFunction(() => (window as unknown as { __events: string[] }).__events.length === 2);
      await tab.evaluate(() => (window as unknown as { __widget: { destroy(): void } }).__widget.destroy());
      expect(await tab.evaluate(() => document.getElementById('help')?.innerHTML)).toBe('');
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('strict Content-Security-Policy', () => {
  it("works without 'unsafe-inline' or 'unsafe-eval', and with Trusted Types required, with no CSP violation", async () => {
    const csp = [
      "default-src 'self'",
      `connect-src ${fixture.service.url}`,
      `img-src 'self' ${fixture.service.url} data:`,
      "style-src 'self'",
      "script-src 'self'",
      "base-uri 'none'",
      "object-src 'none'",
      // Trusted Types enforced, no policy allowed: the widget writes no HTML, script URL or code from strings.
      "require-trusted-types-for 'script'",
      "trusted-types 'none'",
    ].join('; ');
    const { page, log, close } = await fixture.open({
      html: htmlPage(scriptTag(fixture.service.url, fixture.service.serialNumber)),
      headers: { 'content-security-policy': csp },
    });
    try {
      const launcher = page.locator('.cw-launcher');
      await launcher.waitFor();
      // The theme reached the host through CSSOM and the launcher is styled by an adopted sheet.
      const styled = await launcher.evaluate((element) => getComputedStyle(element).position);
      expect(styled).toBe('fixed');
      await launcher.click();
      await page.getByRole('dialog').waitFor();
      await ask(page, 'Is CSP fine?');
      await answers(page).first().waitFor();
      expect(log.cspViolations()).toEqual([]);
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });
});
