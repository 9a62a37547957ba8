/**
 * Why is a streaming run as slow as it is? One run of stream-run.ts with a CPU profile (CDP Profiler, 100 µs
 * samples) and a Chrome trace around the measured answer only. Writes test-results/bench/profile-<who>-<N>.cpuprofile
 * (open it in Chrome DevTools' Performance panel) and .trace.json, and prints the functions with the most self
 * time and the main-thread tasks of the stream with what they spent their time on.
 *
 *   npx tsx test/bench/profile.ts --contender=widget --chunks=10000            the widget, unminified build
 *   npx tsx test/bench/profile.ts --contender=deep-chat --chunks=2000
 *   npx tsx test/bench/profile.ts --contender=widget --chunks=10000 --minified   the real dist/ instead
 *   ... --trace   also a Chrome trace (main-thread tasks with layout, paint, GC), which slows the page down
 *   ... --cpu-slowdown=4   the measured answer with the CPU slowed 4 times by emulation, as run.ts's option
 */
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CDPSession } from 'playwright-core';
import { launchBrowser } from '../helpers/browser';
import { startTestService } from '../helpers/service';
import { scriptedBenchAnswer } from './answer';
import { startDeepChatServer } from './deep-chat-server';
import { MAX_CPU_SLOWDOWN, RESULTS_DIR } from './run';
import { PROJECT_DIR, startBenchSite } from './site';
import { streamRun, type Contender, type StreamRunHooks } from './stream-run';
import { PROFILE_DIST } from './vite.profile.config';

const TRACE_CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'v8.execute',
  'disabled-by-default-v8.gc',
].join(',');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> };
}

function argument(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((entry) => entry.startsWith(prefix))?.slice(prefix.length);
}

function buildUnminified(): string {
  const config = join('test', 'bench', 'vite.profile.config.ts');
  for (const mode of ['script', 'loader']) {
    execFileSync('npx', ['vite', 'build', '--config', config, '--mode', mode, '--logLevel', 'warn'], {
      cwd: PROJECT_DIR,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  return join(PROJECT_DIR, PROFILE_DIST);
}

/** Self time per function (ms), the biggest first. */
export function selfTimes(profile: CpuProfile, from = -Infinity, to = Infinity): Array<{ name: string; where: string; ms: number }> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, { name: string; where: string; ms: number }>();
  let time = profile.startTime;
  profile.samples.forEach((id, index) => {
    time += profile.timeDeltas[index] ?? 0;
    const node = byId.get(id);
    if (!node || time < from || time > to) return;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const file = url.replace(/^.*\/(dist|vendor)\//, '$1/');
    const where = url ? `${file}:${lineNumber + 1}:${columnNumber + 1}` : '';
    const key = `${functionName}@${where}`;
    const entry = totals.get(key) ?? { name: functionName || '(anonymous)', where, ms: 0 };
    entry.ms += (profile.timeDeltas[index] ?? 0) / 1000;
    totals.set(key, entry);
  });
  return [...totals.values()].sort((a, b) => b.ms - a.ms);
}

/**
 * Where the time went, by the outermost script file on the stack (so the stream parser's time counts for the
 * file that read the stream, wherever its helpers live) and the native parts: (program) is mostly style,
 * layout and paint; (garbage collector) is GC; (idle) is waiting.
 */
export function timeByEntryFile(profile: CpuProfile): Array<{ file: string; ms: number }> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const totals = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    let file = '';
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const url = byId.get(at)?.callFrame.url ?? '';
      if (url) file = url.replace(/^.*\//, '');
    }
    const name = file || byId.get(id)?.callFrame.functionName || '(unknown)';
    totals.set(name, (totals.get(name) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  return [...totals.entries()].map(([file, ms]) => ({ file, ms })).sort((a, b) => b.ms - a.ms);
}

/**
 * The longest stretches of the profile without idle samples (gaps under 1 ms do not count): the long tasks, with
 * the functions that were on the stack for most of each (inclusive time), so a cause can be named.
 */
export function busyStretches(profile: CpuProfile, count = 4): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const times: number[] = [];
  let time = profile.startTime;
  for (const delta of profile.timeDeltas) times.push((time += delta));
  const idle = (index: number) => byId.get(profile.samples[index] ?? -1)?.callFrame.functionName === '(idle)';
  const stretches: Array<{ from: number; to: number }> = [];
  let start = -1;
  let lastBusy = -1;
  for (let index = 0; index < profile.samples.length; index += 1) {
    if (idle(index)) continue;
    const at = times[index] ?? 0;
    if (start < 0 || at - (times[lastBusy] ?? 0) > 1000) {
      if (start >= 0) stretches.push({ from: start, to: lastBusy });
      start = index;
    }
    lastBusy = index;
  }
  if (start >= 0) stretches.push({ from: start, to: lastBusy });
  const label = (id: number) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame) return '?';
    const file = frame.url.replace(/^.*\//, '');
    return `${frame.functionName || '(anonymous)'}${file ? ` ${file}:${frame.lineNumber + 1}` : ''}`;
  };
  const span = (stretch: { from: number; to: number }) => (times[stretch.to] ?? 0) - (times[stretch.from] ?? 0);
  const lines: string[] = [];
  for (const stretch of [...stretches].sort((a, b) => span(b) - span(a)).slice(0, count).sort((a, b) => a.from - b.from)) {
    const inclusive = new Map<string, number>();
    for (let index = stretch.from; index <= stretch.to; index += 1) {
      const weight = (profile.timeDeltas[index + 1] ?? profile.timeDeltas[index] ?? 0) / 1000;
      const seen = new Set<string>();
      for (let id: number | undefined = profile.samples[index]; id !== undefined; id = parent.get(id)) {
        const name = label(id);
        if (seen.has(name) || name.startsWith('(root)')) continue;
        seen.add(name);
        inclusive.set(name, (inclusive.get(name) ?? 0) + weight);
      }
    }
    const top = [...inclusive.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12);
    lines.push(
      `  +${(((times[stretch.from] ?? 0) - profile.startTime) / 1000).toFixed(1)} ms, ${(span(stretch) / 1000).toFixed(1)} ms busy:`,
      ...top.map(([name, ms]) => `      ${ms.toFixed(1).padStart(6)} ms  ${name}`),
    );
  }
  return lines;
}

/** The renderer's main-thread tasks between the bench-send and bench-rendered marks, with their biggest parts. */
export function streamTasks(events: readonly TraceEvent[], profile?: CpuProfile): string[] {
  const send = events.find((event) => event.name === 'bench-send');
  const rendered = events.find((event) => event.name === 'bench-rendered');
  if (!send || !rendered) return ['(the trace has no bench-send/bench-rendered marks)'];
  const main = events.filter((event) => event.pid === send.pid && event.tid === send.tid && event.ph === 'X' && event.dur !== undefined);
  const tasks: TraceEvent[] = [];
  for (const event of main) {
    if (event.name !== 'RunTask' && event.name !== 'ThreadControllerImpl::RunTask') continue;
    if (event.ts + (event.dur ?? 0) < send.ts || event.ts > rendered.ts) continue;
    const last = tasks[tasks.length - 1];
    if (last && event.ts >= last.ts && event.ts + (event.dur ?? 0) <= last.ts + (last.dur ?? 0)) continue;
    tasks.push(event);
  }
  tasks.sort((a, b) => a.ts - b.ts);
  const interesting = new Set([
    'FunctionCall', 'FireAnimationFrame', 'RunMicrotasks', 'Layout', 'UpdateLayoutTree', 'PrePaint', 'Paint', 'Layerize',
    'MajorGC', 'MinorGC', 'V8.GC_SCAVENGER', 'V8.GC_MARK_COMPACTOR', 'ResizeObserverNotify', 'UpdateLayer', 'Commit',
    'EventDispatch', 'TimerFire', 'XHRReadyStateChange', 'ResourceReceivedData', 'ParseHTML', 'v8.callFunction',
  ]);
  const busy = tasks.reduce((sum, task) => sum + (task.dur ?? 0), 0);
  const lines = [
    `${tasks.length} main-thread tasks from send to rendered (${((rendered.ts - send.ts) / 1000).toFixed(1)} ms), ` +
      `${(busy / 1000).toFixed(1)} ms busy; the tasks of 1 ms or more:`,
  ];
  for (const task of tasks) {
    if ((task.dur ?? 0) < 1000) continue;
    const end = task.ts + (task.dur ?? 0);
    const parts = new Map<string, number>();
    for (const event of main) {
      if (event === task || event.ts < task.ts || event.ts + (event.dur ?? 0) > end || !interesting.has(event.name)) continue;
      parts.set(event.name, (parts.get(event.name) ?? 0) + (event.dur ?? 0));
    }
    const top = [...parts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6);
    lines.push(
      `  +${((task.ts - send.ts) / 1000).toFixed(1).padStart(7)} ms  ${((task.dur ?? 0) / 1000).toFixed(2).padStart(7)} ms  ` +
        top.map(([name, micros]) => `${name} ${(micros / 1000).toFixed(2)}`).join(', '),
    );
    if (profile && (task.dur ?? 0) >= 5000) {
      const hot = selfTimes(profile, task.ts, end).filter((entry) => entry.name !== '(idle)').slice(0, 4);
      lines.push(`${' '.repeat(30)}self: ${hot.map((entry) => `${entry.name} ${entry.where} ${entry.ms.toFixed(1)}`).join('; ')}`);
    }
  }
  return lines;
}

async function collectTrace(cdp: CDPSession): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  cdp.on('Tracing.dataCollected', (payload) => events.push(...(payload.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.end');
  await done;
  return events;
}

async function main(): Promise<void> {
  const contender = (argument('contender') ?? 'widget') as Contender;
  if (contender !== 'widget' && contender !== 'deep-chat') throw new Error('--contender must be widget or deep-chat');
  const chunks = Number(argument('chunks') ?? '10000');
  const cpuSlowdown = Number(argument('cpu-slowdown') ?? '1');
  if (!(cpuSlowdown >= 1 && cpuSlowdown <= MAX_CPU_SLOWDOWN)) throw new Error(`--cpu-slowdown must be 1 to ${MAX_CPU_SLOWDOWN}`);
  // A trace costs the page time of its own: it is taken only when asked for.
  const tracing = process.argv.includes('--trace');
  const distDir = contender === 'widget' && !process.argv.includes('--minified') ? buildUnminified() : undefined;

  const service = await startTestService({
    scriptedAnswer: scriptedBenchAnswer,
    streamDelayMs: 0,
    // Every run is a new visitor from 127.0.0.1: the demo chatbot's rate limit (20 a minute) counts per session only.
    visitorAddress: () => undefined,
  });
  const deepChat = await startDeepChatServer({ answer: scriptedBenchAnswer });
  const site = await startBenchSite({
    serviceUrl: service.url,
    serialNumber: service.serialNumber,
    deepChatStreamUrl: deepChat.streamUrl,
    ...(distDir ? { distDir } : {}),
  });
  const browser = await launchBrowser();
  let profile: CpuProfile | undefined;
  let trace: TraceEvent[] = [];
  const hooks: StreamRunHooks = {
    async beforeSend(_page, cdp) {
      if (tracing) await cdp.send('Tracing.start', { categories: TRACE_CATEGORIES, transferMode: 'ReportEvents' });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    },
    async afterRendered(_page, cdp) {
      profile = (await cdp.send('Profiler.stop')).profile as unknown as CpuProfile;
      if (tracing) trace = await collectTrace(cdp);
    },
  };
  try {
    const run = await streamRun({
      browser,
      pageUrl: `${site.url}/${contender}.html`,
      contender,
      chunks,
      runId: `p${chunks}`,
      timeoutMs: Math.max(60_000, chunks * 30) * cpuSlowdown,
      cpuSlowdown,
      hooks,
    });
    console.log(
      `${contender} N=${chunks}${cpuSlowdown === 1 ? '' : ` (CPU slowed ×${cpuSlowdown})`}: last chunk visible after ${run.timeToLastChunkMs.toFixed(1)} ms, ` +
        `${run.lastByteToVisibleMs.toFixed(1)} ms after the last byte; longest task ${run.longTasks.longestMs} ms; ` +
        `${run.frames.count} frames, longest gap ${run.frames.longestGapMs.toFixed(1)} ms; ` +
        `main thread ${run.mainThread.taskMs.toFixed(1)} ms (script ${run.mainThread.scriptMs.toFixed(1)}, layout ${run.mainThread.layoutMs.toFixed(1)}, style ${run.mainThread.styleMs.toFixed(1)})`,
    );
  } finally {
    await browser.close();
    await site.close();
    await deepChat.close();
    await service.close();
  }
  await mkdir(RESULTS_DIR, { recursive: true });
  const base = join(RESULTS_DIR, `profile-${contender}-${chunks}${cpuSlowdown === 1 ? '' : `-x${cpuSlowdown}`}`);
  if (profile) {
    await writeFile(`${base}.cpuprofile`, JSON.stringify(profile));
    console.log('\ntime by outermost script file (ms):');
    for (const entry of timeByEntryFile(profile).slice(0, 10)) console.log(`  ${entry.ms.toFixed(1).padStart(8)}  ${entry.file}`);
    console.log('\nlongest busy stretches (from the start of the profile), inclusive time per function:');
    console.log(busyStretches(profile).join('\n'));
    console.log('\nself time (ms), top 25:');
    for (const entry of selfTimes(profile).slice(0, 25)) {
      console.log(`  ${entry.ms.toFixed(2).padStart(8)}  ${entry.name}  ${entry.where}`);
    }
  }
  if (tracing) {
    await writeFile(`${base}.trace.json`, JSON.stringify({ traceEvents: trace }));
    console.log(`\n${streamTasks(trace, profile).join('\n')}`);
  }
  console.log(`\nwritten: ${base}.cpuprofile${tracing ? ' and .trace.json' : ''}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
});
