/**
 * src/model/reactive.ts, the widget's signals core (the script-tag build and the tests use it in place of
 * @preact/signals-core): every behaviour the widget relies on, checked against both implementations, so the
 * stand-in cannot drift from the library the ES entries use.
 */
import { describe, expect, test, vi } from 'vitest';
import * as widgetCore from '../../src/model/reactive';

// A file path, not the package name: vite.config.ts aliases the name to the widget's core in tests.
const PREACT_CORE = '../../node_modules/@preact/signals-core/dist/signals-core.mjs';
const preactCore = (await import(/* @vite-ignore */ PREACT_CORE)) as typeof import('@preact/signals-core');

type Core = Pick<typeof import('@preact/signals-core'), 'signal' | 'computed' | 'effect' | 'batch' | 'untracked'>;

describe.each([
  ['src/model/reactive.ts', widgetCore as unknown as Core],
  ['@preact/signals-core', preactCore],
])('%s', (_name, { signal, computed, effect, batch, untracked }) => {
  test('a signal holds a value; peek reads it; writing the same value notifies nobody', () => {
    const count = signal(1);
    const seen: number[] = [];
    effect(() => void seen.push(count.value));
    count.value = 2;
    count.value = 2;
    expect(count.peek()).toBe(2);
    expect(seen).toEqual([1, 2]);
  });

  test('an effect runs at once and after each change, cleans up before the next run and when disposed', () => {
    const name = signal('a');
    const log: string[] = [];
    const stop = effect(() => {
      const value = name.value;
      log.push(`run ${value}`);
      return () => log.push(`cleanup ${value}`);
    });
    name.value = 'b';
    stop();
    name.value = 'c';
    expect(log).toEqual(['run a', 'cleanup a', 'run b', 'cleanup b']);
  });

  test('batch defers effects to the end of the outermost batch and returns its result', () => {
    const a = signal(1);
    const b = signal(1);
    const sums: number[] = [];
    effect(() => void sums.push(a.value + b.value));
    const result = batch(() => {
      a.value = 2;
      batch(() => {
        b.value = 3;
      });
      expect(sums).toEqual([2]);
      return 'done';
    });
    expect(result).toBe('done');
    expect(sums).toEqual([2, 5]);
  });

  test('a computed is lazy and cached, and recomputes only after a dependency changed', () => {
    const base = signal(2);
    const compute = vi.fn(() => base.value * 10);
    const tenfold = computed(compute);
    expect(compute).not.toHaveBeenCalled();
    expect(tenfold.value).toBe(20);
    expect(tenfold.peek()).toBe(20);
    expect(compute).toHaveBeenCalledTimes(1);
    base.value = 3;
    expect(tenfold.value).toBe(30);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  test('an effect reading a computed re-runs only when the computed value really changes', () => {
    const count = signal(1);
    const isEven = computed(() => count.value % 2 === 0);
    const runs: boolean[] = [];
    effect(() => void runs.push(isEven.value));
    count.value = 3; // still odd
    count.value = 4;
    expect(runs).toEqual([false, true]);
  });

  test('a diamond runs its effect once per change, with consistent values', () => {
    const first = signal('a');
    const upper = computed(() => first.value.toUpperCase());
    const doubled = computed(() => first.value + first.value);
    const seen: string[] = [];
    effect(() => void seen.push(`${upper.value}/${doubled.value}`));
    first.value = 'b';
    expect(seen).toEqual(['A/aa', 'B/bb']);
  });

  test('untracked and peek read without subscribing', () => {
    const tracked = signal(1);
    const quiet = signal(1);
    let runs = 0;
    effect(() => {
      runs += 1;
      void tracked.value;
      untracked(() => quiet.value);
      void quiet.peek();
    });
    quiet.value = 2;
    expect(runs).toBe(1);
    tracked.value = 2;
    expect(runs).toBe(2);
  });

  test('dependencies follow the latest run: a branch no longer taken wakes nothing', () => {
    const useA = signal(true);
    const a = signal('a1');
    const b = signal('b1');
    const seen: string[] = [];
    effect(() => void seen.push(useA.value ? a.value : b.value));
    useA.value = false;
    a.value = 'a2';
    b.value = 'b2';
    expect(seen).toEqual(['a1', 'b1', 'b2']);
  });

  test('writes inside an effect are batched and reach other effects after it', () => {
    const source = signal(1);
    const mirror = signal(0);
    const log: string[] = [];
    effect(() => {
      mirror.value = source.value * 2;
      log.push(`wrote ${mirror.peek()}`);
    });
    effect(() => void log.push(`mirror ${mirror.value}`));
    source.value = 5;
    expect(log).toEqual(['wrote 2', 'mirror 2', 'wrote 10', 'mirror 10']);
  });

  test('an effect may dispose itself while it runs', () => {
    const count = signal(0);
    let runs = 0;
    const stop = effect(() => {
      runs += 1;
      if (count.value > 0) stop();
    });
    count.value = 1;
    count.value = 2;
    expect(runs).toBe(2);
  });

  test('an effect created inside another runs on its own', () => {
    const outer = signal(0);
    const inner = signal(0);
    const log: string[] = [];
    let stopInner: (() => void) | undefined;
    effect(() => {
      log.push(`outer ${outer.value}`);
      stopInner ??= effect(() => void log.push(`inner ${inner.value}`));
    });
    inner.value = 1;
    expect(log).toEqual(['outer 0', 'inner 0', 'inner 1']);
    stopInner?.();
  });

  test('a computed keeps a thrown error and throws it on every read until a dependency changes', () => {
    const input = signal(-1);
    const root = computed(() => {
      if (input.value < 0) throw new RangeError('negative');
      return Math.sqrt(input.value);
    });
    expect(() => root.value).toThrow('negative');
    expect(() => root.peek()).toThrow('negative');
    input.value = 9;
    expect(root.value).toBe(3);
  });

  test('an unobserved computed still sees changes; observed again it listens again', () => {
    const base = signal(1);
    const plusOne = computed(() => base.value + 1);
    expect(plusOne.value).toBe(2);
    base.value = 5;
    expect(plusOne.value).toBe(6);
    const seen: number[] = [];
    const stop = effect(() => void seen.push(plusOne.value));
    base.value = 6;
    stop();
    base.value = 10;
    expect(plusOne.value).toBe(11);
    effect(() => void seen.push(plusOne.value));
    base.value = 20;
    expect(seen).toEqual([6, 7, 11, 21]);
  });

  test('an effect that keeps changing what it reads is stopped as a cycle', () => {
    const count = signal(0);
    expect(() =>
      effect(() => {
        count.value = count.value + 1;
      }),
    ).toThrow(/Cycle detected/);
  });

  test('an error thrown by one effect reaches the writer after the other effects ran', () => {
    const trigger = signal(0);
    const log: string[] = [];
    effect(() => {
      if (trigger.value > 0) throw new Error('first broke');
    });
    effect(() => void log.push(`second ${trigger.value}`));
    expect(() => {
      trigger.value = 1;
    }).toThrow('first broke');
    expect(log).toEqual(['second 0', 'second 1']);
  });
});

test('the two implementations compared above really are two', () => {
  expect(preactCore.Signal).not.toBe(widgetCore.Signal);
});
