import { describe, expect, it } from 'vitest';
import { createMemoryStore, openStore, type StorageChange } from '../../src/model/storage';
import { FakeStorage } from '../helpers/fake-storage';
import { withPrototypeJs } from '../helpers/prototype-js';

const quotaError = (): Error => Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });
const securityError = (): Error => Object.assign(new Error('Access is denied.'), { name: 'SecurityError' });

describe('openStore on working storage', () => {
  it('round-trips JSON values under the namespace prefix', () => {
    const local = new FakeStorage();
    const store = openStore('local', 'cw:bot1', { localStorage: local });
    expect(store.set('conversation', { messages: [{ text: 'hi' }], draft: 'hel' })).toBe(true);
    expect(store.get('conversation')).toEqual({ messages: [{ text: 'hi' }], draft: 'hel' });
    expect(JSON.parse(local.items.get('cw:bot1:conversation')!)).toEqual({ messages: [{ text: 'hi' }], draft: 'hel' });
  });

  it('is readable by a new store on the same storage (a reload)', () => {
    const local = new FakeStorage();
    openStore('local', 'cw:bot1', { localStorage: local }).set('session', { id: 7 });
    expect(openStore('local', 'cw:bot1', { localStorage: local }).get('session')).toEqual({ id: 7 });
  });

  it('returns copies, never the stored object itself', () => {
    const store = openStore('local', 'ns', { localStorage: new FakeStorage() });
    const value = { list: [1] };
    store.set('k', value);
    value.list.push(2);
    const read = store.get<{ list: number[] }>('k')!;
    expect(read.list).toEqual([1]);
    read.list.push(3);
    expect(store.get('k')).toEqual({ list: [1] });
  });

  it("stores lists as lists on a page with Prototype.js's Array.prototype.toJSON (Magento 1)", async () => {
    const local = new FakeStorage();
    const value = { messages: [{ text: 'hi', fileIds: [12] }], order: ['a', 'b'] };
    await withPrototypeJs(() => openStore('local', 'ns', { localStorage: local }).set('conversation', value));
    expect(openStore('local', 'ns', { localStorage: local }).get('conversation')).toEqual(value);
  });

  it('uses session storage for kind "session" and local storage for "local"', () => {
    const local = new FakeStorage();
    const session = new FakeStorage();
    openStore('session', 'ns', { localStorage: local, sessionStorage: session }).set('k', 1);
    expect(session.items.get('ns:k')).toBe('1');
    expect(local.items.size).toBe(0);
  });

  it('remove deletes one key; clear deletes every key of its namespace and nothing else', () => {
    const local = new FakeStorage();
    local.items.set('other-site-key', '"keep"');
    const one = openStore('local', 'cw:bot1', { localStorage: local });
    const similar = openStore('local', 'cw:bot10', { localStorage: local });
    one.set('a', 1);
    one.set('b', 2);
    similar.set('a', 3);
    one.remove('a');
    expect(one.get('a')).toBeUndefined();
    expect(one.get('b')).toBe(2);
    one.clear();
    expect(one.get('b')).toBeUndefined();
    expect(similar.get('a')).toBe(3);
    expect(local.items.get('other-site-key')).toBe('"keep"');
  });

  it('setting undefined removes the key', () => {
    const local = new FakeStorage();
    const store = openStore('local', 'ns', { localStorage: local });
    store.set('k', 'v');
    expect(store.set('k', undefined)).toBe(true);
    expect(store.get('k')).toBeUndefined();
    expect(local.items.has('ns:k')).toBe(false);
  });

  it('reports false for a value JSON cannot hold, and throws nothing', () => {
    const store = openStore('local', 'ns', { localStorage: new FakeStorage() });
    const cyclic: { self?: unknown } = {};
    cyclic.self = cyclic;
    expect(store.set('cyclic', cyclic)).toBe(false);
    expect(store.set('big', 10n)).toBe(false);
    expect(store.set('fn', () => 1)).toBe(false);
    expect(store.get('cyclic')).toBeUndefined();
  });
});

describe('openStore when storage fails', () => {
  it('works in memory when the storage getter throws a SecurityError', () => {
    const source = {
      get localStorage(): Storage {
        throw securityError();
      },
    };
    const store = openStore('local', 'ns', source);
    expect(store.get('k')).toBeUndefined();
    expect(store.set('k', { a: 1 })).toBe(false);
    expect(store.get('k')).toEqual({ a: 1 });
    store.remove('k');
    expect(store.get('k')).toBeUndefined();
    store.set('k', 1);
    store.clear();
    expect(store.get('k')).toBeUndefined();
  });

  it('works in memory when every storage call throws (storage blocked after access)', () => {
    const local = new FakeStorage();
    local.failAll = securityError();
    const store = openStore('local', 'ns', { localStorage: local });
    expect(store.get('k')).toBeUndefined();
    expect(store.set('k', 'v')).toBe(false);
    expect(store.get('k')).toBe('v');
    expect(() => store.clear()).not.toThrow();
    expect(() => store.remove('k')).not.toThrow();
  });

  it('keeps the newest value in memory when the quota is full, and uses storage again once it has room', () => {
    const local = new FakeStorage();
    const store = openStore('local', 'ns', { localStorage: local });
    expect(store.set('k', 'old')).toBe(true);
    local.failSet = quotaError();
    expect(store.set('k', 'new')).toBe(false);
    expect(store.get('k')).toBe('new');
    local.failSet = null;
    expect(store.set('k', 'newest')).toBe(true);
    expect(local.items.get('ns:k')).toBe('"newest"');
    expect(store.get('k')).toBe('newest');
  });

  it('treats corrupted JSON as missing and can overwrite it', () => {
    const local = new FakeStorage();
    local.items.set('ns:conversation', '{"messages": [oops');
    const store = openStore('local', 'ns', { localStorage: local });
    expect(store.get('conversation')).toBeUndefined();
    expect(store.set('conversation', { messages: [] })).toBe(true);
    expect(store.get('conversation')).toEqual({ messages: [] });
  });

  it('works in memory when there is no storage at all (node, server-side rendering)', () => {
    const store = openStore('session', 'ns', {});
    expect(store.set('k', 1)).toBe(false);
    expect(store.get('k')).toBe(1);
    const defaultSource = openStore('local', 'ns');
    expect(() => defaultSource.set('k', 1)).not.toThrow();
    expect(defaultSource.get('k')).toBe(1);
  });
});

describe('createMemoryStore', () => {
  it('keeps values per store only', () => {
    const a = createMemoryStore();
    const b = createMemoryStore();
    a.set('k', 1);
    expect(a.get('k')).toBe(1);
    expect(b.get('k')).toBeUndefined();
  });
});

describe('watch', () => {
  it("reports another page's change of its key in its own storage, until stopped", () => {
    const listeners = new Set<(event: StorageChange) => void>();
    const local = new FakeStorage();
    const session = new FakeStorage();
    const tab = {
      localStorage: local,
      sessionStorage: session,
      addEventListener: (_type: 'storage', listener: (event: StorageChange) => void) => listeners.add(listener),
      removeEventListener: (_type: 'storage', listener: (event: StorageChange) => void) => listeners.delete(listener),
    };
    const deliver = (key: string | null, storageArea: Storage): void => listeners.forEach((listener) => listener({ key, storageArea }));
    let changes = 0;
    const stop = openStore('local', 'cw:bot1', tab).watch('messages', () => (changes += 1));
    deliver('cw:bot1:messages', local);
    deliver('cw:bot1:draft', local);
    deliver('cw:bot10:messages', local);
    deliver('cw:bot1:messages', session);
    deliver(null, local); // localStorage.clear()
    expect(changes).toBe(1);
    stop();
    deliver('cw:bot1:messages', local);
    expect(changes).toBe(1);
    expect(listeners.size).toBe(0);
    // A store without a page to listen on (memory, node) watches nothing and does not throw.
    expect(createMemoryStore().watch('messages', () => (changes += 1))).toBeTypeOf('function');
  });
});
