/** The service writes colours as rgb(r,g,b); <input type="color"> speaks #rrggbb. */

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
