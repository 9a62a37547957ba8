/** Colours of the settings (`rgb(r,g,b)`, service-api.md 2.2) and the WCAG 2.x contrast that picks text colours. */

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export const WHITE: Readonly<Rgb> = { r: 255, g: 255, b: 255 };
/** The dark text colour we prefer: softer than pure black. */
export const NEAR_BLACK: Readonly<Rgb> = { r: 17, g: 24, b: 39 };
const BLACK: Readonly<Rgb> = { r: 0, g: 0, b: 0 };

/** WCAG AA for normal-size text. */
export const AA_CONTRAST = 4.5;

const RGB_PATTERN = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/i;

/** Accepts 'rgb(r,g,b)' (spaces allowed, integers 0-255); anything else is null. */
export function parseRgb(value: unknown): Rgb | null {
  if (typeof value !== 'string') return null;
  const match = RGB_PATTERN.exec(value.trim());
  if (match === null) return null;
  const [r, g, b] = [match[1], match[2], match[3]].map(Number) as [number, number, number];
  if (r > 255 || g > 255 || b > 255) return null;
  return { r, g, b };
}

export function formatRgb(color: Rgb): string {
  return `rgb(${color.r}, ${color.g}, ${color.b})`;
}

function linearChannel(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2.x relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(color: Rgb): number {
  return 0.2126 * linearChannel(color.r) + 0.7152 * linearChannel(color.g) + 0.0722 * linearChannel(color.b);
}

/** WCAG 2.x contrast ratio, 1 to 21, symmetric in its arguments. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * Text colour for text on `background`: white or a near-black, whichever reaches WCAG AA (4.5:1) — the one with
 * more contrast when both do. Mid-luminance backgrounds exist where neither does; pure black is the last resort
 * there, and since black or white always reaches 4.58:1 against any colour, the result always meets AA.
 * Returns 'rgb(...)'.
 */
export function readableTextColor(background: Rgb): string {
  const onWhite = contrastRatio(background, WHITE);
  const onNearBlack = contrastRatio(background, NEAR_BLACK);
  if (onWhite >= AA_CONTRAST || onNearBlack >= AA_CONTRAST) {
    return formatRgb(onWhite >= onNearBlack ? WHITE : NEAR_BLACK);
  }
  return formatRgb(contrastRatio(background, BLACK) > onWhite ? BLACK : WHITE);
}
