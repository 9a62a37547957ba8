/** A fake clock with timers, and animation frames that run only when a test says so. */
import type { Cancel, Clock, FrameScheduler } from '../../src/model/scheduler';

export interface FakeClock extends Clock {
  /** Moves time forward, running every timer that falls due, in order. */
  advance(ms: number): void;
  /** Timers still waiting. */
  pendingTimers(): number;
}

export function createFakeClock(start = Date.UTC(2025, 0, 15, 12, 0, 0)): FakeClock {
  let now = start;
  let nextId = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    now: () => now,
    setTimeout(callback, ms): Cancel {
      nextId += 1;
      const id = nextId;
      timers.set(id, { at: now + Math.max(0, ms), callback });
      return () => timers.delete(id);
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        let due: [number, { at: number; callback: () => void }] | undefined;
        for (const entry of timers) if (entry[1].at <= end && (due === undefined || entry[1].at < due[1].at)) due = entry;
        if (due === undefined) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = end;
    },
    pendingTimers: () => timers.size,
  };
}

export interface ManualFrames {
  readonly frame: FrameScheduler;
  /** Runs the callbacks of one frame; returns how many ran. */
  runFrame(): number;
  pending(): number;
}

export function createManualFrames(): ManualFrames {
  let queue: Array<() => void> = [];
  return {
    frame(callback) {
      const entry = (): void => callback();
      queue.push(entry);
      return () => {
        queue = queue.filter((item) => item !== entry);
      };
    },
    runFrame() {
      const due = queue;
      queue = [];
      for (const callback of due) callback();
      return due.length;
    },
    pending: () => queue.length,
  };
}
