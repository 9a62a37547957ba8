/** Widgets a test file mounts with mount() in happy-dom, and what is cleaned up after each test. */
import { afterEach, vi } from 'vitest';
import type { Widget } from '../../src/widget';

/** Registers the clean-up and returns the list to push each mounted widget to; all are destroyed after each test. */
export function destroyedAfterEach(): Widget[] {
  const mounted: Widget[] = [];
  afterEach(() => {
    // happy-dom's ShadowRoot.activeElement throws while focus is inside ANOTHER shadow root (it walks past the
    // document), and destroy() reads it: focus leaves the widgets before they go. (Chromium: test/browser.)
    (document.activeElement?.shadowRoot?.activeElement as HTMLElement | null | undefined)?.blur();
    for (const widget of mounted.splice(0)) widget.destroy();
    document.body.replaceChildren();
    localStorage.clear();
    vi.restoreAllMocks();
  });
  return mounted;
}
