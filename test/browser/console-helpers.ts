/**
 * Shared setup of the operator console's browser tests: the reference service and the demo site on free ports, a
 * Chromium, small helpers to reach into the preview frame and the widget's open shadow root, and a PNG to upload.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, FrameLocator, Locator, Page } from 'playwright-core';
import { startDemoSite, type DemoSite } from '../../demo/site';
import { launchBrowser, openPage, SCREENSHOT_DIR, type OpenedPage, type OpenPageOptions } from '../helpers/browser';
import { callService, startTestService, type TestService } from '../helpers/service';

export interface ConsoleFixture {
  service: TestService;
  site: DemoSite;
  browser: Browser;
  close(): Promise<void>;
}

export async function startConsoleFixture(): Promise<ConsoleFixture> {
  const service = await startTestService();
  const site = await startDemoSite({ serviceUrl: service.url, serialNumber: service.serialNumber, secretKey: service.secretKey });
  const browser = await launchBrowser();
  return {
    service,
    site,
    browser,
    async close() {
      await browser.close();
      await site.close();
      await service.close();
    },
  };
}

export function readSettings(service: TestService): Promise<Record<string, unknown>> {
  return callService(service, '/chat/Chatbot/Get', { serialNumber: service.serialNumber });
}

/** Opens the console (optionally on #listings) and waits until the settings have loaded. */
export async function openConsole(fixture: ConsoleFixture, hash = '', options: OpenPageOptions = {}): Promise<OpenedPage> {
  const opened = await openPage(fixture.browser, `${fixture.site.url}/console.html${hash}`, options);
  if (hash === '#listings') await opened.page.locator('.table-wrap[data-state="ready"]').waitFor();
  else await opened.page.locator('#setting-Name').waitFor();
  return opened;
}

export function previewFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe.preview__frame');
}

/**
 * Waits until the preview frame has stayed where it is on the page for five frames. console.css scrolls smoothly
 * to #preview (about 80 frames on a phone), and Playwright's stability check looks inside the frame only: a click
 * computed while the page still scrolled landed beside the launcher on a busy machine (the phone test's flake).
 */
export async function previewFrameSettled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const frame = document.querySelector('iframe.preview__frame');
        if (!frame) return reject(new Error('The console has no preview frame.'));
        const place = () => {
          const box = frame.getBoundingClientRect();
          return `${box.x},${box.y},${box.width},${box.height}`;
        };
        const giveUp = setTimeout(() => reject(new Error('The preview frame kept moving for 10 s.')), 10_000);
        let last = place();
        let still = 0;
        const check = () => {
          const now = place();
          still = now === last ? still + 1 : 0;
          last = now;
          if (still >= 5) {
            clearTimeout(giveUp);
            resolve();
          } else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
}

export function launcher(page: Page): Locator {
  return previewFrame(page).locator('.cw-launcher');
}

export async function launcherColour(page: Page): Promise<string> {
  return launcher(page).evaluate((element) => getComputedStyle(element).backgroundColor, undefined, { timeout: 5_000 });
}

/** Asks the preview's widget a question and returns the finished answer's text. */
export async function askPreview(page: Page, question: string): Promise<string> {
  const frame = previewFrame(page);
  const input = frame.locator('.cw-composer__input');
  if (!(await input.isVisible())) await launcher(page).click();
  await input.waitFor();
  const done = frame.locator('.cw-msg--assistant[data-status="done"]');
  const answersBefore = await done.count();
  await input.fill(question);
  await input.press('Enter');
  const answer = done.nth(answersBefore);
  await answer.waitFor({ timeout: 15_000 });
  return (await answer.locator('.cw-msg__bubble').textContent()) ?? '';
}

/** A viewport screenshot (the sticky save bar stays where a person sees it) in test-results/screenshots/. */
export async function viewportShot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

/** A real PNG of one colour, so the service's content check accepts it. */
export function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), ...Array.from({ length: width }, () => Buffer.from(rgb))]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
