/**
 * The theme as CSS custom properties, set on each widget's host element with `style.setProperty` (CSSOM, which a
 * strict CSP allows, unlike a style attribute). The stylesheets in src/ui read them with fallbacks, and a site
 * owner can override any of them from the page with a more specific rule or `!important`.
 */
import type { WidgetSettings } from './settings';

/** Names of the custom properties; the CSS in src/ui uses exactly these. */
export const THEME_VARIABLES = {
  accent: '--cw-accent',
  accentText: '--cw-accent-text',
  userBubble: '--cw-user-bg',
  userBubbleText: '--cw-user-text',
  zIndex: '--cw-z-index',
} as const;

export const DEFAULT_Z_INDEX = 2147483000;

export function themeVariables(settings: WidgetSettings, zIndex: number = DEFAULT_Z_INDEX): Record<string, string> {
  return {
    [THEME_VARIABLES.accent]: settings.bubbleColor,
    [THEME_VARIABLES.accentText]: settings.bubbleTextColor,
    [THEME_VARIABLES.userBubble]: settings.userMessageColor,
    [THEME_VARIABLES.userBubbleText]: settings.userMessageTextColor,
    [THEME_VARIABLES.zIndex]: String(zIndex),
  };
}
