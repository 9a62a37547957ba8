/**
 * Prototype.js 1.7's Array.prototype.toJSON, as Magento 1's stores ship it: every array JSON.stringify meets is
 * written as a string of JSON (`JSON.stringify({ a: [1, 2] })` gives `{"a":"[1, 2]"}`).
 */
const toJSON = function (this: unknown[]): string {
  return `[${this.map((item) => JSON.stringify(item)).join(', ')}]`;
};

/**
 * Runs `work` with Array.prototype.toJSON patched as Prototype.js does, and puts the original back (none, in Node)
 * once `work` has settled, passed or failed, so nothing else in the test run meets it.
 */
export async function withPrototypeJs<T>(work: () => T | Promise<T>): Promise<T> {
  const original = Object.getOwnPropertyDescriptor(Array.prototype, 'toJSON');
  // Not enumerable, unlike Prototype's plain assignment: a for...in over an array in the test runner must not see it.
  Object.defineProperty(Array.prototype, 'toJSON', { value: toJSON, configurable: true, writable: true });
  try {
    return await work();
  } finally {
    if (original) Object.defineProperty(Array.prototype, 'toJSON', original);
    else delete (Array.prototype as { toJSON?: unknown }).toJSON;
  }
}
