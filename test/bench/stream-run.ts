/**
 * One streaming run in Chromium: open the page of one contender, let its chat get ready, stream a short warm-up
 * answer (so lazy code is loaded and compiled, as for a visitor who has already chatted), then stream the measured
 * answer of N chunks and read what the probe (probe.ts) and Chrome's own counters saw.
 */
import type { Browser, CDPSession, Page } from 'playwright-core';
import { benchQuestion, markerFor } from './answer';
import { DEEP_CHAT_PATH } from './deep-chat-server';
import { probeInitScript, type FetchTiming, type ProbeReport } from './probe';

export type Contender = 'widget' | 'deep-chat';
export const CONTENDERS: readonly Contender[] = ['widget', 'deep-chat'];

export const WARM_UP_CHUNKS = 40;
/** The path of each contender's streaming request, to find its Resource Timing entry. */
const STREAM_PATH: Record<Contender, string> = { widget: '/chat/Chat/ClientAsk', 'deep-chat': DEEP_CHAT_PATH };
const READY_TIMEOUT_MS = 20_000;
const SETTLE_MS = 300;

export interface StreamRunOptions {
  browser: Browser;
  /** The bench site's page for this contender. */
  pageUrl: string;
  contender: Contender;
  chunks: number;
  /** Unique per run: it makes the marker unique. Lowercase letters and digits. */
  runId: string;
  /** Give up on the measured answer after this long (deep-chat at N = 10,000 can be slow). */
  timeoutMs: number;
  /**
   * CDP Emulation.setCPUThrottlingRate, set just before the measured answer (after the page's load and the warm-up,
   * which run at full speed): 1 or absent is no throttling. It slows the renderer's main thread only: a Chromium
   * thread interrupts it with a signal whose handler busy-loops, so its CPU-time counters (mainThread below) count
   * the emulated time too, and on this 2-core machine that busy loop takes a real core.
   */
  cpuSlowdown?: number;
  /** Called around the measured answer only (profile.ts starts and stops its profilers here). */
  hooks?: StreamRunHooks;
}

export interface StreamRunHooks {
  beforeSend(page: Page, cdp: CDPSession): Promise<void>;
  afterRendered(page: Page, cdp: CDPSession): Promise<void>;
}

export interface StreamRun {
  contender: Contender;
  chunks: number;
  /** False when the marker was not rendered within timeoutMs: the timings below are then lower bounds. */
  completed: boolean;
  /** t0 (send) → the rendering update that shows the last chunk. */
  timeToLastChunkMs: number;
  /** The network's last byte of the answer (Resource Timing responseEnd) → the rendering update showing it. */
  lastByteToVisibleMs: number;
  /**
   * Rendering updates from the network's last byte to the one that shows the last chunk, that one included: 1
   * means it was shown by the first frame after the byte arrived, however late that frame came on a busy machine.
   */
  framesAfterLastByte: number;
  /** The page script's read that completed the last chunk → the rendering update showing it. */
  lastChunkReadToVisibleMs: number;
  /** t0 → the network's last byte: how long the service and the network took to deliver the whole answer. */
  networkMs: number;
  bytesRead: number;
  reads: number;
  longTasks: { count: number; totalMs: number; longestMs: number };
  /** Rendering updates between the first byte and the last chunk visible, and the longest gap between two. */
  frames: { count: number; longestGapMs: number; perSecond: number };
  /** Chrome's main-thread counters (CDP Performance.getMetrics deltas) from send to last chunk visible. */
  mainThread: { taskMs: number; scriptMs: number; layoutMs: number; styleMs: number; perChunkUs: number };
  /** Used JS heap after the answer, after a forced garbage collection. */
  heapUsedBytes: number;
  markerVisible: boolean;
  /** Main-thread time of the probe's own callbacks (included in the numbers above; it should be small). */
  probeOverheadMs: number;
}

type Metrics = Record<string, number>;

async function metrics(cdp: CDPSession): Promise<Metrics> {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map((metric) => [metric.name, metric.value]));
}

async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const usage = await cdp.send('Runtime.getHeapUsage');
  return usage.usedSize;
}

/** Waits until the contender's chat can take a question: the widget opened, deep-chat rendered its input. */
async function makeReady(page: Page, contender: Contender): Promise<void> {
  if (contender === 'widget') {
    await page.waitForFunction(() => typeof (window as unknown as { ChatbotWidget?: unknown }).ChatbotWidget === 'function');
    await page.evaluate(() => (window as unknown as { ChatbotWidget: (...args: unknown[]) => void }).ChatbotWidget('open'));
    await page.locator('textarea').first().waitFor({ state: 'visible', timeout: READY_TIMEOUT_MS });
  } else {
    await page.waitForFunction(
      () => {
        const chat = document.querySelector('deep-chat') as (HTMLElement & { submitUserMessage?: unknown }) | null;
        return Boolean(chat?.shadowRoot?.querySelector('#text-input') && typeof chat.submitUserMessage === 'function');
      },
      undefined,
      { timeout: READY_TIMEOUT_MS },
    );
  }
}

/** Arms the probe and sends the question in the same task; returns nothing (t0 is in the report). */
async function armAndSend(page: Page, contender: Contender, marker: string, question: string): Promise<void> {
  await page.evaluate(
    ({ contender: who, marker: mark, question: text }) => {
      const probe = window.__benchProbe;
      if (!probe) throw new Error('The bench probe is not installed in this page.');
      probe.arm(mark);
      if (who === 'widget') {
        (window as unknown as { ChatbotWidget: (...args: unknown[]) => void }).ChatbotWidget('send', text);
      } else {
        const chat = document.querySelector('deep-chat') as HTMLElement & { submitUserMessage(content: { text: string }): void };
        chat.submitUserMessage({ text });
      }
    },
    { contender, marker, question },
  );
}

async function waitRendered(page: Page, timeoutMs: number): Promise<boolean> {
  return page.evaluate((ms) => window.__benchProbe?.rendered(ms) ?? false, timeoutMs);
}

async function report(page: Page): Promise<ProbeReport> {
  const result = await page.evaluate(() => window.__benchProbe?.report());
  if (!result) throw new Error('The bench probe gave no report.');
  return result;
}

/** The Resource Timing of the measured streaming request (it appears once the response has ended). */
async function streamTiming(page: Page, contender: Contender): Promise<FetchTiming | undefined> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const fetches = await page.evaluate(() => window.__benchProbe?.fetches() ?? []);
    const found = fetches.find((entry) => new URL(entry.url).pathname === STREAM_PATH[contender]);
    if (found) return found;
    await page.waitForTimeout(100);
  }
  return undefined;
}

export async function streamRun(options: StreamRunOptions): Promise<StreamRun> {
  const { browser, contender, chunks, runId } = options;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.addInitScript({ content: probeInitScript() });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    await page.goto(options.pageUrl, { waitUntil: 'load' });
    await makeReady(page, contender);

    const warmId = `${runId}w`;
    await armAndSend(page, contender, markerFor(warmId), benchQuestion(WARM_UP_CHUNKS, warmId));
    if (!(await waitRendered(page, READY_TIMEOUT_MS))) {
      throw new Error(`${contender}: the warm-up answer never appeared${pageErrors.length ? ` (${pageErrors.join('; ')})` : ''}.`);
    }
    await page.evaluate(() => window.__benchProbe?.disarm());
    await page.waitForTimeout(SETTLE_MS);
    await cdp.send('HeapProfiler.collectGarbage');
    const slowdown = options.cpuSlowdown ?? 1;
    if (slowdown !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });

    await options.hooks?.beforeSend(page, cdp);
    const before = await metrics(cdp);
    await armAndSend(page, contender, markerFor(runId), benchQuestion(chunks, runId));
    const completed = await waitRendered(page, options.timeoutMs);
    const after = await metrics(cdp);
    await options.hooks?.afterRendered(page, cdp);
    const probe = await report(page);
    await page.evaluate(() => window.__benchProbe?.disarm());
    await page.waitForTimeout(SETTLE_MS);
    const network = await streamTiming(page, contender);
    if (!network) throw new Error(`${contender}: no Resource Timing entry for ${STREAM_PATH[contender]}.`);
    const heapUsedBytes = await heapAfterGc(cdp);
    if (pageErrors.length > 0) throw new Error(`${contender}: errors in the page: ${pageErrors.join('; ')}`);
    return summarise(contender, chunks, completed, probe, network, before, after, heapUsedBytes);
  } finally {
    await context.close();
  }
}

function delta(before: Metrics, after: Metrics, name: string): number {
  return ((after[name] ?? 0) - (before[name] ?? 0)) * 1000;
}

export function summarise(
  contender: Contender,
  chunks: number,
  completed: boolean,
  probe: ProbeReport,
  network: FetchTiming,
  before: Metrics,
  after: Metrics,
  heapUsedBytes: number,
): StreamRun {
  const end = probe.markerRenderedAt ?? probe.frames[probe.frames.length - 1] ?? probe.t0;
  const start = probe.firstByteAt ?? probe.t0;
  const streamTasks = probe.longTasks.filter((task) => task.start + task.duration > probe.t0 && task.start < end);
  const frames = probe.frames.filter((time) => time >= start && time <= end);
  let longestGapMs = 0;
  for (let index = 1; index < frames.length; index += 1) {
    longestGapMs = Math.max(longestGapMs, (frames[index] ?? 0) - (frames[index - 1] ?? 0));
  }
  const windowMs = end - start;
  const taskMs = delta(before, after, 'TaskDuration');
  return {
    contender,
    chunks,
    completed,
    timeToLastChunkMs: end - probe.t0,
    lastByteToVisibleMs: end - network.responseEnd,
    framesAfterLastByte: probe.frames.filter((time) => time > network.responseEnd && time <= end).length,
    lastChunkReadToVisibleMs: end - (probe.markerByteAt ?? end),
    networkMs: network.responseEnd - probe.t0,
    bytesRead: probe.bytes,
    reads: probe.reads,
    longTasks: {
      count: streamTasks.length,
      totalMs: streamTasks.reduce((sum, task) => sum + task.duration, 0),
      longestMs: streamTasks.reduce((longest, task) => Math.max(longest, task.duration), 0),
    },
    frames: { count: frames.length, longestGapMs, perSecond: windowMs > 0 ? (frames.length * 1000) / windowMs : 0 },
    mainThread: {
      taskMs,
      scriptMs: delta(before, after, 'ScriptDuration'),
      layoutMs: delta(before, after, 'LayoutDuration'),
      styleMs: delta(before, after, 'RecalcStyleDuration'),
      perChunkUs: (taskMs * 1000) / chunks,
    },
    heapUsedBytes,
    markerVisible: probe.markerVisible,
    probeOverheadMs: probe.overheadMs,
  };
}
