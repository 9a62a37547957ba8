/**
 * What `promise` settled with, read later without awaiting it ('pending' until then). Settling it here also keeps a
 * rejection that happens while fake timers run from being reported as unhandled.
 */
export function outcomeOf<T>(promise: Promise<T>): { readonly current: T | Error | 'pending' } {
  const box: { current: T | Error | 'pending' } = { current: 'pending' };
  promise.then(
    (value) => {
      box.current = value;
    },
    (error: unknown) => {
      box.current = error instanceof Error ? error : new Error(String(error));
    },
  );
  return box;
}
