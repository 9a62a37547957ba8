/**
 * A minimal `window` and `document` in Node, as a page has them. askStream needs neither; a test installs them to
 * show that nothing listening to the page changes a stream: `document` is a real EventTarget with a settable
 * `hidden`, so a test can dispatch 'visibilitychange' and see that nothing re-sends the question (an SSE library
 * that re-opens hidden tabs' streams would). Test-only: src/ never touches globals.
 */

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
