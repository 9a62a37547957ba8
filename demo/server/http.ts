/** Low-level HTTP helpers: the envelope, CORS headers and JSON bodies. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Envelope } from '../../src/api/types';
import { Code, HttpError } from './errors';

export const API_VERSION = '1.0.0';
const MAX_JSON_BODY_BYTES = 1024 * 1024;

export function envelope<T>(data: T): Envelope<T> {
  return { Data: data, Version: API_VERSION, Success: true, Code: Code.ok, Message: '' };
}

export function errorEnvelope(code: number, message: string): Envelope<null> {
  return { Data: null, Version: API_VERSION, Success: false, Code: code, Message: message };
}

/**
 * The widget page and the service run on different origins, so every answer carries CORS headers that echo the
 * caller's Origin. Whether that origin may use a chatbot is decided per chatbot (VerifyDomain), not here.
 */
export function setCorsHeaders(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  if (!origin) return;
  res.setHeader('Access-Control-Allow-Origin', origin);
  // Its own headers, and any a site adds through the widget's `headers` option (README: a CSRF token, a site token).
  const requested = req.headers['access-control-request-headers'];
  res.setHeader('Access-Control-Allow-Headers', `Content-Type, Authorization, chatrobot-sessionkey${requested ? `, ${requested}` : ''}`);
  res.setHeader('Vary', 'Origin, Access-Control-Request-Headers');
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, OPTIONS');
  res.setHeader('Access-Control-Max-Age', '600');
  if (req.headers['access-control-request-private-network'] === 'true') {
    res.setHeader('Access-Control-Allow-Private-Network', 'true');
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

/** Reads the whole body as text; bodies over the limit are drained and answered with 413. */
export function readText(req: IncomingMessage, limit = MAX_JSON_BODY_BYTES): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (part: Buffer) => {
      size += part.length;
      if (size > limit) tooLarge = true;
      if (!tooLarge) parts.push(part);
    });
    req.on('end', () => {
      if (tooLarge) reject(new HttpError(Code.tooLarge, `Request body is larger than ${limit} bytes.`));
      else resolve(Buffer.concat(parts).toString('utf8'));
    });
    req.on('error', reject);
  });
}

/**
 * The JSON operations take only `Content-Type: application/json`, parameters such as charset allowed: service-api.md
 * section 5 states it as required, and a page may send text/plain or a form to any origin without a CORS preflight;
 * with JSON required, every call a page makes goes through CORS first. HTTP 415 otherwise, before anything is read.
 */
export function assertJsonContentType(req: IncomingMessage): void {
  const mediaType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (mediaType === 'application/json') return;
  throw new HttpError(
    Code.unsupportedType,
    `Content-Type ${mediaType === '' ? 'missing' : `"${mediaType}" not accepted`}: send the JSON body with Content-Type: application/json.`,
  );
}

/** Parses a JSON request body. Malformed JSON is an HTTP 400; a body that is not an object is a business error. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const text = await readText(req);
  if (text.trim() === '') throw new HttpError(Code.validation, 'Request body is empty: send a JSON object.');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new HttpError(Code.validation, `Malformed JSON in request body: ${reason}`);
  }
}

/** The address clients should use for links back to this service (uploaded files). */
export function publicBaseUrl(req: IncomingMessage, fallback: string): string {
  const host = req.headers.host;
  if (host && /^[A-Za-z0-9.\-:[\]]+$/.test(host)) return `http://${host}`;
  return fallback;
}
