/** The ES entry where there is no window (server-side rendering): importing it does nothing and throws nothing. */
import { describe, expect, it } from 'vitest';

describe('ES entry without a DOM', () => {
  it('imports cleanly; defineElement declines and mount explains it needs a browser', async () => {
    expect(typeof window).toBe('undefined');
    const entry = await import('../src/index');
    expect(Object.keys(entry).sort()).toEqual(['ELEMENT_TAG', 'defineElement', 'mount']);
    expect(entry.defineElement()).toBe(false);
    expect(() => entry.mount({ serialNumber: 'demo-realty', baseUrl: 'https://chat.example.test' })).toThrow(
      /needs a browser/,
    );
  });
});
