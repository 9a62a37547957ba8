/** The browser harness itself: what later browser tests rely on must hold in this Chromium. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_MEDIA_ARGS,
  launchBrowser,
  launchProfile,
  openPage,
  resolveChromiumPath,
  screenshot,
  shadowText,
  waitForText,
} from '../helpers/browser';

/** One blank page on a fixed origin, so storage written before a browser restart can be read after it. */
const PAGE = '<!doctype html><title>harness</title><div id="host"></div><p>light text</p>';
let server: Server;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe('browser harness', () => {
  it('names the fix when Chromium is missing', async () => {
    const saved = process.env.CHROMIUM_PATH;
    process.env.CHROMIUM_PATH = '/nonexistent/chromium';
    try {
      await expect(resolveChromiumPath()).rejects.toThrow(
        "No Chromium at /nonexistent/chromium. Install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH",
      );
      await expect(launchBrowser()).rejects.toThrow(/set CHROMIUM_PATH/);
    } finally {
      if (saved === undefined) delete process.env.CHROMIUM_PATH;
      else process.env.CHROMIUM_PATH = saved;
    }
  });

  it('finds text inside an open shadow root, and reads the root text', async () => {
    const { page, close } = await openPage(browser, origin);
    try {
      await page.evaluate(() => {
        const root = document.getElementById('host')!.attachShadow({ mode: 'open' });
        const inner = document.createElement('p');
        inner.className = 'inside';
        setTimeout(() => (inner.textContent = 'Hello from the shadow'), 50);
        root.append(inner);
      });
      const found = await waitForText(page, 'Hello from the shadow');
      expect(await found.getAttribute('class')).toBe('inside');
      expect(await page.locator('#host .inside').count()).toBe(1);
      expect(await shadowText(page.locator('#host'))).toBe('Hello from the shadow');
      await expect(waitForText(page, 'never shown', { timeout: 200 })).rejects.toThrow();
    } finally {
      await close();
    }
  });

  it('gives every page a fresh context: storage does not leak between openPage calls', async () => {
    const first = await openPage(browser, origin);
    await first.page.evaluate(() => localStorage.setItem('k', 'v'));
    await first.close();
    const second = await openPage(browser, origin);
    try {
      expect(await second.page.evaluate(() => localStorage.getItem('k'))).toBeNull();
    } finally {
      await second.close();
    }
  });

  it('launchProfile keeps localStorage across a browser restart but not sessionStorage', async () => {
    const first = await launchProfile();
    try {
      const page = await first.context.newPage();
      await page.goto(origin);
      await page.evaluate(() => {
        localStorage.setItem('kept', 'yes');
        sessionStorage.setItem('dropped', 'yes');
      });
      await first.context.close();

      const second = await launchProfile({ userDataDir: first.userDataDir });
      try {
        const again = await second.context.newPage();
        await again.goto(origin);
        expect(await again.evaluate(() => localStorage.getItem('kept'))).toBe('yes');
        expect(await again.evaluate(() => sessionStorage.getItem('dropped'))).toBeNull();
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
    }
    expect(existsSync(first.userDataDir)).toBe(false);
  });

  it('gives media tests a fake camera and microphone with FAKE_MEDIA_ARGS', async () => {
    const media = await launchBrowser({ extraArgs: FAKE_MEDIA_ARGS });
    try {
      const { page } = await openPage(media, origin);
      const tracks = await page.evaluate(async () => {
        const stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: true });
        const kinds = stream.getTracks().map((track) => track.kind).sort();
        stream.getTracks().forEach((track) => track.stop());
        return kinds;
      });
      expect(tracks).toEqual(['audio', 'video']);
    } finally {
      await media.close();
    }
  });

  it('writes screenshots to test-results/screenshots', async () => {
    const { page, close } = await openPage(browser, origin);
    try {
      const path = await screenshot(page, 'harness: blank page');
      expect(path).toMatch(/test-results\/screenshots\/harness-blank-page\.png$/);
      expect(existsSync(path)).toBe(true);
    } finally {
      await close();
    }
  });
});
