import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../src/model/rate-limit';
import { createMemoryStore, openStore } from '../../src/model/storage';

const SECOND = 1000;

describe('createRateLimiter', () => {
  it('allows `count` sends per window, then blocks with the time until the oldest send leaves the window', () => {
    const limiter = createRateLimiter({ count: 3, windowSeconds: 60, store: createMemoryStore() });
    const start = 1_000_000;
    for (const offset of [0, 10, 20]) {
      expect(limiter.check(start + offset * SECOND)).toEqual({ allowed: true });
      limiter.record(start + offset * SECOND);
    }
    expect(limiter.check(start + 30 * SECOND)).toEqual({ allowed: false, retryInMs: 30 * SECOND });
  });

  it('lifts by itself when the window passes, sliding one send at a time', () => {
    const limiter = createRateLimiter({ count: 2, windowSeconds: 10, store: createMemoryStore() });
    limiter.record(0);
    limiter.record(4 * SECOND);
    expect(limiter.check(9_999)).toEqual({ allowed: false, retryInMs: 1 });
    expect(limiter.check(10 * SECOND)).toEqual({ allowed: true });
    limiter.record(10 * SECOND);
    expect(limiter.check(11 * SECOND)).toEqual({ allowed: false, retryInMs: 3 * SECOND });
    expect(limiter.check(14 * SECOND)).toEqual({ allowed: true });
  });

  it('survives a reload: a new limiter on the same storage sees the earlier sends', () => {
    const local = new Map<string, string>();
    const storage = {
      getItem: (key: string) => local.get(key) ?? null,
      setItem: (key: string, value: string) => void local.set(key, value),
      removeItem: (key: string) => void local.delete(key),
      key: (index: number) => [...local.keys()][index] ?? null,
      get length() {
        return local.size;
      },
      clear: () => local.clear(),
    } satisfies Storage;
    let now = 5_000_000;
    const firstPage = createRateLimiter({
      count: 2,
      windowSeconds: 30,
      store: openStore('local', 'cw:bot', { localStorage: storage }),
      now: () => now,
    });
    firstPage.record();
    now += SECOND;
    firstPage.record();

    now += SECOND;
    const reloaded = createRateLimiter({
      count: 2,
      windowSeconds: 30,
      store: openStore('local', 'cw:bot', { localStorage: storage }),
      now: () => now,
    });
    expect(reloaded.check()).toEqual({ allowed: false, retryInMs: 28 * SECOND });
    now += 28 * SECOND;
    expect(reloaded.check()).toEqual({ allowed: true });
  });

  it('uses the injected clock when no time is passed', () => {
    let now = 0;
    const limiter = createRateLimiter({ count: 1, windowSeconds: 1, store: createMemoryStore(), now: () => now });
    limiter.record();
    expect(limiter.check().allowed).toBe(false);
    now = SECOND;
    expect(limiter.check().allowed).toBe(true);
  });

  it('stores at most `count` send times', () => {
    const store = createMemoryStore();
    const limiter = createRateLimiter({ count: 2, windowSeconds: 100, store, key: 'limit' });
    for (let time = 0; time < 10; time += 1) limiter.record(time);
    expect(store.get('limit')).toEqual([8, 9]);
  });

  it('ignores stored garbage instead of blocking forever', () => {
    const store = createMemoryStore();
    store.set('rate-limit', ['x', null, 5, Number.NaN]);
    const limiter = createRateLimiter({ count: 2, windowSeconds: 10, store });
    expect(limiter.check(6)).toEqual({ allowed: true });
    store.set('rate-limit', { not: 'a list' });
    expect(limiter.check(6)).toEqual({ allowed: true });
  });

  it('blocks for at most one window when the clock was set back', () => {
    const store = createMemoryStore();
    const limiter = createRateLimiter({ count: 1, windowSeconds: 60, store });
    limiter.record(10 * 60 * SECOND); // recorded with a clock ten minutes ahead
    expect(limiter.check(0)).toEqual({ allowed: false, retryInMs: 60 * SECOND });
  });

  it.each([
    [{ count: 0, windowSeconds: 10 }],
    [{ count: 1.5, windowSeconds: 10 }],
    [{ count: 1, windowSeconds: 0 }],
    [{ count: 1, windowSeconds: Number.NaN }],
  ])('refuses invalid options %j with a RangeError', (options) => {
    expect(() => createRateLimiter({ ...options, store: createMemoryStore() })).toThrow(RangeError);
  });
});
