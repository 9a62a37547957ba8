/**
 * Streamed answers of ClientAsk (service-api.md 4.2; framing decided in service-notes.md). Content-Type is always
 * text/event-stream. Two framings:
 * - 'sse': `data: {"content":"..."}` events separated by a blank line, a `: heartbeat` comment first and after
 *   every 100 chunks, then `data: {final}`;
 * - 'jsonl': one bare JSON object per line, then the final object on its own line.
 * The final object is {QuestionID, AnswerID, Answer, TotalToken}. Writing stops when the client goes away.
 */
import type { ServerResponse } from 'node:http';
import type { StreamChunk, StreamFinal } from '../../src/api/types';
import type { StreamFraming } from './context';

const HEARTBEAT_EVERY_CHUNKS = 100;
const LONGEST_PIECE = 8;

/** Splits text into small chunks (one word and the space after it; long words in pieces) that join back exactly. */
export function chunkText(text: string): string[] {
  const chunks: string[] = [];
  for (const match of text.matchAll(/(\S*)(\s*)/g)) {
    const [, word = '', space = ''] = match;
    if (word === '' && space === '') continue;
    const characters = Array.from(word);
    const pieces: string[] = [];
    for (let start = 0; start < characters.length; start += LONGEST_PIECE) {
      pieces.push(characters.slice(start, start + LONGEST_PIECE).join(''));
    }
    if (pieces.length === 0) pieces.push('');
    pieces[pieces.length - 1] += space;
    chunks.push(...pieces);
  }
  return chunks;
}

export interface StreamPlan {
  chunks: readonly string[];
  final: StreamFinal;
  framing: StreamFraming;
  delayMs: number;
}

export async function writeAnswerStream(res: ServerResponse, plan: StreamPlan): Promise<void> {
  let closed = false;
  res.on('close', () => {
    closed = true;
  });
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  const frame = (value: StreamChunk | StreamFinal) =>
    plan.framing === 'sse' ? `data: ${JSON.stringify(value)}\n\n` : `${JSON.stringify(value)}\n`;
  const heartbeat = plan.framing === 'sse' ? ': heartbeat\n\n' : '';

  if (heartbeat) await write(res, heartbeat);
  else res.flushHeaders();
  for (let index = 0; index < plan.chunks.length; index += 1) {
    if (closed) return;
    if (heartbeat && index > 0 && index % HEARTBEAT_EVERY_CHUNKS === 0) await write(res, heartbeat);
    await write(res, frame({ content: plan.chunks[index] ?? '' }));
    if (plan.delayMs > 0) await sleep(plan.delayMs);
  }
  if (closed) return;
  await write(res, frame(plan.final));
  // Like a service that finishes its own work (the chat log) after the final object: the stream ends a moment later.
  if (plan.delayMs > 0) await sleep(plan.delayMs);
  res.end();
}

/** Writes and, when the socket's buffer is full, waits until it drains or the client leaves. */
export function write(res: ServerResponse, text: string): Promise<void> {
  if (res.destroyed || res.writableEnded) return Promise.resolve();
  if (res.write(text)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
