/**
 * JSON key-value storage under a namespace. Web Storage fails in many ordinary situations — blocked cookies make
 * the `localStorage` getter itself throw a SecurityError, a full quota throws on setItem, another script may have
 * left garbage under our key — and none of them may break the widget.
 */

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
}

export type StorageKind = 'local' | 'session';

export interface StorageSource {
  localStorage?: Storage;
  sessionStorage?: Storage;
}

/** Reads the Storage object without letting its getter's SecurityError escape. */
function resolveStorage(kind: StorageKind, source: StorageSource | undefined): Storage | undefined {
  try {
    const holder = (source ?? globalThis) as StorageSource;
    return kind === 'local' ? holder.localStorage : holder.sessionStorage;
  } catch {
    return undefined;
  }
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * Opens the namespace `namespace` in local or session storage (of `source`, else of the page). Values are copied
 * on the way in and out (stored as JSON), so callers never share objects with the store.
 */
export function openStore(kind: StorageKind, namespace: string, source?: StorageSource): KeyValueStore {
  const storage = resolveStorage(kind, source);
  const prefix = `${namespace}:`;
  // Values that could not be written to `storage`; they win over what storage holds, which may be stale.
  const memory = new Map<string, string>();

  function remove(key: string): void {
    memory.delete(key);
    if (storage === undefined) return;
    try {
      storage.removeItem(prefix + key);
    } catch {
      // blocked storage has nothing of ours to remove
    }
  }

  return {
    get<T>(key: string): T | undefined {
      const remembered = memory.get(key);
      let text: string | null = remembered ?? null;
      if (remembered === undefined && storage !== undefined) {
        try {
          text = storage.getItem(prefix + key);
        } catch {
          text = null;
        }
      }
      if (text === null) return undefined;
      const parsed = parseJson(text);
      return parsed.ok ? (parsed.value as T) : undefined;
    },

    set(key: string, value: unknown): boolean {
      if (value === undefined) {
        remove(key);
        return true;
      }
      let text: string | undefined;
      try {
        text = JSON.stringify(value);
      } catch {
        text = undefined; // cycles or BigInt: nothing we could store
      }
      if (text === undefined) return false; // a function or symbol: JSON has no form for it
      if (storage !== undefined) {
        try {
          storage.setItem(prefix + key, text);
          memory.delete(key);
          return true;
        } catch {
          // quota exceeded or storage blocked: keep the value for this page's lifetime
        }
      }
      memory.set(key, text);
      return false;
    },

    remove,

    clear(): void {
      memory.clear();
      if (storage === undefined) return;
      try {
        const ours: string[] = [];
        for (let index = 0; index < storage.length; index += 1) {
          const name = storage.key(index);
          if (name !== null && name.startsWith(prefix)) ours.push(name);
        }
        for (const name of ours) storage.removeItem(name);
      } catch {
        // blocked storage has nothing of ours to remove
      }
    },
  };
}

/** A store that lives only as long as the page: for tests, server-side rendering, or when persistence is off. */
export function createMemoryStore(): KeyValueStore {
  return openStore('local', 'memory', {});
}
