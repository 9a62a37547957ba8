/**
 * The real-Chromium harness every browser test uses: Debian's chromium driven by playwright-core.
 *
 * - `launchBrowser()` starts a headless Chromium with a fresh profile (Playwright creates a temporary user-data
 *   dir and deletes it on `close()`); every `openPage()` gets its own context, so its storage starts empty.
 * - `launchProfile()` is for tests that restart the browser on the same profile (what survives a browser
 *   restart: localStorage yes, sessionStorage no).
 * - `watchPage()` records console errors and warnings, uncaught page errors and failed requests, so a test can
 *   assert that a page ran cleanly (a CSP violation is reported by Chromium as a console error).
 * - Playwright's CSS and text locators pierce *open* shadow roots, so `page.locator('.cbw-panel')` and
 *   `page.getByText('Hello')` find nodes inside the widget. Closed shadow roots are not pierced.
 */
import { access, constants, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type ConsoleMessage,
  type Locator,
  type Page,
} from 'playwright-core';

/** The flags of RULES.md: headless, no sandbox (containers), no GPU, and no traffic of Chromium's own. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Extra flags for the media tests: a fake camera and microphone, permission prompts accepted. */
export const FAKE_MEDIA_ARGS: readonly string[] = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

/** Where `screenshot()` writes; git ignores test-results/. */
export const SCREENSHOT_DIR = resolve('test-results', 'screenshots');

export interface LaunchOptions {
  /** Flags added to CHROMIUM_ARGS, e.g. FAKE_MEDIA_ARGS. */
  extraArgs?: readonly string[];
}

export interface ProfileOptions extends LaunchOptions, BrowserContextOptions {
  /** Reuse this profile directory (the caller removes it). Without it a temporary one is made and removed on close. */
  userDataDir?: string;
}

export interface BrowserProfile {
  context: BrowserContext;
  userDataDir: string;
  /** Closes the browser; removes the profile directory only when launchProfile created it. */
  close(): Promise<void>;
}

/** CHROMIUM_PATH or /usr/bin/chromium, checked to be executable. */
export async function resolveChromiumPath(): Promise<string> {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  try {
    await access(path, constants.X_OK);
  } catch {
    throw new Error(
      `No Chromium at ${path}. Install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH ` +
        'to a Chromium binary.',
    );
  }
  return path;
}

export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: await resolveChromiumPath(),
    args: [...CHROMIUM_ARGS, ...(options.extraArgs ?? [])],
  });
}

/** A persistent profile, for tests that close the browser and start it again on the same user data. */
export async function launchProfile(options: ProfileOptions = {}): Promise<BrowserProfile> {
  const { extraArgs, userDataDir: givenDir, ...contextOptions } = options;
  const userDataDir = givenDir ?? (await mkdtemp(join(tmpdir(), 'cbw-profile-')));
  const context = await chromium.launchPersistentContext(userDataDir, {
    ...contextOptions,
    executablePath: await resolveChromiumPath(),
    args: [...CHROMIUM_ARGS, ...(extraArgs ?? [])],
  });
  return {
    context,
    userDataDir,
    async close() {
      await context.close();
      if (!givenDir) await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

export interface ConsoleEntry {
  type: 'error' | 'warning';
  text: string;
  /** The script URL and line the message came from, when Chromium knows it. */
  location: string;
}

export interface FailedRequest {
  url: string;
  method: string;
  failure: string;
}

export interface PageLog {
  console: ConsoleEntry[];
  /** Uncaught exceptions and unhandled rejections in the page. */
  pageErrors: string[];
  failedRequests: FailedRequest[];
  errors(): ConsoleEntry[];
  warnings(): ConsoleEntry[];
  /** Console messages that are Content-Security-Policy violations. */
  cspViolations(): ConsoleEntry[];
  /**
   * Everything that went wrong, one line each: console errors, page errors, and failed requests except
   * deliberate aborts (net::ERR_ABORTED, e.g. the user pressing Stop). Empty means the page ran cleanly.
   */
  problems(): string[];
}

/** Starts recording a page's console, page errors and failed requests. Call before navigating. */
export function watchPage(page: Page): PageLog {
  const log: PageLog = {
    console: [],
    pageErrors: [],
    failedRequests: [],
    errors: () => log.console.filter((entry) => entry.type === 'error'),
    warnings: () => log.console.filter((entry) => entry.type === 'warning'),
    cspViolations: () => log.console.filter((entry) => /Content Security Policy/i.test(entry.text)),
    problems: () => [
      ...log.errors().map((entry) => `console error: ${entry.text}${entry.location ? ` (${entry.location})` : ''}`),
      ...log.pageErrors.map((message) => `page error: ${message}`),
      ...log.failedRequests
        .filter((request) => !request.failure.includes('ERR_ABORTED'))
        .map((request) => `request failed: ${request.method} ${request.url}: ${request.failure}`),
    ],
  };
  page.on('console', (message: ConsoleMessage) => {
    const type = message.type();
    if (type !== 'error' && type !== 'warning') return;
    const { url, lineNumber } = message.location();
    log.console.push({ type, text: message.text(), location: url ? `${url}:${lineNumber}` : '' });
  });
  page.on('pageerror', (error) => log.pageErrors.push(error.stack ?? error.message));
  page.on('requestfailed', (request) =>
    log.failedRequests.push({
      url: request.url(),
      method: request.method(),
      failure: request.failure()?.errorText ?? 'unknown',
    }),
  );
  return log;
}

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  log: PageLog;
  /** Closes the page's context (and with it its storage). */
  close(): Promise<void>;
}

export interface OpenPageOptions extends BrowserContextOptions {
  /** Navigation waits for this load state; default 'load'. */
  waitUntil?: 'load' | 'domcontentloaded' | 'networkidle' | 'commit';
}

export const DESKTOP_VIEWPORT = { width: 1280, height: 800 } as const;
export const PHONE_VIEWPORT = { width: 390, height: 844 } as const;

/** Opens `url` in a new context of `browser` with its log already recording. Navigation errors throw. */
export async function openPage(browser: Browser, url: string, options: OpenPageOptions = {}): Promise<OpenedPage> {
  const { waitUntil = 'load', ...contextOptions } = options;
  const context = await browser.newContext({ viewport: DESKTOP_VIEWPORT, ...contextOptions });
  const page = await context.newPage();
  const log = watchPage(page);
  const response = await page.goto(url, { waitUntil });
  if (response && !response.ok()) {
    await context.close();
    throw new Error(`GET ${url} answered ${response.status()} ${response.statusText()}`);
  }
  return { page, context, log, close: () => context.close() };
}

export interface WaitOptions {
  timeout?: number;
}

/**
 * Waits until `text` is visible somewhere under `scope` (a page or a locator such as the widget's host element),
 * looking into open shadow roots, and returns the matching element.
 */
export async function waitForText(
  scope: Page | Locator,
  text: string | RegExp,
  options: WaitOptions = {},
): Promise<Locator> {
  const match = scope.getByText(text).first();
  await match.waitFor({ state: 'visible', timeout: options.timeout ?? 10_000 });
  return match;
}

/** The text content of an element's open shadow root ('' when it has none yet). */
export async function shadowText(host: Locator): Promise<string> {
  return host.evaluate((element) => element.shadowRoot?.textContent ?? '');
}

/** Saves a full-page PNG as test-results/screenshots/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const safeName = name.replace(/[^a-z0-9._-]+/gi, '-').replace(/^-+|-+$/g, '') || 'screenshot';
  const path = join(SCREENSHOT_DIR, `${safeName}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
