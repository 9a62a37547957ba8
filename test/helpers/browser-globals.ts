/**
 * A minimal `window` and `document` for running the client's askStream in Node. @microsoft/fetch-event-source
 * calls window.setTimeout/clearTimeout and document.add/removeEventListener unconditionally; in a browser they
 * exist, in Node they do not. Test-only: src/ never touches globals.
 *
 * `document` is a real EventTarget with a settable `hidden`, so a test can dispatch 'visibilitychange' and see
 * that nothing re-sends the question.
 */
import { afterAll, beforeAll } from 'vitest';
import { CLOSE_GRACE_MS } from '../../src/api/stream';

export interface FakeDocument extends EventTarget {
  hidden: boolean;
}

export interface BrowserGlobals {
  document: FakeDocument;
  /** Removes what install added (globals that already existed are left alone). */
  uninstall(): void;
}

export function installBrowserGlobals(): BrowserGlobals {
  const scope = globalThis as Record<string, unknown>;
  const added: string[] = [];
  if (scope.window === undefined) {
    // Looked up on every call so a test's fake timers are honoured.
    scope.window = {
      setTimeout: (handler: () => void, delay?: number) => globalThis.setTimeout(handler, delay),
      clearTimeout: (id?: ReturnType<typeof setTimeout>) => globalThis.clearTimeout(id),
      fetch: (input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init),
    };
    added.push('window');
  }
  if (scope.document === undefined) {
    scope.document = Object.assign(new EventTarget(), { hidden: false });
    added.push('document');
  }
  return {
    document: scope.document as FakeDocument,
    uninstall() {
      for (const name of added) delete scope[name];
    },
  };
}

/**
 * Installs the globals for a whole test file and removes them after it, once every stream has ended:
 * fetch-event-source touches `document` when a stream ends, and after the final object the client leaves a stream
 * open for up to CLOSE_GRACE_MS so the service can end it.
 */
export function useBrowserGlobalsForFile(): { readonly document: FakeDocument } {
  let globals: BrowserGlobals | undefined;
  beforeAll(() => {
    globals = installBrowserGlobals();
  });
  afterAll(async () => {
    await new Promise((resolve) => globalThis.setTimeout(resolve, CLOSE_GRACE_MS + 100));
    globals?.uninstall();
  });
  return {
    get document() {
      if (!globals) throw new Error('useBrowserGlobalsForFile: read document inside a test');
      return globals.document;
    },
  };
}
