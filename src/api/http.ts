/**
 * The request plumbing every operation shares: URLs, headers, and the mapping of each kind of failure onto
 * ServiceError. (The JSON request of the non-streamed operations is in operations.ts, so streaming alone does not
 * bundle it.)
 */
import type { ClientOptions, HeaderRecord } from './client.js';
import { envelopeFailure, parseJson } from './envelope.js';
import { ServiceError } from './errors.js';
import { failureText } from './messages.js';
import { SESSION_KEY_HEADER, type OperationName } from './types.js';

export type FetchFunction = typeof fetch;

/**
 * The client's options as a Transport takes them: the session key read through a function, and no secret key
 * (createClient sends it as one of the extra headers; a widget in a page never has one).
 */
export interface TransportOptions extends Omit<ClientOptions, 'sessionKey' | 'secretKey'> {
  sessionKey?: () => string | undefined;
}

export interface Transport {
  readonly fetch: FetchFunction;
  /** The URL of an operation: its `paths` override, else `defaultPath` (from types.ts). */
  operationUrl(operation: OperationName, defaultPath: string): string;
  /** A path relative to the base URL, or an absolute URL left as it is. */
  resolve(pathOrUrl: string): string;
  /**
   * `base` plus the session key and the caller's extra headers, with lower-case names. A `headers` function that
   * throws (a token that could not be fetched) fails like a request that got no answer: a network ServiceError.
   */
  headers(base: HeaderRecord, operation: string): Promise<HeaderRecord>;
  /** The `xhr` option as given: how putFile creates its XMLHttpRequest (upload.ts). */
  readonly xhr: ClientOptions['xhr'];
}

const ABSOLUTE_URL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

export function createTransport(options: TransportOptions): Transport {
  // Looked up per call and called unbound-safe: window.fetch throws "Illegal invocation" when detached.
  const fetchFunction: FetchFunction = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const resolve = (pathOrUrl: string): string => {
    if (ABSOLUTE_URL.test(pathOrUrl)) return pathOrUrl;
    const base = options.baseUrl.replace(/\/+$/, '');
    return `${base}/${pathOrUrl.replace(/^\/+/, '')}`;
  };
  return {
    fetch: fetchFunction,
    xhr: options.xhr,
    resolve,
    operationUrl: (operation, defaultPath) => resolve(options.paths?.[operation] ?? defaultPath),
    async headers(base, operation) {
      try {
        const merged = new Headers(base);
        const sessionKey = options.sessionKey?.();
        if (sessionKey) merged.set(SESSION_KEY_HEADER, sessionKey);
        const extra = typeof options.headers === 'function' ? await options.headers() : options.headers;
        if (extra) for (const [name, value] of Object.entries(extra)) merged.set(name, value);
        return Object.fromEntries(merged);
      } catch (error) {
        throw transportError(operation, error, undefined);
      }
    },
  };
}

export function abortedError(operation: string, cause?: unknown, partialText?: string): ServiceError {
  return new ServiceError('aborted', failureText.aborted, { operation, cause, partialText });
}

export function throwIfAborted(operation: string, signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortedError(operation, signal.reason);
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/** A fetch or body read that threw: the caller's abort, or a network failure. */
export function transportError(operation: string, error: unknown, signal: AbortSignal | undefined): ServiceError {
  if (error instanceof ServiceError) return error;
  if (signal?.aborted || isAbortError(error)) return abortedError(operation, error);
  return new ServiceError('network', failureText.network, { operation, cause: error });
}

/** A non-2xx answer. The body is read as an envelope when it is one, so the service's own words are kept. */
export function httpError(operation: string, status: number, bodyText: string): ServiceError {
  const parsed = parseJson(bodyText);
  const failure = parsed.ok ? envelopeFailure(parsed.value) : undefined;
  return new ServiceError('http', failureText.http(status, failure?.message), {
    operation,
    status,
    code: failure?.code,
    serviceMessage: failure?.message,
  });
}

export async function readBody(operation: string, response: Response, signal?: AbortSignal): Promise<string> {
  try {
    return await response.text();
  } catch (error) {
    throw transportError(operation, error, signal);
  }
}
