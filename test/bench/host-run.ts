/**
 * What embedding costs a host page before anyone opens the chat: load the bench page (only the embed snippet on
 * it), wait until the network is quiet, and count the bytes transferred (CDP Network: encodedDataLength, headers
 * included, as the browser received them), the requests, the long tasks, and the main-thread time. Twice: a first
 * visit, then a repeat visit in the same browser profile (its storage kept), as when a visitor opens a second page
 * of the site. The bench site sends Cache-Control: no-store, so the repeat visit downloads and compiles the scripts
 * again: only the kept storage differs between the two visits.
 */
import type { Browser, BrowserContext, CDPSession } from 'playwright-core';
import { probeInitScript } from './probe';
import type { Contender } from './stream-run';

const QUIET_MS = 1_000;
const LOAD_BUDGET_MS = 15_000;

export interface HostRequest {
  url: string;
  type: string;
  status: number;
  /** Bytes on the wire (compressed body and headers); 0 for a failed request. */
  transferredBytes: number;
  /** Content-Encoding of the response ('' when none). */
  encoding: string;
  failed: string | null;
}

export type Visit = 'first' | 'repeat';

export interface HostRun {
  contender: Contender;
  visit: Visit;
  /** Everything the embed fetched: every request except the host page's own HTML and favicon. */
  requests: HostRequest[];
  scriptBytes: number;
  otherBytes: number;
  totalBytes: number;
  longTasks: { count: number; totalMs: number; longestMs: number };
  mainThread: { taskMs: number; scriptMs: number };
  heapUsedBytes: number;
  /**
   * Whether a chat input is visible after the load. The widget's must not be (nobody opened the chat); deep-chat
   * has no launcher, its element is the chat, so its input is visible.
   */
  chatVisible: boolean;
}

/** cpuSlowdown: CDP Emulation.setCPUThrottlingRate for each page from before its load (1 is no throttling). */
export async function hostRuns(browser: Browser, pageUrl: string, contender: Contender, cpuSlowdown = 1): Promise<HostRun[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const first = await measureLoad(context, pageUrl, contender, 'first', cpuSlowdown);
    const repeat = await measureLoad(context, pageUrl, contender, 'repeat', cpuSlowdown);
    return [first, repeat];
  } finally {
    await context.close();
  }
}

async function measureLoad(
  context: BrowserContext,
  pageUrl: string,
  contender: Contender,
  visit: Visit,
  cpuSlowdown: number,
): Promise<HostRun> {
  const page = await context.newPage();
  try {
    await page.addInitScript({ content: probeInitScript() });
    const cdp = await context.newCDPSession(page);
    const network = watchNetwork(cdp);
    await cdp.send('Network.enable');
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    if (cpuSlowdown !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const start = Date.now();
    await page.goto(pageUrl, { waitUntil: 'load' });
    while (Date.now() - start < LOAD_BUDGET_MS && (network.inFlight() > 0 || Date.now() - network.lastActivity() < QUIET_MS)) {
      await page.waitForTimeout(100);
    }
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (name: string) => (metrics.find((entry) => entry.name === name)?.value ?? 0) * 1000;
    const longTasks = await page.evaluate(() => window.__benchProbe?.longTasks() ?? []);
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = await cdp.send('Runtime.getHeapUsage');
    const chatVisible = await page.evaluate(() =>
      Array.from(document.querySelectorAll('*')).some((host) =>
        Array.from(host.shadowRoot?.querySelectorAll('textarea, [contenteditable="true"]') ?? []).some((input) =>
          (input as HTMLElement).checkVisibility(),
        ),
      ),
    );
    const pageOrigin = new URL(pageUrl);
    const requests = network
      .requests()
      .filter((request) => !(request.url === pageUrl || request.url === `${pageOrigin.origin}/favicon.ico`));
    const bytesOf = (list: HostRequest[]) => list.reduce((sum, request) => sum + request.transferredBytes, 0);
    const scripts = requests.filter((request) => request.type === 'Script');
    return {
      contender,
      visit,
      requests,
      scriptBytes: bytesOf(scripts),
      otherBytes: bytesOf(requests) - bytesOf(scripts),
      totalBytes: bytesOf(requests),
      longTasks: {
        count: longTasks.length,
        totalMs: longTasks.reduce((sum, task) => sum + task.duration, 0),
        longestMs: longTasks.reduce((longest, task) => Math.max(longest, task.duration), 0),
      },
      mainThread: { taskMs: metric('TaskDuration'), scriptMs: metric('ScriptDuration') },
      heapUsedBytes: heap.usedSize,
      chatVisible,
    };
  } finally {
    await page.close();
  }
}

interface NetworkWatch {
  requests(): HostRequest[];
  inFlight(): number;
  lastActivity(): number;
}

function watchNetwork(cdp: CDPSession): NetworkWatch {
  const byId = new Map<string, HostRequest>();
  const pending = new Set<string>();
  let lastActivity = Date.now();
  cdp.on('Network.requestWillBeSent', (event) => {
    lastActivity = Date.now();
    pending.add(event.requestId);
    byId.set(event.requestId, { url: event.request.url, type: event.type ?? 'Other', status: 0, transferredBytes: 0, encoding: '', failed: null });
  });
  cdp.on('Network.responseReceived', (event) => {
    lastActivity = Date.now();
    const request = byId.get(event.requestId);
    if (!request) return;
    request.status = event.response.status;
    const header = Object.entries(event.response.headers).find(([name]) => name.toLowerCase() === 'content-encoding');
    request.encoding = header ? String(header[1]) : '';
  });
  cdp.on('Network.loadingFinished', (event) => {
    lastActivity = Date.now();
    pending.delete(event.requestId);
    const request = byId.get(event.requestId);
    if (request) request.transferredBytes = event.encodedDataLength;
  });
  cdp.on('Network.loadingFailed', (event) => {
    lastActivity = Date.now();
    pending.delete(event.requestId);
    const request = byId.get(event.requestId);
    if (request) request.failed = event.errorText;
  });
  return {
    requests: () => Array.from(byId.values()),
    inFlight: () => pending.size,
    lastActivity: () => lastActivity,
  };
}
