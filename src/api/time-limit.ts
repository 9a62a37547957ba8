/**
 * The time limit of a request that is not a stream: the JSON operations (operations.ts) and the upload's PUT
 * (upload.ts). A service or proxy that sends its headers and then never finishes the body, or never answers at all,
 * otherwise left the call waiting for good: an upload spinning with no way out but Cancel.
 *
 * GetConfig before the chat opens (src/model/get-config.ts) ends its request the same way, written there again: this
 * module in the launcher's bundle measured +38 B gzip of it, whose 12 KB budget had 6 B left.
 */
import { ServiceError } from './errors.js';
import { transportError } from './http.js';
import { failureText } from './messages.js';

/**
 * How long a JSON operation may take, from the call (the site's `headers` function included) to its body's end; and
 * how long the upload's PUT may go without a sign of progress. The same as GetConfig's CONFIG_TIMEOUT_MS.
 */
export const REQUEST_TIMEOUT_MS = 20_000;

export interface RequestLimit {
  /** For fetch: aborted by the caller's signal or by the time limit. */
  readonly signal: AbortSignal;
  /** `work`, unless the request is ended first: also what takes no signal (a `headers` function, a fetch that ignores it). */
  within<T>(work: T | Promise<T>): Promise<T>;
  /** (Re)starts the time limit: `ms` from now. Called again on each sign of progress, it is a silence limit. */
  wait(ms: number): void;
  /** What a failure under this limit was: the time limit's, worded as unreachable; else transportError's reading. */
  failure(operation: string, error: unknown): ServiceError;
  /** Once the request is over: no timer or listener is left behind. */
  stop(): void;
}

export function requestLimit(caller: AbortSignal | undefined): RequestLimit {
  const ender = new AbortController();
  const end = (): void => ender.abort();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let limitMs = 0;
  const ended = new Promise<never>((_, reject) => ender.signal.addEventListener('abort', reject));
  // Raced or not, an ending must not surface as an unhandled rejection.
  ended.catch(() => undefined);
  caller?.addEventListener('abort', end);
  if (caller?.aborted) end();
  return {
    signal: ender.signal,
    within: (work) => Promise.race([work, ended]),
    wait(ms) {
      clearTimeout(timer);
      limitMs = ms;
      timer = setTimeout(end, ms);
    },
    // To a visitor a service that never finishes answering is one that cannot be reached: GetConfig's words too.
    failure: (operation, error) =>
      ender.signal.aborted && !caller?.aborted
        ? new ServiceError('network', failureText.network, {
            operation,
            cause: new Error(`no answer, or no progress, for ${limitMs / 1000} s`),
          })
        : transportError(operation, error, caller),
    stop() {
      clearTimeout(timer);
      caller?.removeEventListener('abort', end);
    },
  };
}
