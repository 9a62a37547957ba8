/**
 * How soon can a page read the last chunk of the benchmark's N = 10,000 answer? The same SSE bytes the reference
 * service writes (a heartbeat every 100 chunks, then the final object), read by a bare page with fetch + getReader:
 * - idle: the page only reads and decodes;
 * - busy: it also writes the text so far into the DOM once per frame and forces a layout, as a naive chat would.
 * It prints the network's last byte (Resource Timing responseEnd) → the page's last read, median (min–max). The
 * widget's own number is the bench's "network's last byte → last chunk visible" less "read → visible": this tells
 * how much of it a page cannot avoid (the idle page) and how much a busy main thread adds.
 *
 *   npx tsx test/bench/read-latency.ts [--runs=25]
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { write } from '../../demo/server/stream';
import { launchBrowser } from '../helpers/browser';
import { benchChunks } from './answer';
import { formatSpread, spread } from './stats';

const CHUNKS = 10_000;
const HEARTBEAT_EVERY_CHUNKS = 100;
type Mode = 'idle' | 'busy';

function startStreamServer(): Promise<Server> {
  let run = 0;
  const server = createServer((request, response) => {
    if (request.url === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<!doctype html><title>read latency</title><div id="out"></div>');
      return;
    }
    void (async () => {
      response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' });
      const chunks = benchChunks(CHUNKS, `r${(run += 1)}`);
      await write(response, ': heartbeat\n\n');
      for (const [index, content] of chunks.entries()) {
        if (index > 0 && index % HEARTBEAT_EVERY_CHUNKS === 0) await write(response, ': heartbeat\n\n');
        await write(response, `data: ${JSON.stringify({ content })}\n\n`);
      }
      await write(response, `data: ${JSON.stringify({ QuestionID: 1, AnswerID: 2, Answer: chunks.join(''), TotalToken: 0 })}\n\n`);
      response.end();
    })();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Runs in the page: reads the stream; returns the network's last byte → the last read, in ms. */
async function readOnce(mode: Mode): Promise<number> {
  const out = document.getElementById('out') as HTMLElement;
  const response = await fetch(`/stream?${Math.random()}`);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  let lastReadAt = 0;
  let framePending = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    lastReadAt = performance.now();
    text += decoder.decode(value, { stream: true });
    if (mode === 'busy' && !framePending) {
      framePending = true;
      requestAnimationFrame(() => {
        framePending = false;
        out.textContent = text;
        void out.offsetHeight;
      });
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 50)); // Resource Timing lists the request once it has ended
  const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
  const timing = entries.at(-1);
  if (!timing) throw new Error('No Resource Timing entry for the stream.');
  return lastReadAt - timing.responseEnd;
}

async function main(): Promise<void> {
  const runsArgument = process.argv.find((entry) => entry.startsWith('--runs='));
  const runs = runsArgument ? Number(runsArgument.slice('--runs='.length)) : 25;
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number of at least 1 (got ${runsArgument}).`);
  const server = await startStreamServer();
  const browser = await launchBrowser();
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    for (const mode of ['idle', 'busy'] as const) {
      const gaps: number[] = [];
      for (let run = 0; run < runs; run += 1) {
        const page = await browser.newPage();
        await page.goto(url);
        // tsx names functions with a __name helper the page does not have.
        await page.evaluate('window.__name = (target) => target');
        gaps.push(await page.evaluate(readOnce, mode));
        await page.close();
      }
      console.log(`${mode}: network's last byte → the page's last read ${formatSpread(spread(gaps), ' ms')}, ${runs} runs`);
    }
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
}

await main();
