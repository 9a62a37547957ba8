/**
 * `npm run bench`: sizes, host page cost and streaming speed of chatbot-widget and deep-chat, side by side, in
 * one run on this machine. Writes test-results/bench/latest.json and latest.md and prints the tables and the
 * targets of issue 6. Timing targets never fail the process (timing varies with the machine); the size budget is
 * enforced by the build (test/bench/sizes.ts --check).
 *
 *   npm run bench                      the full run (builds dist/ first; SKIP_BUILD=1 to reuse it)
 *   npm run bench -- --quick           fewer runs, deep-chat not at N = 10,000: about a minute
 *   npm run bench -- --runs=3          runs per size and contender (default 5; the widget at N = 10,000 25;
 *                                      deep-chat at N = 10,000 stays at 1)
 *   npm run bench -- --chunks=500,2000 only these answer sizes
 *   npm run bench -- --only=widget     only one contender (widget or deep-chat)
 *   npm run bench -- --no-host         skip the host page measurement
 *   npm run bench -- --cpu-slowdown=4  emulate a CPU 4 times slower (CDP Emulation.setCPUThrottlingRate, 1 to 20;
 *                                      default 1, no throttling): each streaming page from just before its measured
 *                                      answer, each host page from its load. Emulated, not a real phone: only the
 *                                      page's main thread is slowed, not the network, the GPU or the compositor
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg, release, totalmem, type as osType } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../helpers/browser';
import { startTestService, type TestService } from '../helpers/service';
import { scriptedBenchAnswer } from './answer';
import { startDeepChatServer, type DeepChatServer } from './deep-chat-server';
import { hostRuns } from './host-run';
import { formatMarkdown, targets, type BenchResult, type SizesResult } from './report';
import { measureBytes, measureDist } from './sizes';
import { DEEP_CHAT_BUNDLE, DIST_DIR, PROJECT_DIR, startBenchSite, type BenchSite } from './site';
import { CONTENDERS, streamRun, type Contender } from './stream-run';

export const RESULTS_DIR = join(PROJECT_DIR, 'test-results', 'bench');
const DEFAULT_CHUNKS = [500, 2_000, 10_000];

export interface BenchOptions {
  quick: boolean;
  chunks: number[];
  runs: number | null;
  only: Contender | null;
  host: boolean;
  /** CDP Emulation.setCPUThrottlingRate for the measured pages: 1 is no throttling (the default), 4 is 4× slower. */
  cpuSlowdown: number;
}

export const MAX_CPU_SLOWDOWN = 20;

export function parseArguments(argv: readonly string[]): BenchOptions {
  const options: BenchOptions = { quick: false, chunks: DEFAULT_CHUNKS, runs: null, only: null, host: true, cpuSlowdown: 1 };
  for (const argument of argv) {
    const [name, value = ''] = argument.split('=', 2) as [string, string?];
    if (name === '--quick') options.quick = true;
    else if (name === '--no-host') options.host = false;
    else if (name === '--runs' && /^[1-9]\d?$/.test(value)) options.runs = Number(value);
    else if (name === '--chunks' && /^\d+(,\d+)*$/.test(value)) {
      options.chunks = value.split(',').map(Number);
      if (options.chunks.some((chunks) => chunks < 2 || chunks > 100_000)) throw new Error('--chunks: each size must be 2 to 100,000.');
    } else if (name === '--only' && (value === 'widget' || value === 'deep-chat')) options.only = value;
    else if (name === '--cpu-slowdown' && /^\d+(\.\d+)?$/.test(value)) {
      options.cpuSlowdown = Number(value);
      if (options.cpuSlowdown < 1 || options.cpuSlowdown > MAX_CPU_SLOWDOWN) {
        throw new Error(`--cpu-slowdown: a factor from 1 (no throttling) to ${MAX_CPU_SLOWDOWN}.`);
      }
    }
    else throw new Error(`Unknown or malformed argument "${argument}". See the comment at the top of test/bench/run.ts.`);
  }
  return options;
}

/**
 * Runs per contender and size: deep-chat's time grows with the square of N, so it runs N = 10,000 once. The widget
 * runs N = 10,000 25 times by default (about a second each): its last byte lands anywhere in the 16.7 ms frame
 * cycle, so its time to the next frame varies by up to a frame, and a median of 5 moved by several ms between
 * runs of the bench.
 */
export const WIDGET_LONG_ANSWER_RUNS = 25;

export function runPlan(options: BenchOptions): Record<Contender, Record<string, number>> {
  const base = options.runs ?? (options.quick ? 2 : 5);
  const plan: Record<Contender, Record<string, number>> = { widget: {}, 'deep-chat': {} };
  for (const contender of CONTENDERS) {
    for (const chunks of options.chunks) {
      let runs = options.only && options.only !== contender ? 0 : base;
      if (contender === 'deep-chat' && chunks > 5_000) runs = options.quick ? 0 : Math.min(runs, 1);
      if (contender === 'widget' && chunks > 5_000 && runs > 0 && options.runs === null && !options.quick) {
        runs = WIDGET_LONG_ANSWER_RUNS;
      }
      plan[contender][String(chunks)] = runs;
    }
  }
  return plan;
}

function timeoutFor(contender: Contender, chunks: number): number {
  return contender === 'widget' ? 60_000 : Math.max(60_000, chunks * 30);
}

function machine(): BenchResult['machine'] {
  let cpuModel = cpus()[0]?.model ?? 'unknown';
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8').split('\n').find((entry) => entry.startsWith('model name'));
    if (line) cpuModel = line.split(':')[1]?.trim() ?? cpuModel;
  } catch {
    // Not Linux: os.cpus() names the model.
  }
  return { cpus: cpus().length, cpuModel, memoryGb: Math.round(totalmem() / 1e9), os: `${osType()} ${release()}` };
}

function packageVersion(name: string): string {
  const file = join(PROJECT_DIR, 'node_modules', name, 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

function commit(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: PROJECT_DIR, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src'], { cwd: PROJECT_DIR, encoding: 'utf8' }).trim();
    return dirty ? `${head} + uncommitted changes in src/` : head;
  } catch {
    return 'unknown';
  }
}

function sizes(errors: string[]): SizesResult | null {
  let report: ReturnType<typeof measureDist>;
  try {
    report = measureDist(DIST_DIR);
  } catch (error) {
    errors.push(`sizes: ${error instanceof Error ? error.message : String(error)} (is dist/ built?)`);
    return null;
  }
  return {
    widgetInitial: report.initial,
    widgetEverything: report.everything,
    deepChat: { ...measureBytes(readFileSync(DEEP_CHAT_BUNDLE)), files: ['deepChat.bundle.js'] },
    budgets: { ...report.budgets },
  };
}

function hasBuiltWidget(): boolean {
  const loader = join(DIST_DIR, 'chatbot-widget.js');
  return existsSync(loader) && statSync(loader).size > 0;
}

/**
 * Builds dist/ with the project's build. A failing build (the size budget check is its last step) does not stop
 * the benchmark when it left a built widget: the failure is reported with the results.
 */
function buildIfNeeded(options: BenchOptions, errors: string[]): void {
  if (options.only === 'deep-chat') return;
  if (process.env.SKIP_BUILD === '1') {
    if (!hasBuiltWidget()) throw new Error('SKIP_BUILD=1 but dist/ has no built widget: run npm run build.');
    return;
  }
  console.log('building dist/ (SKIP_BUILD=1 skips this) …');
  try {
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: PROJECT_DIR, stdio: ['ignore', 'ignore', 'inherit'] });
  } catch (error) {
    if (!hasBuiltWidget()) throw error;
    errors.push(`npm run build failed (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); measured the dist/ it left`);
  }
}

function runId(contender: Contender, chunks: number, index: number): string {
  return `${contender === 'widget' ? 'w' : 'd'}${chunks}r${index}${randomBytes(3).toString('hex')}`;
}

export async function bench(options: BenchOptions): Promise<BenchResult> {
  const plan = runPlan(options);
  const buildErrors: string[] = [];
  buildIfNeeded(options, buildErrors);
  const result: BenchResult = {
    date: new Date().toISOString(),
    machine: machine(),
    load: { start: loadavg()[0] ?? 0, end: 0 },
    versions: { node: process.version, chromium: '', deepChat: packageVersion('deep-chat'), playwrightCore: packageVersion('playwright-core'), commit: commit() },
    options: { quick: options.quick, chunks: options.chunks, runs: plan, cpuSlowdown: options.cpuSlowdown },
    sizes: null,
    host: [],
    streaming: [],
    errors: buildErrors,
  };
  result.sizes = sizes(result.errors);
  let service: TestService | undefined;
  let deepChat: DeepChatServer | undefined;
  let site: BenchSite | undefined;
  let browser: Browser | undefined;
  try {
    service = await startTestService({
      scriptedAnswer: scriptedBenchAnswer,
      streamDelayMs: 0,
      // Every run is a new visitor from 127.0.0.1: the demo chatbot's rate limit (20 a minute) counts per session only.
      visitorAddress: () => undefined,
    });
    deepChat = await startDeepChatServer({ answer: scriptedBenchAnswer });
    site = await startBenchSite({ serviceUrl: service.url, serialNumber: service.serialNumber, deepChatStreamUrl: deepChat.streamUrl });
    browser = await launchBrowser();
    result.versions.chromium = browser.version();
    const pageOf = (contender: Contender) => `${site?.url}/${contender === 'widget' ? 'widget' : 'deep-chat'}.html`;
    const contenders = CONTENDERS.filter((contender) => !options.only || options.only === contender);

    if (options.host) {
      for (const contender of contenders) {
        console.log(`host page: ${contender}`);
        result.host.push(...(await hostRuns(browser, pageOf(contender), contender, options.cpuSlowdown)));
      }
    }
    for (const chunks of options.chunks) {
      const most = Math.max(...CONTENDERS.map((contender) => plan[contender][String(chunks)] ?? 0));
      for (let index = 0; index < most; index += 1) {
        // Alternate the contenders, so a slow moment of the machine does not land on one of them only.
        for (const contender of CONTENDERS) {
          if (index >= (plan[contender][String(chunks)] ?? 0)) continue;
          const label = `${contender} N=${chunks} run ${index + 1}`;
          try {
            const run = await streamRun({
              browser,
              pageUrl: pageOf(contender),
              contender,
              chunks,
              runId: runId(contender, chunks, index),
              timeoutMs: timeoutFor(contender, chunks) * options.cpuSlowdown,
              cpuSlowdown: options.cpuSlowdown,
            });
            result.streaming.push(run);
            console.log(
              `${label}: last chunk visible after ${run.timeToLastChunkMs.toFixed(0)} ms${run.completed ? '' : ' (TIMED OUT)'}, ` +
                `${run.lastByteToVisibleMs.toFixed(1)} ms after the last byte, longest task ${run.longTasks.longestMs} ms`,
            );
          } catch (error) {
            const message = `${label}: ${error instanceof Error ? error.message : String(error)}`;
            result.errors.push(message);
            console.log(message);
          }
        }
      }
    }
  } finally {
    await browser?.close();
    await site?.close();
    await deepChat?.close();
    await service?.close();
  }
  result.load.end = loadavg()[0] ?? 0;
  return result;
}

async function main(): Promise<void> {
  const options = parseArguments(process.argv.slice(2));
  const result = await bench(options);
  const markdown = formatMarkdown(result);
  await mkdir(RESULTS_DIR, { recursive: true });
  await writeFile(join(RESULTS_DIR, 'latest.json'), `${JSON.stringify({ ...result, targets: targets(result) }, null, 2)}\n`);
  await writeFile(join(RESULTS_DIR, 'latest.md'), markdown);
  console.log(`\n${markdown}`);
  console.log(`written: ${join('test-results', 'bench', 'latest.json')} and latest.md`);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exitCode = 1;
  });
}
