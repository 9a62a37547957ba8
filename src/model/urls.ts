/**
 * The single gate every URL from settings or answers passes before it reaches an href or a src.
 * Only http(s) — and mailto where a caller opts in — survive; javascript:, data:, ftp:, blob: and the rest do not.
 */

export interface SafeUrlOptions {
  /** Accept mailto: links (contact e-mail), never for images. */
  allowMailto?: boolean;
  /** Resolve relative URLs against this absolute URL; without it a relative URL is rejected. */
  base?: string;
}

/** http(s) URLs (absolute; relative resolved against `base` when given) → normalised href; mailto: only when allowMailto; else null. */
export function safeUrl(value: unknown, options: SafeUrlOptions = {}): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  // The URL parser silently drops tabs and newlines inside a URL ("java\tscript:"); refuse them outright.
  if (text === '' || /[\u0000-\u001f\u007f]/.test(text)) return null;
  let url: URL;
  try {
    url = options.base === undefined ? new URL(text) : new URL(text, options.base);
  } catch {
    return null;
  }
  // The URL parser already refuses an http(s) URL without a host.
  if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  if (url.protocol === 'mailto:' && options.allowMailto === true) return url.pathname === '' ? null : url.href;
  return null;
}

/** A short readable name for an http(s) link that safeUrl accepted: its host without "www." (e.g. "facebook.com"). */
export function urlLabel(href: string): string {
  return new URL(href).hostname.replace(/^www\./, '');
}
