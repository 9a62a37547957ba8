/**
 * Time, as the model sees it: a clock with timers and a once-per-frame scheduler. Injected everywhere, so tests
 * run with a fake clock and decide exactly when a frame happens.
 */

export type Cancel = () => void;

export interface Clock {
  now(): number;
  /** Runs `callback` once after `ms`; the returned function cancels it. */
  setTimeout(callback: () => void, ms: number): Cancel;
}

/** Runs `callback` once, at the next frame; the returned function cancels it. */
export type FrameScheduler = (callback: () => void) => Cancel;

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(callback, ms) {
    const handle = setTimeout(callback, ms);
    return () => clearTimeout(handle);
  },
};
