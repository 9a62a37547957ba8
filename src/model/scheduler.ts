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

/**
 * requestAnimationFrame, with a timer as a fallback because rAF does not run at all in a hidden tab (and not in
 * Node): an answer streaming into a background tab still lands, just less often.
 */
export function animationFrameScheduler(clock: Clock = systemClock, fallbackMs = 100): FrameScheduler {
  return (callback) => {
    let pending = true;
    let frame: number | undefined;
    const cancelTimer = clock.setTimeout(() => run(), fallbackMs);
    function cancel(): void {
      pending = false;
      cancelTimer();
      if (frame !== undefined) cancelAnimationFrame(frame);
    }
    function run(): void {
      if (!pending) return;
      cancel();
      callback();
    }
    if (typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(run);
    return cancel;
  };
}
