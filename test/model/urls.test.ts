import { describe, expect, it } from 'vitest';
import { safeUrl, urlLabel } from '../../src/model/urls';

describe('safeUrl', () => {
  it('accepts absolute http and https URLs and normalises them', () => {
    expect(safeUrl('https://Example.com/a b?x=1')).toBe('https://example.com/a%20b?x=1');
    expect(safeUrl('  http://example.com  ')).toBe('http://example.com/');
  });

  it.each([
    ['javascript:alert(1)'],
    ['JavaScript:alert(1)'],
    ['java\tscript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['ftp://example.com/file'],
    ['blob:https://example.com/uuid'],
    ['file:///etc/passwd'],
    ['/relative/path'],
    ['example.com/page'],
    ['//example.com/protocol-relative'],
    ['https://'],
    ['https://exa mple.com'],
    [''],
    ['   '],
  ])('rejects %j', (value) => {
    expect(safeUrl(value)).toBeNull();
    expect(safeUrl(value, { allowMailto: true })).toBeNull();
  });

  it.each([[42], [null], [undefined], [{ href: 'https://example.com' }], [['https://example.com']]])(
    'rejects the non-string %j',
    (value) => {
      expect(safeUrl(value)).toBeNull();
    },
  );

  it('accepts mailto only when allowed, and never an empty one', () => {
    expect(safeUrl('mailto:help@example.com')).toBeNull();
    expect(safeUrl('mailto:help@example.com', { allowMailto: true })).toBe('mailto:help@example.com');
    expect(safeUrl('mailto:', { allowMailto: true })).toBeNull();
  });

  it('resolves relative URLs against a base, and still refuses other schemes there', () => {
    expect(safeUrl('/files/icon.png', { base: 'https://service.example/chat/' })).toBe(
      'https://service.example/files/icon.png',
    );
    expect(safeUrl('icon.png', { base: 'https://service.example/chat/' })).toBe(
      'https://service.example/chat/icon.png',
    );
    expect(safeUrl('javascript:alert(1)', { base: 'https://service.example/' })).toBeNull();
    expect(safeUrl('/x', { base: 'not a url' })).toBeNull();
  });
});

describe('urlLabel', () => {
  it('is the host without www', () => {
    expect(urlLabel('https://www.facebook.com/our-page')).toBe('facebook.com');
    expect(urlLabel('https://m.me/ourpage')).toBe('m.me');
  });
});
