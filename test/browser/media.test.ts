/**
 * Media questions in real Chromium against the reference service, through the built widget (script tag): an image
 * picked in the UI uploads with visible progress and is answered, and stays in the history after a reload (by its
 * served URL); push-to-talk on Chromium's fake microphone records, sends a RIFF/WAVE file and is answered; a file
 * whose bytes are not an image is refused with its reason while the typed text stays; a refused microphone is
 * explained.
 */
import type { Browser, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoSite, type DemoSite } from '../../demo/site';
import { DESKTOP_VIEWPORT, FAKE_MEDIA_ARGS, launchBrowser, openPage, PHONE_VIEWPORT, screenshot, type OpenedPage, type OpenPageOptions } from '../helpers/browser';
import { seriousViolations } from '../helpers/axe';
import { startTestService, type TestService } from '../helpers/service';
import type { WidgetEventMap } from '../../src/model/types';
import { mp4, png } from '../media/fixtures';

const PAGE_PATH = '/media-test.html';
let service: TestService;
let site: DemoSite;
let browser: Browser;

beforeAll(async () => {
  // An image limit of 4 MB, below the widget's 20 MB (the hosted service documents none): a larger image passes the
  // widget's byte checks and is refused by the service, with HTTP 413.
  service = await startTestService({ uploadLimits: { imageBytes: 4 * 1024 * 1024 } });
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><link rel="icon" href="data:,"><title>Media test</title></head><body>' +
    // The host page's own landmarks, as a site has them.
    '<header><p>Harbor &amp; Pine</p></header><main><h1>Homes</h1></main><footer><p>Fictional agency</p></footer>' +
    `<script src="/dist/chatbot-widget.js" data-serial-number="${service.serialNumber}" data-base-url="${service.url}" data-open async></script>` +
    '</body></html>';
  site = await startDemoSite({
    serviceUrl: service.url,
    serialNumber: service.serialNumber,
    secretKey: service.secretKey,
    routes: [
      {
        path: PAGE_PATH,
        handle(_request, response) {
          response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
          response.end(html);
        },
      },
    ],
  });
  browser = await launchBrowser({ extraArgs: FAKE_MEDIA_ARGS });
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await service?.close();
});

async function openWidget(on: Browser = browser, options: OpenPageOptions = {}): Promise<OpenedPage> {
  const opened = await openPage(on, `${site.url}${PAGE_PATH}`, options);
  await opened.page.getByRole('dialog').waitFor();
  return opened;
}

/** Bodies of the widget's requests to the service, by path ending. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(service.url)) requests.push(request);
  });
  return requests;
}

const answers = (page: Page) => page.locator('.cw-msg--assistant:not(.cw-msg--welcome)[data-status="done"] .cw-msg__bubble');

/** Whether the widget element matching `selector` has focus (inside the widget's shadow root). */
function hasFocus(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((wanted) => {
    const root = document.querySelector('chatbot-widget-host')?.shadowRoot;
    return root?.activeElement === root?.querySelector(wanted);
  }, selector);
}

/** Script files the page has loaded from the widget's dist/widget/ folder (file names without their hash). */
async function loadedChunks(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => /\/dist\/widget\/([a-z]+)-[\w-]+\.js$/.exec(entry.name)?.[1])
      .filter((name): name is string => name !== undefined),
  );
}

/**
 * What the widget's `event` listeners receive from now on, as a site owner listens (`ChatbotWidget('on', ...)`): the
 * returned function reads the payloads so far.
 */
async function recordEvents<E extends 'error' | 'message'>(page: Page, event: E): Promise<() => Promise<Array<WidgetEventMap[E]>>> {
  type Recorded = { __events: Partial<Record<string, unknown[]>>; ChatbotWidget(...args: unknown[]): void };
  await page.evaluate((name) => {
    const page = window as unknown as Recorded;
    const seen: unknown[] = ((page.__events ??= {})[name] = []);
    page.ChatbotWidget('on', name, (payload: unknown) => seen.push(payload));
  }, event);
  return () => page.evaluate((name) => (window as unknown as Recorded).__events[name] as Array<WidgetEventMap[E]>, event);
}

/** Presses the microphone button with the mouse and holds it until the recording's level meter shows. */
async function holdMicrophone(page: Page): Promise<Locator> {
  const mic = page.getByRole('button', { name: 'Hold to record a voice message' });
  const box = await mic.boundingBox();
  if (box === null) throw new Error('the microphone button is not visible');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.locator('meter.cw-media__level').waitFor();
  return mic;
}

/**
 * Drags a PNG of `bytes` over the panel (a real DataTransfer) until its drop zone shows. The panel listens for drags
 * from an effect that runs after its paint, so a file dragged in the first frame after the button appeared can go
 * unseen: it drags in again, as a visitor would.
 */
async function dragFileIn(page: Page, bytes: number[]): Promise<void> {
  await page.waitForFunction(
    (data) => {
      const root = document.querySelector('chatbot-widget-host')?.shadowRoot;
      if (root?.querySelector('.cw-panel--drop .cw-panel__drop')) return true;
      const dataTransfer = new DataTransfer();
      dataTransfer.items.add(new File([new Uint8Array(data)], 'dropped.png', { type: 'image/png' }));
      root?.querySelector('.cw-panel')?.dispatchEvent(new DragEvent('dragenter', { dataTransfer, bubbles: true, cancelable: true }));
      return false;
    },
    bytes,
    { polling: 50 },
  );
}

describe('media questions', () => {
  it('loads the media chunk on first media use, not when the chat opens (what the size report says)', async () => {
    const { page, log, close } = await openWidget();
    try {
      await page.getByRole('button', { name: 'Hold to record a voice message' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await loadedChunks(page)).toEqual(['panel']);
      await page.locator('input.cw-composer__file').setInputFiles({ name: 'porch.png', mimeType: 'image/png', buffer: Buffer.from(png()) });
      await page.locator('.cw-media__item--uploaded').waitFor();
      expect((await loadedChunks(page)).sort()).toEqual(['controller', 'panel']);
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('uploads a picked image with visible progress, sends it with the text and shows the answer and the image', async () => {
    const { page, log, close } = await openWidget();
    try {
      const requests = recordRequests(page);
      const input = page.getByRole('textbox', { name: 'Message' });
      await input.fill('Which room is this?');

      // Uploads slowed to 2 MB/s, so the progress of a 3 MB image can be seen.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 2_000_000,
      });
      await page.evaluate(() => {
        const seen: number[] = [];
        (window as unknown as { __progress: number[] }).__progress = seen;
        const root = document.querySelector('chatbot-widget-host')?.shadowRoot;
        const sample = (): void => {
          const bar = root?.querySelector<HTMLProgressElement>('.cw-media__progress');
          if (bar) seen.push(bar.value);
          requestAnimationFrame(sample);
        };
        requestAnimationFrame(sample);
      });
      const image = Buffer.concat([Buffer.from(png(8, 8)), Buffer.alloc(3 * 1024 * 1024)]);
      await page.locator('input.cw-composer__file').setInputFiles({ name: 'kitchen.png', mimeType: 'image/png', buffer: image });

      await page.locator('.cw-media__item--uploading').waitFor();
      await page.locator('.cw-media__item--uploaded').waitFor({ timeout: 20_000 });
      const progress = await page.evaluate(() => (window as unknown as { __progress: number[] }).__progress);
      expect(progress.some((value) => value > 0 && value < 100)).toBe(true);
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

      await input.press('Enter');
      await answers(page).first().waitFor({ timeout: 15_000 });
      expect(await answers(page).first().textContent()).toContain('I received 1 image: kitchen.png (PNG, 3.0 MB)');
      const ask = requests.find((request) => request.url().endsWith('/chat/Chat/ClientAsk'));
      expect(JSON.parse(ask?.postData() ?? '{}')).toMatchObject({ content: 'Which room is this?', chatAskType: 'Image' });
      expect(await input.inputValue()).toBe('');
      expect(await page.locator('.cw-media__item').count()).toBe(0);

      // In the history by its served URL, also after a reload; storage holds the reference, not the bytes.
      const thumb = page.locator('.cw-msg--user img.cw-msg__thumb');
      expect(await thumb.getAttribute('src')).toMatch(new RegExp(`^${service.url}/upload/\\d+\\?token=`));
      await page.reload();
      await page.getByRole('dialog').waitFor();
      await page.waitForFunction(() => {
        const img = document.querySelector('chatbot-widget-host')?.shadowRoot?.querySelector<HTMLImageElement>('.cw-msg__thumb');
        return img !== null && img !== undefined && img.complete && img.naturalWidth === 8;
      });
      const stored = await page.evaluate(() => JSON.stringify(localStorage).length);
      expect(stored).toBeLessThan(10_000);

      // Escape, the close button and a click beside the image close the larger view, and focus goes back to the
      // thumbnail that opened it (the panel stays open).
      const thumbButton = page.locator('.cw-msg__thumb-button');
      const lightbox = page.locator('dialog.cw-lightbox');
      const thumbnailHasFocus = () => hasFocus(page, '.cw-msg__thumb-button');
      const closers: Array<[string, () => Promise<void>]> = [
        ['Escape', () => page.keyboard.press('Escape')],
        ['the close button', () => lightbox.getByRole('button', { name: 'Close' }).click()],
        ['a click beside the image', () => page.mouse.click(5, 5)],
      ];
      for (const [closer, closeLightbox] of closers) {
        await thumbButton.click();
        await lightbox.waitFor();
        expect(await lightbox.evaluate((element) => (element as HTMLDialogElement).open)).toBe(true);
        await closeLightbox();
        await lightbox.waitFor({ state: 'detached' });
        expect(await page.getByRole('dialog').isVisible()).toBe(true);
        expect([closer, await thumbnailHasFocus()]).toEqual([closer, true]);
      }
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('records with push-to-talk on the fake microphone and sends a WAV the service accepts', async () => {
    const { page, log, close } = await openWidget();
    try {
      const requests = recordRequests(page);
      const mic = await holdMicrophone(page);
      await page.locator('.cw-media__elapsed', { hasText: '0:01' }).waitFor({ timeout: 5_000 });
      const level = await page.locator('meter.cw-media__level').evaluate((meter) => (meter as HTMLMeterElement).value);
      expect(level).toBeGreaterThan(0); // the fake device plays a tone
      await page.mouse.up();

      await answers(page).first().waitFor({ timeout: 15_000 });
      expect(await answers(page).first().textContent()).toMatch(/I received a RIFF\/WAVE recording of \d/);
      // What the service stored and serves back is a 16 kHz mono PCM WAV made in the browser.
      const put = requests.find((request) => request.method() === 'PUT');
      expect(put?.headers()['content-type']).toBe('audio/wav');
      const served = Buffer.from(await (await fetch(put?.url() ?? '')).arrayBuffer());
      expect(served.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(served.subarray(8, 16).toString('latin1')).toBe('WAVEfmt ');
      expect(served.readUInt16LE(20)).toBe(1); // PCM
      expect(served.readUInt16LE(22)).toBe(1); // mono
      expect(served.readUInt32LE(24)).toBe(16_000);
      expect(served.length).toBeGreaterThan(16_000); // over half a second of 16-bit samples
      const ask = requests.find((request) => request.url().endsWith('/chat/Chat/ClientAsk'));
      expect(JSON.parse(ask?.postData() ?? '{}')).toMatchObject({ chatAskType: 'Audio' });
      // The click that follows the release is part of the hold: it does not start another recording.
      expect(await mic.getAttribute('aria-pressed')).toBe('false');
      const player = page.locator('.cw-msg--user audio.cw-msg__audio');
      expect(await player.getAttribute('src')).toMatch(new RegExp(`^${service.url}/upload/`));
      expect(await player.getAttribute('controls')).not.toBeNull();
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('destroy() while recording ends the microphone track, uploads nothing and removes the widget', async () => {
    const { page, log, close } = await openWidget();
    try {
      await page.evaluate(() => {
        const devices = navigator.mediaDevices;
        const original = devices.getUserMedia.bind(devices);
        const streams: MediaStream[] = [];
        (window as unknown as { streams: MediaStream[] }).streams = streams;
        devices.getUserMedia = async (constraints) => {
          const stream = await original(constraints);
          streams.push(stream);
          return stream;
        };
      });
      const requests = recordRequests(page);
      await holdMicrophone(page);
      const trackStates = (): Promise<string[]> =>
        page.evaluate(() =>
          (window as unknown as { streams: MediaStream[] }).streams.flatMap((stream) =>
            stream.getTracks().map((track) => track.readyState),
          ),
        );
      await expect.poll(trackStates).toEqual(['live']);
      await page.evaluate(() => (window as unknown as { ChatbotWidget(command: string): void }).ChatbotWidget('destroy'));
      expect(await page.locator('chatbot-widget-host').count()).toBe(0);
      await expect.poll(trackStates).toEqual(['ended']);
      await page.mouse.up();
      await page.waitForTimeout(300);
      expect(requests.filter((request) => request.method() === 'PUT' || request.url().endsWith('/ClientAsk'))).toEqual([]);
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('keeps focus on the microphone button after a voice message sent by keyboard, while the answer runs and after', async () => {
    const { page, log, close } = await openWidget();
    try {
      const mic = page.getByRole('button', { name: 'Hold to record a voice message' });
      const micHasFocus = () => hasFocus(page, '.cw-composer__mic');
      await mic.waitFor(); // it shows once the chatbot's settings have loaded
      await page.getByRole('textbox', { name: 'Message' }).focus();
      await page.keyboard.press('Tab');
      expect(await micHasFocus()).toBe(true);
      // What the button said while the answer ran (the test service streams at once: read it as it happens).
      await page.evaluate(() => {
        const root = document.querySelector('chatbot-widget-host')?.shadowRoot;
        const composer = root?.querySelector('.cw-composer');
        const button = root?.querySelector('.cw-composer__mic');
        const seen: Array<string | null> = ((window as unknown as { __micWhileBusy: Array<string | null> }).__micWhileBusy = []);
        new MutationObserver(() => {
          if (composer?.classList.contains('cw-composer--busy')) seen.push(button?.getAttribute('aria-disabled') ?? null);
        }).observe(composer as Element, { attributes: true, attributeFilter: ['class'] });
      });
      await page.keyboard.down(' ');
      await page.locator('.cw-media__elapsed', { hasText: '0:01' }).waitFor({ timeout: 5_000 });
      await page.keyboard.up(' ');
      // The answer can start and end between two polls of a locator: the observer saw the busy state instead.
      await answers(page).first().waitFor({ timeout: 15_000 });
      expect(await page.evaluate(() => (window as unknown as { __micWhileBusy: unknown[] }).__micWhileBusy)).toContain('true');
      // Announced as unavailable meanwhile, and focus stayed (a disabled button loses it for good).
      expect(await micHasFocus()).toBe(true);
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('records by Enter and sends by a click without a press (what assistive technology sends)', async () => {
    const { page, log, close } = await openWidget();
    try {
      const requests = recordRequests(page);
      const mic = page.getByRole('button', { name: 'Hold to record a voice message' });
      await mic.focus();
      await page.keyboard.press('Enter');
      await page.locator('.cw-media__elapsed', { hasText: '0:01' }).waitFor({ timeout: 5_000 });
      expect(await mic.getAttribute('aria-pressed')).toBe('true');
      await mic.evaluate((button) => (button as HTMLButtonElement).click());
      await answers(page).first().waitFor({ timeout: 15_000 });
      expect(await answers(page).first().textContent()).toMatch(/I received a RIFF\/WAVE recording of \d/);
      const ask = requests.find((request) => request.url().endsWith('/chat/Chat/ClientAsk'));
      expect(JSON.parse(ask?.postData() ?? '{}')).toMatchObject({ chatAskType: 'Audio' });
      expect(await mic.getAttribute('aria-pressed')).toBe('false');
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('refuses a text file named .png with its reason, keeps the typed text and uploads nothing', async () => {
    const { page, log, close } = await openWidget();
    try {
      const requests = recordRequests(page);
      const errors = await recordEvents(page, 'error');
      const input = page.getByRole('textbox', { name: 'Message' });
      await input.fill('Keep this text');
      await page.locator('input.cw-composer__file').setInputFiles({
        name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('These are my notes, not a picture.'),
      });
      const notice = page.locator('.cw-media__notices[role="status"]');
      const refusal = '"notes.png" is not a PNG, JPEG, WEBP or GIF image.';
      await notice.getByText(refusal).waitFor();
      expect(await input.inputValue()).toBe('Keep this text');
      expect(requests.filter((request) => request.url().includes('Upload'))).toEqual([]);
      // The page hears of it in the same words, once.
      await input.fill('Keep this text, still');
      expect(await errors()).toEqual([{ message: refusal, kind: 'file-refused' }]);

      // The tray with a file and a notice is labelled well enough for axe.
      await page.locator('input.cw-composer__file').setInputFiles([
        { name: 'porch.png', mimeType: 'image/png', buffer: Buffer.from(png()) },
        { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('still not a picture') },
      ]);
      await page.locator('.cw-media__item--uploaded').waitFor();
      await page.locator('.cw-media__notice').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      // On a right-to-left page the notice's red edge is on its start side, the right.
      await page.evaluate(() => (document.documentElement.dir = 'rtl'));
      const edges = await page.locator('.cw-media__notice').evaluate((notice) => {
        const { borderLeftWidth, borderRightWidth } = getComputedStyle(notice);
        return [borderLeftWidth, borderRightWidth];
      });
      expect(edges).toEqual(['0px', '3px']);
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });
  it('sends one video as a Video question and shows its name and size in the history', async () => {
    const { page, log, close } = await openWidget();
    try {
      const requests = recordRequests(page);
      const messages = await recordEvents(page, 'message');
      const video = Buffer.concat([Buffer.from(mp4()), Buffer.alloc(200_000)]);
      await page.locator('input.cw-composer__file').setInputFiles({ name: 'tour.mp4', mimeType: 'video/mp4', buffer: video });
      await page.locator('.cw-media__item--video.cw-media__item--uploaded').waitFor();
      await page.getByRole('button', { name: 'Send message' }).click();
      await answers(page).first().waitFor({ timeout: 15_000 });
      expect(await answers(page).first().textContent()).toContain('I received a video: tour.mp4 (MP4, 195.');
      const ask = requests.find((request) => request.url().endsWith('/chat/Chat/ClientAsk'));
      expect(JSON.parse(ask?.postData() ?? '{}')).toMatchObject({ chatAskType: 'Video', content: '' });
      expect(await page.locator('.cw-msg--user .cw-msg__file-name--video').textContent()).toBe(
        `Attached video: tour.mp4 (${(video.length / 1024).toFixed(0)} KB)`,
      );
      // A page mirroring the conversation gets the question's file with its message, and an answer has none.
      const put = requests.find((request) => request.method() === 'PUT');
      const finish = requests.find((request) => request.url().endsWith('/FinishUpload'));
      const fileId: unknown = JSON.parse(finish?.postData() ?? '{}').FileStoreId;
      expect(fileId).toEqual(expect.any(Number));
      expect(await messages()).toEqual([
        {
          id: expect.any(String), role: 'user', text: '',
          attachments: [{ kind: 'video', fileId, name: 'tour.mp4', size: video.length, mimeType: 'video/mp4', url: put?.url() }],
        },
        { id: expect.any(String), role: 'assistant', text: expect.stringContaining('I received a video'), attachments: [] },
      ]);
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('attaches images pasted into the text field or dropped onto the panel (real DataTransfer events)', async () => {
    const { page, log, close } = await openWidget();
    try {
      const bytes = Array.from(png(4, 4));
      // Attachments are on once the chatbot's settings have loaded: the attach button shows it.
      await page.getByRole('button', { name: 'Attach images or a video' }).waitFor();
      await page.evaluate((data) => {
        const input = document.querySelector('chatbot-widget-host')?.shadowRoot?.querySelector('.cw-composer__input');
        const dataTransfer = new DataTransfer();
        dataTransfer.items.add(new File([new Uint8Array(data)], 'pasted.png', { type: 'image/png' }));
        input?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dataTransfer, bubbles: true, cancelable: true }));
      }, bytes);
      await dragFileIn(page, bytes);
      await page.evaluate((data) => {
        const panel = document.querySelector('chatbot-widget-host')?.shadowRoot?.querySelector('.cw-panel');
        const dataTransfer = new DataTransfer();
        dataTransfer.items.add(new File([new Uint8Array(data)], 'dropped.png', { type: 'image/png' }));
        panel?.dispatchEvent(new DragEvent('drop', { dataTransfer, bubbles: true, cancelable: true }));
      }, bytes);
      await page.locator('.cw-media__item--uploaded', { hasText: 'pasted.png' }).waitFor();
      await page.locator('.cw-media__item--uploaded', { hasText: 'dropped.png' }).waitFor();
      expect(await page.locator('.cw-panel--drop').count()).toBe(0);
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('the drop zone', () => {
  it('covers the part of the panel in view when a short panel is scrolled to its text field', async () => {
    const { page, log, close } = await openWidget(browser, { viewport: { width: 900, height: 300 } });
    try {
      await page.getByRole('button', { name: 'Attach images or a video' }).waitFor();
      expect(await page.locator('.cw-panel').evaluate((panel) => panel.scrollTop)).toBeGreaterThan(0);
      await dragFileIn(page, Array.from(png(4, 4)));
      const [panel, zone] = await Promise.all(
        ['.cw-panel', '.cw-panel__drop'].map((selector) => page.locator(selector).evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect)),
      );
      expect(zone!.top).toBeGreaterThanOrEqual(panel!.top);
      expect(zone!.bottom).toBeLessThanOrEqual(panel!.bottom);
      expect(zone!.height).toBeGreaterThan(panel!.height / 2);
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('the draft tray', () => {
  // Ten images (the most a question takes) whose names differ only near their end, as screenshots' do.
  const screenshots = Array.from({ length: 10 }, (_, index) => ({
    name: `Screenshot 2026-11-21 at 10.15.3${index}.png`, mimeType: 'image/png', buffer: Buffer.from(png(3, 3, index * 20)),
  }));

  it.each([
    ['phone', { viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true }],
    ['desktop', { viewport: DESKTOP_VIEWPORT }],
  ] as const)('with ten long-named images (%s) keeps the composer in the panel, room for the log, and the names apart', async (name, options) => {
    const { page, log, close } = await openWidget(browser, options);
    try {
      await page.locator('input.cw-composer__file').setInputFiles(screenshots);
      await page.waitForFunction(
        () => document.querySelector('chatbot-widget-host')?.shadowRoot?.querySelectorAll('.cw-media__item--uploaded').length === 10,
      );
      await screenshot(page, `media-tray-ten-images-${name}`);
      const layout = await page.evaluate(() => {
        const root = document.querySelector('chatbot-widget-host')?.shadowRoot;
        const box = (selector: string) => root?.querySelector(selector)?.getBoundingClientRect() ?? new DOMRect();
        const send = box('.cw-composer__send');
        const hit = root?.elementFromPoint(send.x + send.width / 2, send.y + send.height / 2);
        // Where the last characters of each name are laid out, against the box that clips the name.
        const clippedEnds = Array.from(root?.querySelectorAll('.cw-media__name') ?? []).filter((nameElement) => {
          const walker = document.createTreeWalker(nameElement, NodeFilter.SHOW_TEXT);
          let last: Text | null = null;
          while (walker.nextNode()) last = walker.currentNode as Text;
          if (last === null) return true;
          const range = document.createRange();
          range.setStart(last, Math.max(0, last.length - 6));
          range.setEnd(last, last.length);
          return range.getBoundingClientRect().right > nameElement.getBoundingClientRect().right + 0.5;
        }).length;
        return {
          panel: box('.cw-panel'), send, log: box('.cw-log'), tray: box('.cw-media'),
          sendReachable: hit?.closest('.cw-composer__send') !== null && hit !== undefined,
          clippedEnds,
        };
      });
      expect(layout.send.bottom).toBeLessThanOrEqual(layout.panel.bottom);
      expect(layout.sendReachable).toBe(true);
      expect(layout.tray.height).toBeLessThan(layout.panel.height / 4);
      expect(layout.log.height).toBeGreaterThan(100);
      expect(layout.clippedEnds).toBe(0);
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('push-to-talk on a touch screen', () => {
  it('a finger that drifts while holding the microphone keeps recording, and the release sends', async () => {
    const { page, log, close } = await openWidget(browser, { viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true });
    try {
      const mic = page.getByRole('button', { name: 'Hold to record a voice message' });
      const box = await mic.boundingBox();
      if (box === null) throw new Error('the microphone button is not visible');
      const cdp = await page.context().newCDPSession(page);
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
        cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      await touch('touchStart', x, y);
      await page.locator('.cw-media__elapsed', { hasText: '0:01' }).waitFor({ timeout: 5_000 });
      // A thumb is never still: it drifts upwards, the way a scroll starts, and stays on the button.
      for (let step = 1; step <= 6; step++) await touch('touchMove', x + step, y - 3 * step);
      await page.waitForTimeout(300);
      expect(await page.locator('meter.cw-media__level').count()).toBe(1);
      await touch('touchEnd', x + 6, y - 18);
      await answers(page).first().waitFor({ timeout: 15_000 });
      expect(await answers(page).first().textContent()).toMatch(/I received a RIFF\/WAVE recording/);
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('an upload that fails', () => {
  /** The buttons of the tray's file entry, by their accessible names. */
  const buttonsOf = (item: Locator) => item.getByRole('button').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));

  it('refused by the service as too large (HTTP 413) offers Remove only, says why, and tells the page once', async () => {
    const { page, log, close } = await openWidget();
    try {
      const errors = await recordEvents(page, 'error');
      const image = Buffer.concat([Buffer.from(png(8, 8)), Buffer.alloc(5 * 1024 * 1024)]);
      await page.locator('input.cw-composer__file').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: image });
      const item = page.locator('.cw-media__item--failed');
      await item.waitFor({ timeout: 20_000 });
      // The reference service's own words say why; sending the same bytes again cannot change them.
      const refusal = '"big.png" did not upload: File too large: PNG image files may be at most 4 MB.';
      await page.locator('.cw-media__notice', { hasText: refusal }).waitFor();
      expect(await buttonsOf(item)).toEqual(['Remove big.png']);
      // Send says what is left to do; that is no new failure for the page.
      await page.getByRole('button', { name: 'Send message' }).click();
      await page.locator('.cw-media__notice', { hasText: 'Not sent: every file must be uploaded or removed first.' }).waitFor();
      expect(await errors()).toEqual([{ message: refusal, kind: 'upload-refused' }]);
      // Removed, it takes its notices with it.
      await item.getByRole('button', { name: 'Remove big.png' }).click();
      expect(await page.locator('.cw-media__notice').count()).toBe(0);
      expect(log.problems()).toEqual([expect.stringMatching(/status of 413/)]);
    } finally {
      await close();
    }
  });

  it('that did not reach the service, or met a server error (HTTP 503), offers Retry, and Retry uploads it', async () => {
    const { page, log, close } = await openWidget();
    try {
      const errors = await recordEvents(page, 'error');
      let failure: 'network' | 503 = 'network';
      await page.route(`${service.url}/upload/**`, (route) => {
        if (route.request().method() !== 'PUT') return route.continue();
        if (failure === 'network') return route.abort('connectionreset');
        return route.fulfill({ status: 503, headers: { 'access-control-allow-origin': '*' }, body: 'Service Unavailable' });
      });
      await page.locator('input.cw-composer__file').setInputFiles({ name: 'porch.png', mimeType: 'image/png', buffer: Buffer.from(png()) });
      const item = page.locator('.cw-media__item');
      const failed = page.locator('.cw-media__item--failed');
      const unreachable = '"porch.png" did not upload: Could not reach the chat service. Check your connection.';
      await page.locator('.cw-media__notice', { hasText: unreachable }).waitFor();
      expect(await buttonsOf(failed)).toEqual(['Retry uploading porch.png', 'Remove porch.png']);

      failure = 503;
      await item.getByRole('button', { name: 'Retry uploading porch.png' }).click();
      // The visitor reads plain words; the page's logs get the status.
      const serverError = '"porch.png" did not upload: The chat service is having trouble right now. Try again in a moment.';
      const serverErrorLogged = '"porch.png" did not upload: The chat service answered with HTTP 503.';
      await page.locator('.cw-media__notice', { hasText: serverError }).waitFor();
      expect(await buttonsOf(failed)).toEqual(['Retry uploading porch.png', 'Remove porch.png']);

      await page.unroute(`${service.url}/upload/**`);
      await item.getByRole('button', { name: 'Retry uploading porch.png' }).click();
      await page.locator('.cw-media__item--uploaded').waitFor();
      expect(await errors()).toEqual([
        { message: unreachable, kind: 'upload-failed' },
        { message: serverErrorLogged, kind: 'upload-failed' },
      ]);
      expect(log.problems().every((problem) => /connection_reset|status of 503/i.test(problem))).toBe(true);
    } finally {
      await close();
    }
  });
});

describe('a refused microphone', () => {
  it('explains what to do', async () => {
    // A fake device but no automatic permission: headless Chromium refuses the microphone.
    const strict = await launchBrowser({ extraArgs: ['--use-fake-device-for-media-stream'] });
    try {
      const { page, close } = await openWidget(strict);
      const mic = page.getByRole('button', { name: 'Hold to record a voice message' });
      await mic.focus();
      const errors = await recordEvents(page, 'error');
      await page.keyboard.down(' ');
      const notice = page.locator('.cw-media__notice', { hasText: 'Microphone access was denied.' });
      await notice.waitFor({ timeout: 10_000 });
      await page.keyboard.up(' ');
      expect(await page.locator('meter.cw-media__level').count()).toBe(0);
      // The page hears of it in the same words, once (the release that follows is no second failure).
      await page.waitForTimeout(200);
      expect(await errors()).toEqual([{ message: await notice.locator('span').textContent(), kind: 'microphone-denied' }]);
      await close();
    } finally {
      await strict.close();
    }
  });
});
