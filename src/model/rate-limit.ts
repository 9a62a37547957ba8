/**
 * The visitor-side rate limit (RateLimitCount sends per RateLimitTime seconds, service-notes.md). The send times
 * live in a KeyValueStore so a reload — or a second tab on the same storage — cannot reset the window.
 */
import type { KeyValueStore } from './storage';

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryInMs: number };

/** Sliding window of RateLimitCount sends per RateLimitTime seconds, persisted in `store` so it survives a reload. */
export interface RateLimiter {
  check(now?: number): RateLimitVerdict;
  record(now?: number): void;
}

export interface RateLimiterOptions {
  /** Sends allowed per window; a positive integer. */
  count: number;
  /** Window length in seconds; positive. */
  windowSeconds: number;
  store: KeyValueStore;
  /** Store key of the send times. */
  key?: string;
  now?: () => number;
}

export const RATE_LIMIT_KEY = 'rate-limit';

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { count, windowSeconds, store } = options;
  if (!Number.isInteger(count) || count <= 0) {
    throw new RangeError(`Rate limit count must be a positive integer, got ${String(count)}`);
  }
  if (!Number.isFinite(windowSeconds) || windowSeconds <= 0) {
    throw new RangeError(`Rate limit window must be a positive number of seconds, got ${String(windowSeconds)}`);
  }
  const key = options.key ?? RATE_LIMIT_KEY;
  const clock = options.now ?? Date.now;
  const windowMs = windowSeconds * 1000;

  /** Send times still inside the window at `now`, oldest first, at most `count` of them. */
  function recentSends(now: number): number[] {
    const stored = store.get<unknown>(key);
    if (!Array.isArray(stored)) return [];
    return (
      stored
        .filter((time): time is number => typeof time === 'number' && Number.isFinite(time))
        // A time in the future means the clock was set back; counting it from now keeps the block to one window.
        .map((time) => Math.min(time, now))
        .filter((time) => time > now - windowMs)
        .sort((a, b) => a - b)
        .slice(-count)
    );
  }

  return {
    check(now = clock()): RateLimitVerdict {
      const sends = recentSends(now);
      if (sends.length < count) return { allowed: true };
      // The window is full; it opens again when its oldest counted send leaves it.
      const oldest = sends[0] as number;
      return { allowed: false, retryInMs: Math.max(1, oldest + windowMs - now) };
    },
    record(now = clock()): void {
      const sends = recentSends(now);
      sends.push(now);
      store.set(key, sends.slice(-count));
    },
  };
}
