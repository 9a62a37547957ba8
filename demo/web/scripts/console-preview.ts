/**
 * The console's preview frame: the floating widget on a sample page, mounted with the editor's unsaved settings.
 * The widget has no method to change settings after mount, so every change re-mounts it (debounced); the panel's
 * open state and the conversation (kept in storage) survive a re-mount. GetConfig is answered from a cache while
 * the frame lives, so typing in the editor does not open a new session on the service for every keystroke.
 */
import { DEFAULT_PATHS, type ChatbotSettings } from '../../../src/api/index';
// The library's ES entry, as a site's bundler imports it (`import { mount } from 'chatbot-widget'`).
import { mount, type Widget } from '../../../src/index';
import { isToPreview, type FromPreview } from './console/preview-protocol';
import { readDemoSettings } from './lib/service';

const REMOUNT_DELAY_MS = 120;
const demo = readDemoSettings();
const status = document.getElementById('preview-status');

function tell(message: FromPreview): void {
  window.parent.postMessage(message, location.origin);
}

function showStatus(text: string): void {
  if (status) status.textContent = text;
}

let cachedConfig: Promise<{ status: number; body: string }> | undefined;

/** fetch for the widget: GetConfig from the cache (one session per frame), everything else straight through. */
const previewFetch: typeof fetch = async (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (!url.endsWith(DEFAULT_PATHS.getConfig)) return fetch(input, init);
  const { signal, ...rest } = init ?? {};
  const pending = (cachedConfig ??= fetch(url, rest).then(async (response) => ({
    status: response.status,
    body: await response.text(),
  })));
  try {
    const answer = await pending;
    if (answer.status !== 200 || !answer.body.includes('"Success":true')) cachedConfig = undefined;
    signal?.throwIfAborted();
    return new Response(answer.body, { status: answer.status, headers: { 'content-type': 'application/json' } });
  } catch (error) {
    if (cachedConfig === pending) cachedConfig = undefined;
    throw error;
  }
};

let widget: Widget | undefined;
let panelOpen = false;
let version = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let latest: Partial<ChatbotSettings> | undefined;

let releaseFocusGuard: () => void = () => {};

/**
 * The console keeps the keyboard. A re-mount with the panel open lets the widget focus its message field (right for
 * a visitor, wrong while the operator types in the editor), and keystrokes would land in the preview. The first
 * focus that arrives here after the re-mount is handed straight back, in the same task, so no key is lost. A click
 * or touch in the preview, Tab in the console, or 3 seconds end the guard.
 */
function guardConsoleFocus(consoleElement: HTMLElement): () => void {
  const parentDocument = window.parent.document;
  const release = () => {
    clearTimeout(timeout);
    window.removeEventListener('focusin', bounce, true);
    window.removeEventListener('pointerdown', release, true);
    parentDocument.removeEventListener('keydown', onConsoleKey, true);
  };
  const bounce = () => {
    release();
    if (consoleElement.isConnected) consoleElement.focus();
  };
  const onConsoleKey = (event: KeyboardEvent) => {
    if (event.key === 'Tab') release();
  };
  window.addEventListener('focusin', bounce, true);
  window.addEventListener('pointerdown', release, true);
  parentDocument.addEventListener('keydown', onConsoleKey, true);
  const timeout = setTimeout(release, 3000);
  return release;
}

function remount(): void {
  if (!latest) return;
  const settings = latest;
  const thisVersion = ++version;
  try {
    // (An element of the parent document is not an instance of this frame's HTMLElement: check by shape.)
    const parentDocument = window.parent.document;
    const focusedInConsole = parentDocument.hasFocus() && !document.hasFocus() ? parentDocument.activeElement : null;
    releaseFocusGuard();
    if (focusedInConsole && focusedInConsole !== parentDocument.body && 'focus' in focusedInConsole) {
      releaseFocusGuard = guardConsoleFocus(focusedInConsole as HTMLElement);
    }
    widget?.destroy();
    widget = mount({
      serialNumber: demo.serialNumber,
      baseUrl: demo.serviceUrl,
      settings,
      fetch: previewFetch,
      ...(panelOpen ? { open: true } : {}),
    });
    widget.on('open', () => (panelOpen = true));
    widget.on('close', () => (panelOpen = false));
    document.documentElement.dataset.previewVersion = String(thisVersion);
    showStatus('');
    tell({ type: 'cbw-preview:mounted', version: thisVersion });
  } catch (error) {
    const message = `The widget could not be shown: ${error instanceof Error ? error.message : String(error)}`;
    showStatus(message);
    tell({ type: 'cbw-preview:failed', message });
  }
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  if (event.origin !== location.origin || event.source !== window.parent || !isToPreview(event.data)) return;
  const first = latest === undefined;
  if (event.data.type === 'cbw-preview:refresh') cachedConfig = undefined;
  else latest = event.data.settings;
  clearTimeout(timer);
  if (first) remount();
  else timer = setTimeout(() => remount(), REMOUNT_DELAY_MS);
});

if (window.parent === window) {
  // Opened on its own: the widget with the saved settings.
  latest = {};
  remount();
} else {
  tell({ type: 'cbw-preview:ready' });
}
