/** The service writes colours as rgb(r,g,b); <input type="color"> speaks #rrggbb. And a hint for colours too light to see. */
import { contrastRatio, parseRgb, WHITE } from '../../../../src/model/color';

const RGB = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/i;

/** "#rrggbb" for a valid rgb(r,g,b), else undefined. */
export function rgbToHex(rgb: string): string | undefined {
  const match = RGB.exec(rgb.trim());
  if (!match) return undefined;
  const channels = match.slice(1, 4).map(Number);
  if (channels.some((channel) => channel > 255)) return undefined;
  return `#${channels.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

/** "rgb(r,g,b)" for "#rrggbb" (or "#rgb"), else undefined. */
export function hexToRgb(hex: string): string | undefined {
  let digits = hex.trim().replace(/^#/, '');
  if (/^[0-9a-f]{3}$/i.test(digits)) digits = [...digits].map((digit) => digit + digit).join('');
  if (!/^[0-9a-f]{6}$/i.test(digits)) return undefined;
  const channels = [0, 2, 4].map((start) => parseInt(digits.slice(start, start + 2), 16));
  return `rgb(${channels.join(',')})`;
}

/** WCAG 1.4.11: the shape of a control needs 3:1 against what surrounds it. */
export const SHAPE_CONTRAST = 3;

/**
 * A hint (it blocks nothing) when the widget would draw shapes in `rgb` that hardly show on a white panel or page:
 * under 3:1 against white. `shapes` says what the visitor then sees of them. Undefined for a darker or unreadable
 * value.
 */
export function lowContrastHint(rgb: string, shapes: string): string | undefined {
  const colour = parseRgb(rgb);
  if (!colour) return undefined;
  const ratio = contrastRatio(colour, WHITE);
  if (ratio >= SHAPE_CONTRAST) return undefined;
  // Rounded down, so a ratio just under 3 never reads "3.0:1".
  const shown = (Math.floor(ratio * 10) / 10).toFixed(1);
  return `Hard to see on a white page: ${shown}:1 against white, where shapes need ${SHAPE_CONTRAST}:1. ${shapes} A darker colour shows them as filled shapes. It can still be saved.`;
}
