/**
 * Messages between the console and its preview frame (/console-preview.html, same origin). The frame is a small
 * sample page with the floating widget, so the launcher, its corner and the panel look as they will on a site.
 */
import type { ChatbotSettings } from '../../../../src/api/index';

export const PREVIEW_PATH = '/console-preview.html';

export type ToPreview =
  /** Show the widget with these inline settings (the editor's unsaved values). */
  | { type: 'cbw-preview:settings'; settings: Partial<ChatbotSettings> }
  /** The settings were saved. The frame already shows them (its inline settings), so it has nothing to redo. */
  | { type: 'cbw-preview:refresh' };

export type FromPreview =
  /** The frame is listening; send the current settings. */
  | { type: 'cbw-preview:ready' }
  /** The widget shows the settings of message number `version` (mounted, or updated in place). */
  | { type: 'cbw-preview:mounted'; version: number }
  | { type: 'cbw-preview:failed'; message: string };

export function isFromPreview(data: unknown): data is FromPreview {
  return typeof data === 'object' && data !== null && typeof (data as { type?: unknown }).type === 'string' &&
    (data as { type: string }).type.startsWith('cbw-preview:');
}

export function isToPreview(data: unknown): data is ToPreview {
  const type = (data as { type?: unknown } | null)?.type;
  return type === 'cbw-preview:refresh' ||
    (type === 'cbw-preview:settings' && typeof (data as { settings?: unknown }).settings === 'object');
}
