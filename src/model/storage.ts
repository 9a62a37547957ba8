/**
 * JSON key-value storage under a namespace. Web Storage fails in many ordinary situations — blocked cookies make
 * the `localStorage` getter itself throw a SecurityError, a full quota throws on setItem, another script may have
 * left garbage under our key — and none of them may break the widget.
 */
import { keepArrays } from '../api/json.js';

/**
 * JSON key-value storage under a namespace (e.g. `cw:${serialNumber}`). Never throws: blocked storage
 * (SecurityError on access), a full quota (QuotaExceededError on set), corrupted JSON — all fall back to an
 * in-memory map for that store and report false from set.
 */
export interface KeyValueStore {
  get<T>(key: string): T | undefined;
  /**
   * True when the value reached the browser's storage; false when it is kept in memory only (or, for a value JSON
   * cannot hold, not at all). Setting undefined removes the key.
   */
  set(key: string, value: unknown): boolean;
  remove(key: string): void;
  /** Remove every key of this namespace. */
  clear(): void;
  /**
   * Calls `onChange` when another page of the site (another tab) changes `key` in the same storage; returns the
   * function that stops watching. Never called for this page's own writes: browsers do not send those.
   */
  watch(key: string, onChange: () => void): () => void;
}

export type StorageKind = 'local' | 'session';

/** What a `storage` event says: which key of which storage another page changed. */
export type StorageChange = Pick<StorageEvent, 'key' | 'storageArea'>;

export interface StorageSource {
  localStorage?: Storage;
  sessionStorage?: Storage;
  addEventListener?(type: 'storage', listener: (event: StorageChange) => void): void;
  removeEventListener?(type: 'storage', listener: (event: StorageChange) => void): void;
}

/**
 * Opens the namespace `namespace` in local or session storage (of `source`, else of the page). Values are copied
 * on the way in and out (stored as JSON), so callers never share objects with the store.
 */
/**
 * The page's own fallback per storage and namespace: where storage is blocked or full, a widget mounted again (a
 * single-page app's route change) finds what the one before it kept, as it would have found it in storage.
 */
const pageMemory = new Map<string, Map<string, string>>();

export function openStore(kind: StorageKind, namespace: string, source?: StorageSource): KeyValueStore {
  const prefix = `${namespace}:`;
  // Values that could not be written to storage; they win over what storage holds, which may be stale.
  const pageKey = `${kind}:${prefix}`;
  const memory = source ? new Map<string, string>() : (pageMemory.get(pageKey) ?? new Map<string, string>());
  if (!source) pageMemory.set(pageKey, memory);
  const holder = (source ?? globalThis) as StorageSource;
  /**
   * Runs `call` on the Storage object; undefined when there is none or it throws (the getter's SecurityError when
   * storage is blocked, a full quota on set).
   */
  const attempt = <T>(call: (storage: Storage) => T): T | undefined => {
    try {
      // By name rather than a choice of two getters: bytes the launcher's bundle needed for keepArrays' import.
      const storage = holder[`${kind}Storage` as const];
      return storage && call(storage);
    } catch {
      return undefined;
    }
  };
  const remove = (key: string): void => {
    memory.delete(key);
    attempt((storage) => storage.removeItem(prefix + key));
  };

  return {
    get<T>(key: string): T | undefined {
      const text = memory.get(key) ?? attempt((storage) => storage.getItem(prefix + key));
      try {
        return text == null ? undefined : (JSON.parse(text) as T);
      } catch {
        return undefined; // not JSON: another script's garbage under our key
      }
    },

    set(key: string, value: unknown): boolean {
      if (value === undefined) {
        remove(key);
        return true;
      }
      let text: string | undefined;
      try {
        // Undefined for a function or symbol: JSON has no form for it. Arrays stay arrays on a Prototype.js page.
        text = JSON.stringify(value, keepArrays);
      } catch {
        // cycles or BigInt: nothing we could store
      }
      if (text === undefined) return false;
      if (attempt((storage) => (storage.setItem(prefix + key, text), true))) {
        memory.delete(key);
        return true;
      }
      memory.set(key, text); // quota exceeded or storage blocked: kept for this page's lifetime
      return false;
    },

    remove,

    clear(): void {
      memory.clear();
      attempt((storage) => {
        const ours: string[] = [];
        for (let index = 0; index < storage.length; index += 1) {
          const name = storage.key(index);
          if (name?.startsWith(prefix)) ours.push(name);
        }
        for (const name of ours) storage.removeItem(name);
      });
    },

    watch(key, onChange) {
      // The event is for every storage of the origin: sessionStorage changes come from other frames of this tab only.
      const listener = (event: StorageChange): void => {
        if (event.key === prefix + key && event.storageArea === attempt((storage) => storage)) onChange();
      };
      holder.addEventListener?.('storage', listener);
      return () => holder.removeEventListener?.('storage', listener);
    },
  };
}

/** A store that lives only as long as the page: for tests, server-side rendering, or when persistence is off. */
export function createMemoryStore(): KeyValueStore {
  return openStore('local', 'memory', {});
}
