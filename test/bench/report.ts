/**
 * The benchmark's result: what run.ts measured, the tables a person reads (markdown, also printed), and the
 * targets of issue 6 with PASS/FAIL. Timing targets are judged on medians across runs; the worst run is shown too.
 */
import type { HostRun } from './host-run';
import { bytesWithCommas, formatSpread, kilobytes, ratio, round, spread, type Spread } from './stats';
import type { Contender, StreamRun } from './stream-run';

export interface SizeRow {
  raw: number;
  gzip: number;
  brotli: number;
  files: string[];
}

export interface SizesResult {
  widgetInitial: SizeRow;
  widgetEverything: SizeRow;
  deepChat: SizeRow;
  budgets: { initialGzip: number; everythingGzip: number };
}

export interface BenchResult {
  date: string;
  machine: { cpus: number; cpuModel: string; memoryGb: number; os: string };
  /** 1-minute load average at the start and the end: other work on the machine skews every timing. */
  load: { start: number; end: number };
  versions: { node: string; chromium: string; deepChat: string; playwrightCore: string; commit: string };
  options: {
    quick: boolean;
    chunks: number[];
    runs: Record<Contender, Record<string, number>>;
    /** CDP Emulation.setCPUThrottlingRate of the measured pages: 1 is none (the default run). */
    cpuSlowdown: number;
  };
  sizes: SizesResult | null;
  host: HostRun[];
  streaming: StreamRun[];
  /** Runs that threw (each is skipped in the medians and listed here). */
  errors: string[];
}

export interface StreamSummary {
  contender: Contender;
  chunks: number;
  runs: number;
  incomplete: number;
  timeToLastChunkMs: Spread;
  lastByteToVisibleMs: Spread;
  framesAfterLastByte: Spread;
  lastChunkReadToVisibleMs: Spread;
  networkMs: Spread;
  longTaskCount: Spread;
  longTaskTotalMs: Spread;
  longestTaskMs: Spread;
  /** Runs with any long task over 50 ms while streaming. */
  runsWithLongTask: number;
  frames: Spread;
  framesPerSecond: Spread;
  longestFrameGapMs: Spread;
  perChunkUs: Spread;
  scriptMs: Spread;
  layoutMs: Spread;
  heapMb: Spread;
  probeOverheadMs: Spread;
}

export const NAMES: Record<Contender, string> = { widget: 'chatbot-widget', 'deep-chat': 'deep-chat' };

export function summarise(runs: readonly StreamRun[], contender: Contender, chunks: number): StreamSummary | null {
  const mine = runs.filter((run) => run.contender === contender && run.chunks === chunks);
  if (mine.length === 0) return null;
  const of = (pick: (run: StreamRun) => number) => spread(mine.map(pick));
  return {
    contender,
    chunks,
    runs: mine.length,
    incomplete: mine.filter((run) => !run.completed).length,
    timeToLastChunkMs: of((run) => run.timeToLastChunkMs),
    lastByteToVisibleMs: of((run) => run.lastByteToVisibleMs),
    framesAfterLastByte: of((run) => run.framesAfterLastByte),
    lastChunkReadToVisibleMs: of((run) => run.lastChunkReadToVisibleMs),
    networkMs: of((run) => run.networkMs),
    longTaskCount: of((run) => run.longTasks.count),
    longTaskTotalMs: of((run) => run.longTasks.totalMs),
    longestTaskMs: of((run) => run.longTasks.longestMs),
    runsWithLongTask: mine.filter((run) => run.longTasks.longestMs > 50).length,
    frames: of((run) => run.frames.count),
    framesPerSecond: of((run) => run.frames.perSecond),
    longestFrameGapMs: of((run) => run.frames.longestGapMs),
    perChunkUs: of((run) => run.mainThread.perChunkUs),
    scriptMs: of((run) => run.mainThread.scriptMs),
    layoutMs: of((run) => run.mainThread.layoutMs),
    heapMb: of((run) => run.heapUsedBytes / 1e6),
    probeOverheadMs: of((run) => run.probeOverheadMs),
  };
}

export interface Target {
  name: string;
  pass: boolean | null;
  detail: string;
}

const LONG_TASK_MS = 50;
const FRAME_MS = 20;
const LINEAR_FACTOR = 1.5;
const SPEEDUP = 10;

export function targets(result: BenchResult): Target[] {
  const list: Target[] = [];
  const widget = (chunks: number) => summarise(result.streaming, 'widget', chunks);
  for (const chunks of [2_000, 10_000]) {
    const summary = widget(chunks);
    const n = chunks.toLocaleString('en-US');
    if (!summary) {
      list.push({ name: `N = ${n}: streaming targets`, pass: null, detail: 'not measured in this run' });
      continue;
    }
    list.push({
      name: `N = ${n}: no long task over ${LONG_TASK_MS} ms while streaming`,
      pass: summary.incomplete === 0 && summary.longestTaskMs.median <= LONG_TASK_MS,
      detail:
        `longest long task ${formatSpread(summary.longestTaskMs, ' ms')}; runs with one over ${LONG_TASK_MS} ms: ` +
        `${summary.runsWithLongTask}/${summary.runs}`,
    });
    list.push({
      name: `N = ${n}: last chunk visible within one frame (${FRAME_MS} ms) of the last byte`,
      pass: summary.incomplete === 0 && summary.lastByteToVisibleMs.median <= FRAME_MS,
      detail:
        `network's last byte → last chunk rendered ${formatSpread(summary.lastByteToVisibleMs, ' ms')}, by frame ` +
        `${formatSpread(summary.framesAfterLastByte)} after the byte (from the page's read of the last chunk: ` +
        `${formatSpread(summary.lastChunkReadToVisibleMs, ' ms')})`,
    });
    list.push({
      name: `N = ${n}: frames keep painting while streaming (no gap over ${LONG_TASK_MS} ms)`,
      pass: summary.incomplete === 0 && summary.frames.median > 0 && summary.longestFrameGapMs.median <= LONG_TASK_MS,
      detail:
        `${formatSpread(summary.frames)} frames, ${formatSpread(summary.framesPerSecond)} per second, ` +
        `longest gap ${formatSpread(summary.longestFrameGapMs, ' ms')}`,
    });
  }
  const small = widget(500);
  const large = widget(10_000);
  list.push(
    small && large
      ? {
          name: `linear cost: main-thread time per chunk at N = 10,000 ≤ ${LINEAR_FACTOR} × that at N = 500`,
          pass: large.perChunkUs.median <= LINEAR_FACTOR * small.perChunkUs.median,
          detail:
            `${round(large.perChunkUs.median)} µs vs ${round(small.perChunkUs.median)} µs per chunk ` +
            `(${round(large.perChunkUs.median / small.perChunkUs.median)}×)`,
        }
      : { name: 'linear cost', pass: null, detail: 'needs N = 500 and N = 10,000' },
  );
  const ours = widget(2_000);
  const theirs = summarise(result.streaming, 'deep-chat', 2_000);
  list.push(
    ours && theirs
      ? {
          name: `N = 2,000: time to last chunk visible ≤ 1/${SPEEDUP} of deep-chat's`,
          pass: ours.incomplete === 0 && ours.timeToLastChunkMs.median * SPEEDUP <= theirs.timeToLastChunkMs.median,
          detail:
            `${round(ours.timeToLastChunkMs.median)} ms vs ${round(theirs.timeToLastChunkMs.median)} ms ` +
            `(deep-chat takes ${ratio(theirs.timeToLastChunkMs.median, ours.timeToLastChunkMs.median)})`,
        }
      : { name: `N = 2,000: ≤ 1/${SPEEDUP} of deep-chat's time`, pass: null, detail: 'needs both at N = 2,000' },
  );
  if (result.sizes) {
    const { widgetInitial, widgetEverything, budgets } = result.sizes;
    list.push({
      name: `size before opening the chat ≤ ${kilobytes(budgets.initialGzip)} gzip`,
      pass: widgetInitial.gzip <= budgets.initialGzip,
      detail: `${bytesWithCommas(widgetInitial.gzip)} bytes gzip`,
    });
    list.push({
      name: `size of everything ≤ ${kilobytes(budgets.everythingGzip)} gzip`,
      pass: widgetEverything.gzip <= budgets.everythingGzip,
      detail: `${bytesWithCommas(widgetEverything.gzip)} bytes gzip`,
    });
  }
  return list;
}

function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map((_, index) => (index === 0 ? '---' : '---:'))), ...rows.map(line)].join('\n');
}

function sizesTable(sizes: SizesResult): string {
  const row = (name: string, size: SizeRow) => [
    name,
    bytesWithCommas(size.raw),
    bytesWithCommas(size.gzip),
    bytesWithCommas(size.brotli),
  ];
  const ratios = (name: string, ours: SizeRow) => [
    name,
    ratio(sizes.deepChat.raw, ours.raw),
    ratio(sizes.deepChat.gzip, ours.gzip),
    ratio(sizes.deepChat.brotli, ours.brotli),
  ];
  return table(
    ['bytes', 'raw', 'gzip', 'brotli'],
    [
      row(`chatbot-widget before opening the chat (${sizes.widgetInitial.files.length} files)`, sizes.widgetInitial),
      row(`chatbot-widget, everything (${sizes.widgetEverything.files.length} files)`, sizes.widgetEverything),
      row('deep-chat bundle (before opening = everything)', sizes.deepChat),
      ratios('deep-chat ÷ chatbot-widget, before opening', sizes.widgetInitial),
      ratios('deep-chat ÷ chatbot-widget, everything', sizes.widgetEverything),
    ],
  );
}

function hostTable(host: readonly HostRun[]): string {
  return table(
    ['host page, before opening the chat', 'requests', 'scripts transferred', 'other transferred', 'long tasks', 'main thread', 'JS heap'],
    host.map((run) => {
      const failed = run.requests.filter((request) => request.failed);
      return [
        `${NAMES[run.contender]}, ${run.visit === 'first' ? 'first visit' : 'repeat visit'}${failed.length ? ` (${failed.length} failed offline: ${failed.map((request) => new URL(request.url).host).join(', ')})` : ''}`,
        String(run.requests.length),
        `${bytesWithCommas(run.scriptBytes)} B`,
        `${bytesWithCommas(run.otherBytes)} B`,
        `${run.longTasks.count} (total ${round(run.longTasks.totalMs)} ms, longest ${round(run.longTasks.longestMs)} ms)`,
        `${round(run.mainThread.taskMs)} ms (script ${round(run.mainThread.scriptMs)} ms)`,
        `${(run.heapUsedBytes / 1e6).toFixed(2)} MB`,
      ];
    }),
  );
}

function streamTable(result: BenchResult, chunks: number): string | null {
  const ours = summarise(result.streaming, 'widget', chunks);
  const theirs = summarise(result.streaming, 'deep-chat', chunks);
  if (!ours && !theirs) return null;
  const cell = (summary: StreamSummary | null, pick: (s: StreamSummary) => Spread, unit = '') =>
    summary ? formatSpread(pick(summary), unit) : 'not run';
  const times = (pick: (s: StreamSummary) => Spread) =>
    ours && theirs ? ratio(pick(theirs).median, pick(ours).median) : '';
  const rows: Array<[string, (s: StreamSummary) => Spread, string, boolean]> = [
    ['time to last chunk visible (from send)', (s) => s.timeToLastChunkMs, ' ms', true],
    ["network's last byte → last chunk visible", (s) => s.lastByteToVisibleMs, ' ms', true],
    ['  in frames (1 = the first frame after the byte)', (s) => s.framesAfterLastByte, '', false],
    ["page script's read of the last chunk → visible", (s) => s.lastChunkReadToVisibleMs, ' ms', false],
    ["network's last byte (from send)", (s) => s.networkMs, ' ms', false],
    ['long tasks while streaming', (s) => s.longTaskCount, '', false],
    ['long tasks, total', (s) => s.longTaskTotalMs, ' ms', true],
    ['longest task', (s) => s.longestTaskMs, ' ms', true],
    ['frames rendered while streaming', (s) => s.frames, '', false],
    ['frames per second while streaming', (s) => s.framesPerSecond, '', false],
    ['longest gap between frames', (s) => s.longestFrameGapMs, ' ms', true],
    ['main-thread time per chunk (CPU)', (s) => s.perChunkUs, ' µs', true],
    ['  of which script, total', (s) => s.scriptMs, ' ms', true],
    ['  of which layout, total', (s) => s.layoutMs, ' ms', true],
    ['JS heap after (after GC)', (s) => s.heapMb, ' MB', true],
    ["the probe's own time in the page (included above)", (s) => s.probeOverheadMs, ' ms', false],
  ];
  const runsNote = (summary: StreamSummary | null) =>
    summary ? `${summary.runs} run${summary.runs === 1 ? '' : 's'}${summary.incomplete ? `, ${summary.incomplete} timed out` : ''}` : 'not run';
  return table(
    [`N = ${chunks.toLocaleString('en-US')}`, `chatbot-widget (${runsNote(ours)})`, `deep-chat (${runsNote(theirs)})`, 'deep-chat ÷ widget'],
    rows.map(([name, pick, unit, showRatio]) => [name, cell(ours, pick, unit), cell(theirs, pick, unit), showRatio ? times(pick) : '']),
  );
}

/** The header's note of an emulated slower CPU; nothing for the default run (slowdown 1). */
export function cpuSlowdownNote(cpuSlowdown: number): string {
  if (cpuSlowdown === 1) return '';
  return `**CPU slowed ×${cpuSlowdown} by emulation** (CDP Emulation.setCPUThrottlingRate, --cpu-slowdown=${cpuSlowdown}; not a real phone); `;
}

export function formatMarkdown(result: BenchResult): string {
  const { machine, versions } = result;
  const parts: string[] = [
    `# Benchmark: chatbot-widget vs deep-chat`,
    '',
    `${result.date}; ${machine.cpus} cores (${machine.cpuModel}), ${machine.memoryGb} GB RAM, ${machine.os}; ` +
      `Chromium ${versions.chromium} headless, Node ${versions.node}, deep-chat ${versions.deepChat}, ` +
      `playwright-core ${versions.playwrightCore}; widget at ${versions.commit}${result.options.quick ? '; --quick' : ''}; ` +
      cpuSlowdownNote(result.options.cpuSlowdown) +
      `load average ${result.load.start.toFixed(1)} at the start, ${result.load.end.toFixed(1)} at the end.`,
    '',
    'Medians, with min–max over the runs in brackets.',
    '',
  ];
  if (result.sizes) parts.push('## Sizes (bytes; gzip -9, brotli q11, each file on its own)', '', sizesTable(result.sizes), '');
  if (result.host.length) parts.push('## Host page cost', '', hostTable(result.host), '');
  parts.push('## Streaming an answer of N chunks as fast as the server writes');
  for (const chunks of result.options.chunks) {
    const text = streamTable(result, chunks);
    if (text) parts.push('', text);
  }
  parts.push('', `## Targets (issue 6)${result.options.cpuSlowdown === 1 ? '' : `, with the CPU slowed ×${result.options.cpuSlowdown}`}`, '');
  for (const target of targets(result)) {
    const verdict = target.pass === null ? 'SKIP' : target.pass ? 'PASS' : 'FAIL';
    parts.push(`- **${verdict}** ${target.name}: ${target.detail}`);
  }
  if (result.errors.length) parts.push('', '## Runs that failed', '', ...result.errors.map((error) => `- ${error}`));
  return `${parts.join('\n')}\n`;
}
