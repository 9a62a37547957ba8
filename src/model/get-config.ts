/**
 * GetConfig for the launcher's bundle: the one request made before the chat is opened. The full client
 * (src/api/client.ts) does the same through plumbing shared by every operation and streaming, which would add
 * kilobytes to what a visitor downloads before opening the chat; this is the same request, envelope check and
 * error kinds, in a few hundred bytes.
 */
import type { HeadersOption } from '../api/client.js';
import { ServiceError, type ServiceErrorKind } from '../api/errors.js';
import { requestFailureText as failureText } from '../api/request-failures.js';
import type { GetConfigRequest, OperationName, PublicConfig } from '../api/types.js';

export interface ConfigRequestOptions {
  baseUrl: string;
  paths?: Partial<Record<OperationName, string>>;
  headers?: HeadersOption;
  fetch?: typeof fetch;
}

type Loose = Record<string, unknown> | undefined;

function configUrl({ baseUrl, paths }: ConfigRequestOptions): string {
  const path = paths?.getConfig ?? '/chat/Chatbot/GetConfig';
  return /^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(path) ? path : `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/**
 * How long GetConfig may take, answer included. A service (or a proxy) that takes the connection and never answers
 * would otherwise leave the panel "Connecting…" and a visitor's question waiting for good.
 */
export const CONFIG_TIMEOUT_MS = 20_000;

/** POST GetConfig; resolves with Data, or rejects with a ServiceError in plain words. */
export async function requestConfig(options: ConfigRequestOptions, request: GetConfigRequest, signal?: AbortSignal): Promise<PublicConfig> {
  const failure = (kind: ServiceErrorKind, message: string, details?: object): ServiceError =>
    new ServiceError(kind, message, { operation: 'getConfig', ...details });
  // Ends the request when the caller aborts or the time is up. To a visitor a service that never answers is one
  // that cannot be reached: the same words.
  const ender = new AbortController();
  const end = (): void => ender.abort();
  // The time limit and an abort end a headers function that never settles too (a token refresh that hangs).
  const ended = new Promise<never>((_, reject) => (ender.signal.onabort = reject));
  const timer = setTimeout(end, CONFIG_TIMEOUT_MS);
  signal?.addEventListener('abort', end);
  if (signal?.aborted) end();
  let response: Response;
  let body: Loose;
  try {
    // A headers function that throws (an expired token) fails as the client's does: unreachable, with it as cause.
    const extra = await Promise.race([typeof options.headers === 'function' ? options.headers() : options.headers, ended]);
    response = await (options.fetch ?? fetch)(configUrl(options), {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', ...extra },
      body: JSON.stringify(request),
      signal: ender.signal,
    });
    body = (await response.json().catch(() => undefined)) as Loose;
    // A body the service could not turn into JSON is malformed (below); one cut short by the ending is not.
    ender.signal.throwIfAborted();
  } catch (cause) {
    throw signal?.aborted
      ? failure('aborted', failureText.aborted, { cause })
      : failure('network', failureText.network, { cause });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', end);
  }
  const { status } = response;
  const serviceMessage = typeof body?.Message === 'string' && body.Message ? body.Message : undefined;
  const details = { status, code: typeof body?.Code === 'number' ? body.Code : undefined, serviceMessage };
  if (!response.ok) throw failure('http', failureText.http(status, serviceMessage), details);
  if (body?.Success === false) throw failure('business', serviceMessage ?? 'The chat service could not complete the request.', details);
  const data = body?.Data as Loose;
  if (body?.Success !== true || typeof data?.SessionID !== 'number' || typeof data.SessionKey !== 'string') {
    throw failure('malformed', failureText.malformed);
  }
  return data as unknown as PublicConfig;
}
