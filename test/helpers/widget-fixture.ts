/**
 * What a browser test file of the widget shares: a reference service, the widget site (dist/ and the test's pages)
 * and Chromium, started before the file's tests and stopped after them.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, openPage, type OpenedPage, type OpenPageOptions } from './browser';
import { startTestService, type TestService, type TestServiceOptions } from './service';
import { startWidgetSite, type TestPage, type WidgetSite } from './widget-pages';

export interface WidgetFixture {
  readonly service: TestService;
  readonly site: WidgetSite;
  readonly browser: Browser;
  /** Serves `page` at a fresh path and opens it in a new context (empty storage). */
  open(page: TestPage | string, options?: OpenPageOptions): Promise<OpenedPage>;
}

/** Registers the file's beforeAll/afterAll; the returned parts can be used inside tests and hooks. */
export function useWidgetFixture(serviceOptions: TestServiceOptions = {}): WidgetFixture {
  let service: TestService | undefined;
  let site: WidgetSite | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    service = await startTestService(serviceOptions);
    site = await startWidgetSite();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await service?.close();
  });
  const started = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`The widget fixture's ${name} is not started: use it inside a test or hook.`);
    return value;
  };
  return {
    get service() {
      return started(service, 'service');
    },
    get site() {
      return started(site, 'site');
    },
    get browser() {
      return started(browser, 'browser');
    },
    open(page, options) {
      const path = `/page-${Math.random().toString(36).slice(2)}.html`;
      started(site, 'site').setPage(path, page);
      return openPage(started(browser, 'browser'), `${started(site, 'site').url}${path}`, options);
    },
  };
}
