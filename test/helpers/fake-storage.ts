/** Map-backed Web Storage for model tests, which can be told to fail like a browser's (full, or blocked). */
export class FakeStorage implements Storage {
  readonly items = new Map<string, string>();
  /** Thrown by setItem (a full quota). */
  failSet: Error | null = null;
  /** Thrown by every call (storage blocked). */
  failAll: Error | null = null;
  /** Characters of keys and values it holds at most, as a browser's quota (about 5 million there). */
  quota = Infinity;

  get length(): number {
    this.guard();
    return this.items.size;
  }
  key(index: number): string | null {
    this.guard();
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string): string | null {
    this.guard();
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.guard();
    if (this.failSet) throw this.failSet;
    const used = [...this.items].reduce((sum, [name, text]) => (name === key ? sum : sum + name.length + text.length), 0);
    if (used + key.length + String(value).length > this.quota) throw quotaError();
    this.items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.guard();
    this.items.delete(key);
  }
  clear(): void {
    this.guard();
    this.items.clear();
  }
  /** The parsed JSON stored under `key`, or undefined. */
  json(key: string): unknown {
    const text = this.items.get(key);
    return text === undefined ? undefined : (JSON.parse(text) as unknown);
  }
  private guard(): void {
    if (this.failAll) throw this.failAll;
  }
}

export const quotaError = (): Error =>
  Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });
export const securityError = (): Error => Object.assign(new Error('Access is denied.'), { name: 'SecurityError' });
