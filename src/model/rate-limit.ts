/**
 * The visitor-side rate limit (RateLimitCount sends per RateLimitTime seconds, service-notes.md): a sliding
 * window. The send times live in a KeyValueStore so a reload — or a second tab on the same storage — cannot reset
 * the window.
 */
import { isNumber } from '../api/envelope.js';
import type { KeyValueStore } from './storage.js';

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryInMs: number };

export interface RateLimit {
  /** Sends allowed per window; a positive integer. */
  count: number;
  /** Window length in seconds; positive. */
  windowSeconds: number;
}

/** Store key of the send times. */
export const RATE_LIMIT_KEY = 'rate-limit';

/**
 * Counts a send at `now` when the window has room for it. When it has not, nothing is counted and the verdict
 * says how long until it has.
 */
export function takeSendSlot(limit: RateLimit, store: KeyValueStore, now: number): RateLimitVerdict {
  const { count, windowSeconds } = limit;
  if (!Number.isInteger(count) || count <= 0) {
    throw new RangeError(`Rate limit count must be a positive integer, got ${String(count)}`);
  }
  if (!Number.isFinite(windowSeconds) || windowSeconds <= 0) {
    throw new RangeError(`Rate limit window must be a positive number of seconds, got ${String(windowSeconds)}`);
  }
  const windowMs = windowSeconds * 1000;
  const stored = store.get<unknown>(RATE_LIMIT_KEY);
  // Send times still inside the window, oldest first, at most `count` of them.
  const sends = (Array.isArray(stored) ? stored : [])
    .filter(isNumber)
    // A time in the future means the clock was set back; counting it from now keeps the block to one window.
    .map((time) => Math.min(time, now))
    .filter((time) => time > now - windowMs)
    .sort((a, b) => a - b)
    .slice(-count);
  if (sends.length === count) {
    // The window is full; it opens again when its oldest counted send leaves it.
    return { allowed: false, retryInMs: Math.max(1, (sends[0] as number) + windowMs - now) };
  }
  store.set(RATE_LIMIT_KEY, [...sends, now]);
  return { allowed: true };
}

/** Gives back the send counted at `at`: the service never took that question (refused, or never reached). */
export function returnSendSlot(store: KeyValueStore, at: number): void {
  const stored = store.get<unknown>(RATE_LIMIT_KEY);
  const index = Array.isArray(stored) ? stored.indexOf(at) : -1;
  if (index >= 0) store.set(RATE_LIMIT_KEY, (stored as unknown[]).filter((_, position) => position !== index));
}
