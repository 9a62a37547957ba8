/**
 * The page's moments a conversation waits for, as its defaults: the next frame (a streamed answer's scheduler), the
 * task after a paint, and the page starting to go away. Its own module, loaded with the conversation, so the
 * launcher's bundle does not carry it.
 */
import { systemClock, type Cancel, type Clock, type FrameScheduler } from './scheduler.js';

/**
 * requestAnimationFrame, with a timer as a fallback because rAF does not run at all in a hidden tab (and not in
 * Node): an answer streaming into a background tab still lands, just less often.
 */
export function animationFrameScheduler(clock: Clock = systemClock, fallbackMs = 100): FrameScheduler {
  return (callback) => {
    let pending = true;
    let frame: number | undefined;
    const cancelTimer = clock.setTimeout(run, fallbackMs);
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

/**
 * Runs `callback` in a task of its own after the next frame of `frame` has been painted: for work that must not
 * delay what that frame shows. The returned function cancels it.
 */
export function afterNextPaint(
  callback: () => void,
  clock: Clock = systemClock,
  frame: FrameScheduler = animationFrameScheduler(clock),
): Cancel {
  let cancelTask: Cancel | null = null;
  const cancelFrame = frame(() => {
    cancelTask = clock.setTimeout(callback, 0);
  });
  return () => {
    cancelFrame();
    cancelTask?.();
  };
}

/** Listens to the window's `type` events through the returned function, which returns what stops listening. */
const windowEvent =
  (type: string) =>
  (listener: () => void): Cancel => {
    // Node (tests, server rendering) has no window.
    globalThis.addEventListener?.(type, listener);
    return () => globalThis.removeEventListener?.(type, listener);
  };

/** Calls a listener when the browser reports the network gone. Listened to only while a question waits. */
export const onOffline = windowEvent('offline');

/** Calls a listener when the browser reports the network back. Listened to only while a history image failed. */
export const onOnline = windowEvent('online');

/**
 * Calls a listener when the page starts to go away (beforeunload; a reload too). Listened to only while a question
 * waits: Firefox keeps a page with a beforeunload listener out of its back-forward cache.
 */
export const onPageLeaving = windowEvent('beforeunload');
