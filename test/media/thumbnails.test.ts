import { describe, expect, it } from 'vitest';
import { createObjectUrlRegistry, type ObjectUrlApi } from '../../src/media/thumbnails';
import { png } from './fixtures';

/** Records live URLs the way the browser would, so a leak is a URL still in `live`. */
function trackingUrlApi(): ObjectUrlApi & { live: Set<string>; created: number } {
  const api = {
    live: new Set<string>(),
    created: 0,
    createObjectURL(_blob: Blob) {
      api.created += 1;
      const url = `blob:test/${api.created}`;
      api.live.add(url);
      return url;
    },
    revokeObjectURL(url: string) {
      api.live.delete(url);
    },
  };
  return api;
}

describe('object URL registry', () => {
  it('gives one URL per blob and revokes it on remove', () => {
    const api = trackingUrlApi();
    const registry = createObjectUrlRegistry(api);
    const first = new Blob([png()]);
    const second = new Blob([png(2, 2)]);
    const url = registry.urlFor(first);
    expect(registry.urlFor(first)).toBe(url);
    expect(registry.urlFor(second)).not.toBe(url);
    expect(registry.size()).toBe(2);
    registry.revoke(first);
    expect(api.live.has(url)).toBe(false);
    expect(registry.size()).toBe(1);
    registry.revoke(first); // already gone: nothing happens
    expect(registry.urlFor(first)).not.toBe(url); // a new URL after revocation
  });

  it('revokeAll leaves no URL alive', () => {
    const api = trackingUrlApi();
    const registry = createObjectUrlRegistry(api);
    for (let index = 0; index < 5; index += 1) registry.urlFor(new Blob([png()]));
    expect(api.live.size).toBe(5);
    registry.revokeAll();
    expect(api.live.size).toBe(0);
    expect(registry.size()).toBe(0);
  });

  it('two registries (two widgets on a page) do not touch each other', () => {
    const api = trackingUrlApi();
    const one = createObjectUrlRegistry(api);
    const two = createObjectUrlRegistry(api);
    const blob = new Blob([png()]);
    const kept = two.urlFor(blob);
    one.urlFor(blob);
    one.revokeAll();
    expect(api.live.has(kept)).toBe(true);
  });

  it('uses the platform URL API by default (Node implements blob: URLs)', async () => {
    const registry = createObjectUrlRegistry();
    const url = registry.urlFor(new Blob([png()]));
    expect(url).toMatch(/^blob:/);
    const { resolveObjectURL } = await import('node:buffer');
    expect(resolveObjectURL(url)?.size).toBe(png().length);
    registry.revokeAll();
    expect(resolveObjectURL(url)).toBeUndefined();
  });
});
