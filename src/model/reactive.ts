/**
 * The part of @preact/signals-core this widget uses (signal, computed, effect, batch, untracked), in a third of its
 * bytes: the script-tag build and the tests alias '@preact/signals-core' to this file (vite.config.ts), because
 * the launcher's first download carries it. The ES entries keep the real package, shared with the host app.
 *
 * Same semantics, as far as the widget relies on them: a write notifies at once, or at the end of the outermost
 * batch; effects run synchronously then, inside a batch of their own; a computed is lazy, cached, and counts as
 * changed only when its value changes, so an effect re-runs only when something it read really changed; an
 * effect's returned function runs before its next run and on dispose; reading through untracked() or peek()
 * subscribes to nothing. Not provided: subscribe(), the signal options, Symbol.dispose, models and actions.
 */

interface Tracker {
  /** What the last run read, with the version it saw. */
  deps: Map<Signal<unknown>, number>;
  /** False for a computed nobody observes: it reads without subscribing (and is garbage once unreferenced). */
  readonly listens: boolean;
  /** A dependency changed (or may have: a computed dependency is marked first, checked when it is read). */
  notify(): void;
}

let current: Tracker | undefined;
let batchDepth = 0;
let queued: EffectImpl[] = [];

function track(source: Signal<unknown>): void {
  if (current === undefined) return;
  current.deps.set(source, source.version);
  if (current.listens) source.subscribe(current);
}

function forget(tracker: Tracker): void {
  for (const source of tracker.deps.keys()) source.unsubscribe(tracker);
  tracker.deps.clear();
}

/** True when a dependency changed since the tracker's last run (computed ones are brought up to date first). */
function changed(tracker: Tracker): boolean {
  for (const [source, version] of tracker.deps) {
    source.refresh();
    if (source.version !== version) return true;
  }
  return false;
}

function endBatch(): void {
  if (batchDepth > 1) {
    batchDepth--;
    return;
  }
  let error: unknown;
  let failed = false;
  for (let round = 0; queued.length > 0; round++) {
    if (round > 100) {
      queued = [];
      batchDepth--;
      throw new Error('Cycle detected');
    }
    const effects = queued;
    queued = [];
    for (const effect of effects) {
      effect.queued = false;
      if (effect.disposed || !changed(effect)) continue;
      try {
        effect.run();
      } catch (thrown) {
        if (!failed) [error, failed] = [thrown, true];
      }
    }
  }
  batchDepth--;
  if (failed) throw error;
}

export function batch<T>(fn: () => T): T {
  batchDepth++;
  try {
    return fn();
  } finally {
    endBatch();
  }
}

export function untracked<T>(fn: () => T): T {
  const previous = current;
  current = undefined;
  try {
    return fn();
  } finally {
    current = previous;
  }
}

export class Signal<T = unknown> {
  version = 0;
  protected val: T;
  protected subs = new Set<Tracker>();

  constructor(value?: T) {
    this.val = value as T;
  }

  get value(): T {
    track(this);
    return this.val;
  }

  set value(next: T) {
    if (next === this.val) return;
    this.val = next;
    this.version++;
    batch(() => {
      for (const sub of [...this.subs]) sub.notify();
    });
  }

  peek(): T {
    return this.val;
  }

  /** Brings a computed up to date; a plain signal always is. */
  refresh(): void {}

  subscribe(tracker: Tracker): void {
    this.subs.add(tracker);
  }

  unsubscribe(tracker: Tracker): void {
    this.subs.delete(tracker);
  }
}

export type ReadonlySignal<T = unknown> = Signal<T>;

class Computed<T> extends Signal<T> implements Tracker {
  deps = new Map<Signal<unknown>, number>();
  /** Observed: a dependency may have changed since the last computation. */
  private stale = true;
  private computing = false;
  private failed = false;

  constructor(private readonly fn: () => T) {
    super();
  }

  get listens(): boolean {
    return this.subs.size > 0;
  }

  override get value(): T {
    this.refresh();
    track(this);
    if (this.failed) throw this.val;
    return this.val;
  }

  override peek(): T {
    this.refresh();
    if (this.failed) throw this.val;
    return this.val;
  }

  override refresh(): void {
    if (this.computing) throw new Error('Cycle detected');
    if (this.version > 0) {
      // Observed, it is told when a dependency may have changed; unobserved, it looks every time.
      if (this.listens && !this.stale) return;
      this.stale = false;
      if (!changed(this)) return;
    }
    if (this.listens) forget(this);
    else this.deps.clear();
    const previous = current;
    current = this;
    this.computing = true;
    let next: T;
    let failed = false;
    try {
      next = this.fn();
    } catch (error) {
      next = error as T;
      failed = true;
    } finally {
      current = previous;
      this.computing = false;
      this.stale = false;
    }
    if (next !== this.val || failed !== this.failed || this.version === 0) {
      this.val = next;
      this.failed = failed;
      this.version++;
    }
  }

  notify(): void {
    if (this.stale) return;
    this.stale = true;
    for (const sub of [...this.subs]) sub.notify();
  }

  override subscribe(tracker: Tracker): void {
    if (this.subs.size === 0) {
      // Observed from now on (always right after a read brought it up to date): it listens to what it read.
      for (const source of this.deps.keys()) source.subscribe(this);
      this.stale = false;
    }
    super.subscribe(tracker);
  }

  override unsubscribe(tracker: Tracker): void {
    super.unsubscribe(tracker);
    if (this.subs.size === 0) for (const source of this.deps.keys()) source.unsubscribe(this);
  }
}

class EffectImpl implements Tracker {
  deps = new Map<Signal<unknown>, number>();
  readonly listens = true;
  queued = false;
  disposed = false;
  private running = false;
  private cleanup: (() => void) | undefined;

  constructor(private readonly fn: () => unknown) {}

  notify(): void {
    if (this.queued) return;
    this.queued = true;
    queued.push(this);
  }

  run(): void {
    this.finish();
    forget(this);
    const previous = current;
    current = this;
    this.running = true;
    batchDepth++;
    try {
      const result = this.fn();
      if (typeof result === 'function') this.cleanup = result as () => void;
    } finally {
      current = previous;
      this.running = false;
      // Disposed while running (by itself): nothing it read may wake it again.
      if (this.disposed) this.dispose();
      endBatch();
    }
  }

  /** Runs the cleanup the last run returned, outside any tracking. */
  private finish(): void {
    const cleanup = this.cleanup;
    this.cleanup = undefined;
    if (cleanup) untracked(cleanup);
  }

  dispose(): void {
    this.disposed = true;
    if (this.running) return;
    forget(this);
    this.finish();
  }
}

export function signal<T>(value: T): Signal<T>;
export function signal<T = undefined>(): Signal<T | undefined>;
export function signal<T>(value?: T): Signal<T | undefined> {
  return new Signal(value);
}

export function computed<T>(fn: () => T): ReadonlySignal<T> {
  return new Computed(fn);
}

/** Runs `fn` now and again whenever a signal it read changes; returns the function that stops it. */
export function effect(fn: () => unknown): () => void {
  const instance = new EffectImpl(fn);
  try {
    instance.run();
  } catch (error) {
    instance.dispose();
    throw error;
  }
  return () => instance.dispose();
}
