/**
 * Keeps the benchmark from rotting without timing anything: the shared answer, the deep-chat SSE server's wire
 * format, the in-page probe script compiling, the run plan and the target verdicts. `npm run bench` does the
 * measuring.
 */
import { Script } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchChunks, benchQuestion, markerFor, PARAGRAPH_EVERY_CHUNKS, parseBenchQuestion, scriptedBenchAnswer } from './answer';
import { deepChatFrame, startDeepChatServer, type DeepChatServer } from './deep-chat-server';
import { probeInitScript } from './probe';
import { cpuSlowdownNote, formatMarkdown, targets, type BenchResult } from './report';
import { MAX_CPU_SLOWDOWN, WIDGET_LONG_ANSWER_RUNS, parseArguments, runPlan } from './run';
import { spread } from './stats';
import type { StreamRun } from './stream-run';

describe('bench answer', () => {
  it('has N short chunks, a paragraph break every 40, and ends with the run marker', () => {
    const chunks = benchChunks(500, 'ab12');
    expect(chunks).toHaveLength(500);
    expect(chunks[chunks.length - 1]).toBe(markerFor('ab12'));
    expect(chunks.filter((chunk) => chunk.endsWith('\n\n'))).toHaveLength(Math.floor(499 / PARAGRAPH_EVERY_CHUNKS));
    expect(chunks.every((chunk) => chunk.length >= 3 && chunk.length <= 10)).toBe(true);
    expect(chunks.slice(0, -1).join('')).not.toContain(markerFor('ab12'));
  });

  it('is asked for by a question the servers understand, and nothing else is', () => {
    expect(parseBenchQuestion(benchQuestion(2_000, 'x9'))).toEqual({ count: 2_000, runId: 'x9' });
    expect(scriptedBenchAnswer(benchQuestion(3, 'q'))).toEqual(benchChunks(3, 'q'));
    expect(scriptedBenchAnswer('3 bedroom homes in Austin')).toBeUndefined();
    expect(() => markerFor('Not-Safe')).toThrow(/runId/);
  });
});

describe('deep-chat SSE server', () => {
  let server: DeepChatServer;
  beforeAll(async () => {
    server = await startDeepChatServer({ answer: scriptedBenchAnswer });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('streams each chunk as one `data: {"text": ...}` event and then closes', async () => {
    const response = await fetch(server.streamUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', text: benchQuestion(5, 't1') }] }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const body = await response.text();
    const expected = benchChunks(5, 't1');
    expect(body).toBe(expected.map(deepChatFrame).join(''));
    const events = body.split('\n\n').filter(Boolean).map((event) => JSON.parse(event.replace(/^data: /, '')) as unknown);
    expect(events).toEqual(expected.map((text) => ({ text })));
  });

  it('answers the CORS preflight and refuses questions it has no answer for', async () => {
    const preflight = await fetch(server.streamUrl, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Content-Type');
    const other = await fetch(server.streamUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', text: 'hello' }] }),
    });
    expect(other.status).toBe(400);
  });
});

describe('bench plumbing', () => {
  it('the probe init script compiles as a classic script', () => {
    expect(() => new Script(probeInitScript())).not.toThrow();
  });

  it('plans fewer deep-chat runs at N = 10,000 and none with --quick', () => {
    expect(runPlan(parseArguments([]))['deep-chat']['10000']).toBe(1);
    expect(runPlan(parseArguments([])).widget['10000']).toBe(WIDGET_LONG_ANSWER_RUNS);
    expect(runPlan(parseArguments([])).widget['2000']).toBe(5);
    expect(runPlan(parseArguments(['--runs=3'])).widget['10000']).toBe(3);
    expect(runPlan(parseArguments(['--quick'])).widget['10000']).toBe(2);
    expect(runPlan(parseArguments(['--quick']))['deep-chat']['10000']).toBe(0);
    expect(runPlan(parseArguments(['--only=deep-chat', '--runs=3'])).widget['500']).toBe(0);
    expect(() => parseArguments(['--chunks=1'])).toThrow(/--chunks/);
    expect(() => parseArguments(['--fast'])).toThrow(/Unknown/);
  });

  it('--cpu-slowdown: off (1) by default, a factor from 1 to 20 otherwise, in the header only when set', () => {
    expect(parseArguments([]).cpuSlowdown).toBe(1);
    expect(parseArguments(['--only=widget', '--no-host', '--cpu-slowdown=4']).cpuSlowdown).toBe(4);
    expect(parseArguments(['--cpu-slowdown=2.5']).cpuSlowdown).toBe(2.5);
    expect(parseArguments(['--cpu-slowdown=1']).cpuSlowdown).toBe(1);
    expect(parseArguments([`--cpu-slowdown=${MAX_CPU_SLOWDOWN}`]).cpuSlowdown).toBe(MAX_CPU_SLOWDOWN);
    for (const bad of ['--cpu-slowdown=0.5', '--cpu-slowdown=0', `--cpu-slowdown=${MAX_CPU_SLOWDOWN + 1}`]) {
      expect(() => parseArguments([bad])).toThrow(/--cpu-slowdown/);
    }
    for (const malformed of ['--cpu-slowdown', '--cpu-slowdown=', '--cpu-slowdown=x4', '--cpu-slowdown=-4', '--cpu-slowdown=4x']) {
      expect(() => parseArguments([malformed])).toThrow(/Unknown or malformed/);
    }
    // The slowdown does not change the run plan.
    expect(runPlan(parseArguments(['--cpu-slowdown=4']))).toEqual(runPlan(parseArguments([])));
    expect(cpuSlowdownNote(1)).toBe('');
    expect(cpuSlowdownNote(4)).toContain('CPU slowed ×4 by emulation');
  });

  it('medians and spreads', () => {
    expect(spread([5, 1, 3])).toEqual({ median: 3, min: 1, max: 5, runs: 3 });
    expect(spread([4, 1, 3, 2]).median).toBe(2.5);
  });

  it('judges the timing targets on medians', () => {
    const run = (contender: StreamRun['contender'], chunks: number, ms: number, perChunkUs: number, longestMs: number): StreamRun => ({
      contender,
      chunks,
      completed: true,
      timeToLastChunkMs: ms,
      lastByteToVisibleMs: 10,
      framesAfterLastByte: 1,
      lastChunkReadToVisibleMs: 10,
      networkMs: 5,
      bytesRead: 1,
      reads: 1,
      longTasks: { count: longestMs > 50 ? 1 : 0, totalMs: longestMs, longestMs },
      frames: { count: 10, longestGapMs: 17, perSecond: 60 },
      mainThread: { taskMs: 1, scriptMs: 1, layoutMs: 1, perChunkUs, styleMs: 1 },
      heapUsedBytes: 1,
      markerVisible: true,
      probeOverheadMs: 0,
    });
    const result: BenchResult = {
      date: '',
      machine: { cpus: 2, cpuModel: '', memoryGb: 1, os: '' },
      load: { start: 0, end: 0 },
      versions: { node: '', chromium: '', deepChat: '', playwrightCore: '', commit: '' },
      options: { quick: false, chunks: [500, 2_000, 10_000], runs: { widget: {}, 'deep-chat': {} }, cpuSlowdown: 1 },
      sizes: null,
      host: [],
      streaming: [
        run('widget', 500, 40, 20, 0),
        run('widget', 2_000, 80, 20, 0),
        run('widget', 10_000, 300, 40, 70),
        run('deep-chat', 2_000, 700, 900, 700),
      ],
      errors: [],
    };
    const verdicts = Object.fromEntries(targets(result).map((target) => [target.name, target.pass]));
    expect(verdicts['N = 2,000: no long task over 50 ms while streaming']).toBe(true);
    expect(verdicts['N = 10,000: no long task over 50 ms while streaming']).toBe(false);
    expect(verdicts['linear cost: main-thread time per chunk at N = 10,000 ≤ 1.5 × that at N = 500']).toBe(false);
    expect(verdicts["N = 2,000: time to last chunk visible ≤ 1/10 of deep-chat's"]).toBe(false);
    const header = (markdown: string) => markdown.split('\n')[2] ?? '';
    expect(header(formatMarkdown(result))).not.toContain('CPU slowed');
    const slowed = formatMarkdown({ ...result, options: { ...result.options, cpuSlowdown: 4 } });
    expect(header(slowed)).toContain('CPU slowed ×4 by emulation');
    expect(slowed).toContain('## Targets (issue 6), with the CPU slowed ×4');
  });
});
