import { describe, expect, it } from 'vitest';
import { RATE_LIMIT_KEY, takeSendSlot } from '../../src/model/rate-limit';
import { createMemoryStore, openStore } from '../../src/model/storage';

const SECOND = 1000;

describe('takeSendSlot', () => {
  it('allows `count` sends per window, then blocks with the time until the oldest send leaves the window', () => {
    const store = createMemoryStore();
    const limit = { count: 3, windowSeconds: 60 };
    const start = 1_000_000;
    for (const offset of [0, 10, 20]) {
      expect(takeSendSlot(limit, store, start + offset * SECOND)).toEqual({ allowed: true });
    }
    expect(takeSendSlot(limit, store, start + 30 * SECOND)).toEqual({ allowed: false, retryInMs: 30 * SECOND });
  });

  it('lifts by itself when the window passes, sliding one send at a time', () => {
    const store = createMemoryStore();
    const limit = { count: 2, windowSeconds: 10 };
    takeSendSlot(limit, store, 0);
    takeSendSlot(limit, store, 4 * SECOND);
    expect(takeSendSlot(limit, store, 9_999)).toEqual({ allowed: false, retryInMs: 1 });
    expect(takeSendSlot(limit, store, 10 * SECOND)).toEqual({ allowed: true });
    expect(takeSendSlot(limit, store, 11 * SECOND)).toEqual({ allowed: false, retryInMs: 3 * SECOND });
    expect(takeSendSlot(limit, store, 14 * SECOND)).toEqual({ allowed: true });
  });

  it('does not count a refused send', () => {
    const store = createMemoryStore();
    const limit = { count: 1, windowSeconds: 1 };
    expect(takeSendSlot(limit, store, 0).allowed).toBe(true);
    expect(takeSendSlot(limit, store, 500)).toEqual({ allowed: false, retryInMs: 500 });
    // Counted, the refused send would block until 1,500.
    expect(takeSendSlot(limit, store, SECOND).allowed).toBe(true);
  });

  it('survives a reload: the same storage opened again sees the earlier sends', () => {
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
    const limit = { count: 2, windowSeconds: 30 };
    const firstPage = openStore('local', 'cw:bot', { localStorage: storage });
    let now = 5_000_000;
    takeSendSlot(limit, firstPage, now);
    now += SECOND;
    takeSendSlot(limit, firstPage, now);

    now += SECOND;
    const reloaded = openStore('local', 'cw:bot', { localStorage: storage });
    expect(takeSendSlot(limit, reloaded, now)).toEqual({ allowed: false, retryInMs: 28 * SECOND });
    now += 28 * SECOND;
    expect(takeSendSlot(limit, reloaded, now)).toEqual({ allowed: true });
  });

  it('stores only the send times still in the window, with the new one', () => {
    const store = createMemoryStore();
    const limit = { count: 2, windowSeconds: 10 };
    store.set(RATE_LIMIT_KEY, [1, 2, 3, 4]);
    takeSendSlot(limit, store, 10_003);
    // 1, 2 and 3 left the window (at 10,001, 10,002, 10,003); 4 is kept with the new send.
    expect(store.get(RATE_LIMIT_KEY)).toEqual([4, 10_003]);
  });

  it('counts only the newest `count` stored sends (a bigger limit stored them)', () => {
    const store = createMemoryStore();
    store.set(RATE_LIMIT_KEY, [5, 6, 7]);
    // Full with 6 and 7: it opens when 6 leaves the window.
    expect(takeSendSlot({ count: 2, windowSeconds: 10 }, store, 8)).toEqual({ allowed: false, retryInMs: 9_998 });
  });

  it('ignores stored garbage instead of blocking forever', () => {
    const store = createMemoryStore();
    const limit = { count: 2, windowSeconds: 10 };
    store.set(RATE_LIMIT_KEY, ['x', null, 5, Number.NaN]);
    expect(takeSendSlot(limit, store, 6)).toEqual({ allowed: true });
    store.set(RATE_LIMIT_KEY, { not: 'a list' });
    expect(takeSendSlot(limit, store, 6)).toEqual({ allowed: true });
  });

  it('blocks for at most one window when the clock was set back', () => {
    const store = createMemoryStore();
    const limit = { count: 1, windowSeconds: 60 };
    takeSendSlot(limit, store, 10 * 60 * SECOND); // sent with a clock ten minutes ahead
    expect(takeSendSlot(limit, store, 0)).toEqual({ allowed: false, retryInMs: 60 * SECOND });
  });

  it.each([
    [{ count: 0, windowSeconds: 10 }],
    [{ count: 1.5, windowSeconds: 10 }],
    [{ count: 1, windowSeconds: 0 }],
    [{ count: 1, windowSeconds: Number.NaN }],
  ])('refuses invalid limits %j with a RangeError', (limit) => {
    expect(() => takeSendSlot(limit, createMemoryStore(), 0)).toThrow(RangeError);
  });
});
