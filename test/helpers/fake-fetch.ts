/**
 * A fake fetch for unit tests of the service client: it records every request and answers with scripted
 * responses, including byte streams cut into chosen chunks. No server, no network.
 */
export interface RecordedRequest {
  url: string;
  method: string;
  /** Lower-case header names. */
  headers: Record<string, string>;
  /** The body as UTF-8 text ('' when none). */
  bodyText: string;
  /** The body's exact bytes. */
  bodyBytes: Uint8Array;
  signal: AbortSignal | undefined;
}

export type Responder = (request: RecordedRequest, index: number) => Response | Promise<Response>;

export interface FakeFetch {
  fetch: typeof fetch;
  requests: RecordedRequest[];
}

function abortError(): DOMException {
  return new DOMException('This operation was aborted', 'AbortError');
}

export function createFakeFetch(respond: Responder): FakeFetch {
  const requests: RecordedRequest[] = [];
  const fakeFetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const body = init.body;
    const bodyBytes = body === undefined || body === null ? new Uint8Array(0) : new Uint8Array(await new Response(body).arrayBuffer());
    const bodyText = new TextDecoder().decode(bodyBytes);
    const request: RecordedRequest = {
      url: String(input instanceof Request ? input.url : input),
      method: (init.method ?? 'GET').toUpperCase(),
      headers,
      bodyText,
      bodyBytes,
      signal: init.signal ?? undefined,
    };
    requests.push(request);
    const signal = request.signal;
    if (signal?.aborted) throw abortError();
    return new Promise<Response>((resolve, reject) => {
      // Listening before the responder runs, so a responder that aborts is seen too.
      signal?.addEventListener('abort', () => reject(abortError()), { once: true });
      Promise.resolve(respond(request, requests.length - 1)).then(resolve, reject);
    });
  };
  return { fetch: fakeFetch as typeof fetch, requests };
}

export function envelope(data: unknown, overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({ Data: data, Version: '1.0.0', Success: true, Code: 200, Message: '', ...overrides });
}

export function jsonResponse(text: string, status = 200): Response {
  return new Response(text, { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

export function envelopeResponse(data: unknown, overrides: Record<string, unknown> = {}): Response {
  return jsonResponse(envelope(data, overrides));
}

export interface StreamScript {
  chunks: readonly Uint8Array[];
  contentType?: string;
  /** The HTTP status (200 unless told). */
  status?: number;
  /** What happens after the last chunk: the body ends, fails like a dropped connection, or stays open. */
  end?: 'close' | 'error' | 'hang';
  /** Aborting this signal fails the body, as a real fetch does. */
  signal?: AbortSignal | undefined;
}

export function streamResponse(script: StreamScript): Response {
  const { chunks, contentType = 'text/event-stream', status = 200, end = 'close', signal } = script;
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      signal?.addEventListener('abort', () => controller.error(abortError()), { once: true });
    },
    pull(controller) {
      if (signal?.aborted) return;
      const chunk = chunks[next++];
      if (chunk) return controller.enqueue(chunk);
      if (end === 'close') return controller.close();
      if (end === 'error') return controller.error(new TypeError('terminated'));
      return new Promise<void>(() => undefined);
    },
  });
  return new Response(body, { status, headers: { 'content-type': contentType } });
}

const encoder = new TextEncoder();

export function bytes(text: string): Uint8Array {
  return encoder.encode(text);
}

/** The recording cut in two at `position`. */
export function splitAt(recording: Uint8Array, position: number): Uint8Array[] {
  return [recording.slice(0, position), recording.slice(position)].filter((part) => part.length > 0);
}

/** The recording one byte at a time. */
export function oneByteChunks(recording: Uint8Array): Uint8Array[] {
  return Array.from(recording, (byte) => Uint8Array.of(byte));
}
