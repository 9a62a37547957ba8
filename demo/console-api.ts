/**
 * The operator console's server-side proxy: `/console-api/<operation>` on the demo site.
 *
 * The console needs the secret key (Edit, ModelList, the listing operations, the operator's settings read). The page
 * never holds it: it calls this route on its own site, and this route forwards the call to the service with
 * `Authorization: <secret key>` added here, on the server. It is the pattern README recommends to any site that
 * calls the service from a browser: route through your own backend, which adds the credential.
 *
 * What it lets through, and nothing else:
 * - only the operations in CONSOLE_OPERATIONS (an allow-list by name; anything else is 404);
 * - only for the site's own chatbot: the serial number is filled in when missing and a different one is refused;
 * - only JSON POSTs (GET for the model list) from the site's own pages: a request whose Origin is another site is
 *   refused, so a page elsewhere cannot make the browser of an operator edit the chatbot (CSRF);
 * - bodies up to MAX_BODY_BYTES.
 * The service's answer (status and envelope) goes back unchanged, so the page reads it like a direct answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { DEFAULT_PATHS, SECRET_KEY_HEADER, type Envelope } from '../src/api/types';
import type { DemoRequestContext, DemoRoute } from './site';

export const CONSOLE_API_PREFIX = '/console-api/';
export const MAX_BODY_BYTES = 1024 * 1024;
const UPSTREAM_TIMEOUT_MS = 15_000;

interface ConsoleOperation {
  /** Path on the service. */
  path: string;
  /** How the service takes it. GET operations accept GET or an empty POST from the page. */
  method: 'GET' | 'POST';
  /** The body field that names the chatbot, when the operation has one. */
  serialField?: 'serialNumber' | 'SerialNumber';
}

/** The reference service's operator read of every setting (GetConfig hides the operator-only ones). */
export const GET_SETTINGS_PATH = '/chat/Chatbot/Get';

/** The names are the client's OperationName values, so `createClient({ paths })` can point at this route. */
export const CONSOLE_OPERATIONS = {
  getSettings: { path: GET_SETTINGS_PATH, method: 'POST', serialField: 'serialNumber' },
  modelList: { path: DEFAULT_PATHS.modelList, method: 'GET' },
  edit: { path: DEFAULT_PATHS.edit, method: 'POST', serialField: 'serialNumber' },
  realEstateList: { path: DEFAULT_PATHS.realEstateList, method: 'POST', serialField: 'SerialNumber' },
  realEstateCreate: { path: DEFAULT_PATHS.realEstateCreate, method: 'POST', serialField: 'SerialNumber' },
  realEstateUpdate: { path: DEFAULT_PATHS.realEstateUpdate, method: 'POST', serialField: 'SerialNumber' },
  realEstateDelete: { path: DEFAULT_PATHS.realEstateDelete, method: 'POST', serialField: 'SerialNumber' },
  preUpload: { path: DEFAULT_PATHS.preUpload, method: 'POST' },
  finishUpload: { path: DEFAULT_PATHS.finishUpload, method: 'POST' },
} as const satisfies Record<string, ConsoleOperation>;

export type ConsoleOperationName = keyof typeof CONSOLE_OPERATIONS;

function isConsoleOperation(name: string): name is ConsoleOperationName {
  return Object.hasOwn(CONSOLE_OPERATIONS, name);
}

/** A refusal of the proxy itself, answered in the service's envelope so the page handles one shape. */
class ProxyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function sendEnvelope(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  response.end(body);
}

function failureEnvelope(status: number, message: string): string {
  const envelope: Envelope<null> = { Data: null, Version: '', Success: false, Code: status, Message: message };
  return JSON.stringify(envelope);
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] = [];
    let size = 0;
    // An oversized body is read to its end and dropped, so the client receives the 413 instead of a reset.
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) chunks = [];
      else chunks.push(chunk);
    });
    request.on('end', () => {
      if (size > MAX_BODY_BYTES) reject(new ProxyError(413, `The request is larger than ${MAX_BODY_BYTES / 1024} KB.`));
      else resolve(Buffer.concat(chunks).toString('utf8'));
    });
    request.on('error', reject);
  });
}

/**
 * Only the site's own pages may call the console API (a missing Origin is a same-origin GET or a non-browser), and
 * only by a loopback name or an IP address: a page elsewhere whose own name it points at this address (DNS
 * rebinding) is same-origin with itself, so its Origin matches its Host, and it would edit the chatbot and read its
 * operator-only settings through the secret key this route adds. An IP address cannot be rebound.
 */
function assertSameSite(request: IncomingMessage): void {
  let hostname = '';
  try {
    hostname = new URL(`http://${request.headers.host ?? ''}`).hostname;
  } catch {
    // an unreadable Host is refused below
  }
  if (!(hostname === 'localhost' || hostname.endsWith('.localhost') || isIP(hostname.replace(/^\[|\]$/g, '')))) {
    throw new ProxyError(403, 'The console API answers only at localhost or an IP address, not at a host name.');
  }
  const origin = request.headers.origin;
  if (origin === undefined) return;
  let host = '';
  try {
    host = new URL(origin).host;
  } catch {
    // an unreadable Origin is refused below
  }
  if (host === '' || host !== request.headers.host) {
    throw new ProxyError(403, 'The console API answers only the console page of this site.');
  }
}

/** Parses the page's JSON body and pins it to the site's chatbot. */
function pinnedBody(text: string, operation: ConsoleOperation, serialNumber: string): string {
  let body: unknown;
  try {
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new ProxyError(400, 'The request body is not valid JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ProxyError(400, 'The request body must be a JSON object.');
  }
  const record = body as Record<string, unknown>;
  const field = operation.serialField;
  if (field) {
    const given = record[field];
    if (given !== undefined && given !== serialNumber) {
      throw new ProxyError(403, `${field}: this console manages chatbot "${serialNumber}" only.`);
    }
    record[field] = serialNumber;
  }
  return JSON.stringify(record);
}

async function forward(
  request: IncomingMessage,
  response: ServerResponse,
  { path, site }: DemoRequestContext,
): Promise<void> {
  const name = path.slice(CONSOLE_API_PREFIX.length);
  if (!isConsoleOperation(name)) throw new ProxyError(404, `The console API has no operation "${name}".`);
  const operation: ConsoleOperation = CONSOLE_OPERATIONS[name];
  assertSameSite(request);
  const method = request.method ?? 'GET';
  if (method !== 'POST' && !(method === 'GET' && operation.method === 'GET')) {
    throw new ProxyError(405, `${name} takes POST requests.`);
  }
  const text = await readBody(request);
  if (method === 'POST' && text.trim() !== '' && !/^application\/json\b/i.test(request.headers['content-type'] ?? '')) {
    throw new ProxyError(415, 'Send the request as Content-Type: application/json.');
  }
  const body = operation.method === 'POST' ? pinnedBody(text, operation, site.serialNumber) : undefined;

  let upstream: Response;
  try {
    upstream = await fetch(site.serviceUrl + operation.path, {
      method: operation.method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        [SECRET_KEY_HEADER]: site.secretKey,
      },
      ...(body === undefined ? {} : { body }),
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw timedOut
      ? new ProxyError(504, `The chatbot service did not answer within ${UPSTREAM_TIMEOUT_MS / 1000} seconds.`)
      : new ProxyError(502, 'The chatbot service cannot be reached. Is it running?');
  }
  const answer = await upstream.text();
  // A 401 here means the demo site holds the wrong key: say so instead of echoing the service's words to the page.
  if (upstream.status === 401) {
    throw new ProxyError(502, 'The chatbot service refused the console\'s credential; check the secret key the demo site was started with.');
  }
  sendEnvelope(response, upstream.status, answer);
}

/** The route the demo site registers. */
export function createConsoleApiRoute(): DemoRoute {
  return {
    path: CONSOLE_API_PREFIX,
    methods: ['GET', 'POST'],
    async handle(request, response, context) {
      try {
        await forward(request, response, context);
      } catch (error) {
        if (!(error instanceof ProxyError)) throw error;
        if (!request.complete) request.resume();
        response.setHeader('Connection', 'close');
        sendEnvelope(response, error.status, failureEnvelope(error.status, error.message));
      }
    },
  };
}
