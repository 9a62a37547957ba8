/**
 * The theme as CSS custom properties, set on each widget's host element with `style.setProperty` (CSSOM, which a
 * strict CSP allows, unlike a style attribute). The stylesheets in src/ui read them (with fallbacks, except for the
 * three set here on every mount: accent, accent text, z-index), and a site owner can override any of them from the
 * page with a more specific rule or `!important`.
 */
import type { WidgetSettings } from './settings.js';

export const DEFAULT_Z_INDEX = 2147483000;

/** The custom properties set from settings and their values; the CSS in src/ui reads exactly these names. */
export function themeVariables(settings: WidgetSettings, zIndex: number = DEFAULT_Z_INDEX): Record<string, string> {
  return {
    '--cw-accent': settings.bubbleColor,
    '--cw-accent-text': settings.bubbleTextColor,
    '--cw-user-bg': settings.userMessageColor,
    '--cw-user-text': settings.userMessageTextColor,
    '--cw-z-index': String(zIndex),
  };
}
