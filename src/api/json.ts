/**
 * The replacer for every JSON.stringify of the widget that can meet an array (requests, storage; not GetConfig's three
 * strings), so arrays stay arrays whatever the page did to Array.prototype.toJSON. Prototype.js 1.7 (shipped by
 * Magento 1's stores) makes it return a string of JSON, so a plain JSON.stringify writes every array as a string: a
 * media question's fileIds went to the service as "[12,13]", which it refuses, and a stored conversation came back as a
 * string, lost at the next page.
 * `JSON.stringify(value, keepArrays)`: the replacer gets each value after its toJSON, but the holder still has the
 * array itself, which is written instead. Loaded before the chat opens (storage.ts is), so it stays this small.
 */
export function keepArrays(this: Record<string, unknown>, key: string, json: unknown): unknown {
  const value = this[key];
  return Array.isArray(value) ? value : json;
}
