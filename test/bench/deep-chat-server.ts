/**
 * The peer's side of the streaming benchmark: a small SSE server in deep-chat's shape. deep-chat
 * (`connect: { url, stream: true }`) POSTs `{ messages: [{ role: 'user', text }] }` and reads Server-Sent Events
 * whose data is its Response object, `data: {"text": "..."}` followed by a blank line; the stream ends when the
 * server closes the response. Chunks are written one `write()` each, as fast as the socket takes them, exactly as
 * the reference service writes the widget's stream (demo/server/stream.ts with streamDelayMs 0).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { write } from '../../demo/server/stream';

export const DEEP_CHAT_PATH = '/deep-chat/stream';
const MAX_BODY_BYTES = 64 * 1024;

export interface DeepChatServer {
  /** The URL deep-chat's connect.url takes, e.g. http://127.0.0.1:40123/deep-chat/stream. */
  streamUrl: string;
  close(): Promise<void>;
}

export interface DeepChatServerOptions {
  /** The chunks to stream for a question; undefined answers 400 (the bench asks only what it can answer). */
  answer: (question: string) => string[] | undefined;
}

/** One SSE event in deep-chat's Response shape. */
export function deepChatFrame(text: string): string {
  return `data: ${JSON.stringify({ text })}\n\n`;
}

export async function startDeepChatServer(options: DeepChatServerOptions): Promise<DeepChatServer> {
  const server = createServer((request, response) => {
    handle(request, response, options).catch((error: unknown) => {
      if (!response.headersSent) {
        response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', ...corsHeaders() });
        response.end(error instanceof Error ? error.message : String(error));
      } else {
        response.destroy();
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return { streamUrl: `http://127.0.0.1:${port}${DEEP_CHAT_PATH}`, close: () => closeServer(server) };
}

function corsHeaders(): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Headers': 'Content-Type',
    'Access-Control-Allow-Methods': 'POST, OPTIONS',
    'Access-Control-Max-Age': '600',
  };
}

async function handle(request: IncomingMessage, response: ServerResponse, options: DeepChatServerOptions): Promise<void> {
  const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
  if (path !== DEEP_CHAT_PATH) {
    response.writeHead(404, corsHeaders()).end();
    return;
  }
  if (request.method === 'OPTIONS') {
    response.writeHead(204, corsHeaders()).end();
    return;
  }
  if (request.method !== 'POST') {
    response.writeHead(405, { Allow: 'POST, OPTIONS', ...corsHeaders() }).end();
    return;
  }
  const question = lastUserText(await readJson(request));
  const chunks = question === undefined ? undefined : options.answer(question);
  if (!chunks) {
    response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', ...corsHeaders() });
    response.end(`No benchmark answer for ${JSON.stringify(question ?? null)}.`);
    return;
  }
  await writeStream(response, chunks);
}

/** The text of the last message in deep-chat's request body `{ messages: [{ role, text }] }`. */
export function lastUserText(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const messages = (body as { messages?: unknown }).messages;
  if (!Array.isArray(messages) || messages.length === 0) return undefined;
  const last: unknown = messages[messages.length - 1];
  if (typeof last !== 'object' || last === null) return undefined;
  const text = (last as { text?: unknown }).text;
  return typeof text === 'string' ? text : undefined;
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of request) {
    const buffer = part as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new Error('Request body too large.');
    parts.push(buffer);
  }
  try {
    return JSON.parse(Buffer.concat(parts).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

async function writeStream(response: ServerResponse, chunks: readonly string[]): Promise<void> {
  let closed = false;
  response.on('close', () => {
    closed = true;
  });
  response.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    ...corsHeaders(),
  });
  response.flushHeaders();
  for (const chunk of chunks) {
    if (closed) return;
    await write(response, deepChatFrame(chunk));
  }
  if (!closed) response.end();
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
