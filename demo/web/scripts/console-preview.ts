/**
 * The console's preview frame: the floating widget on a sample page, mounted once with the editor's unsaved
 * settings and given every later change at once through Widget.update(), so the open panel, its focus and the
 * conversation stay as they are while the operator types, and the service sees one GetConfig per frame.
 */
import type { ChatbotSettings } from '../../../src/api/index';
// The library's ES entry, as a site's bundler imports it (`import { mount } from 'chatbot-widget'`).
import { mount, type Widget } from '../../../src/index';
import { isToPreview, type FromPreview } from './console/preview-protocol';
import { readDemoSettings } from './lib/service';

const demo = readDemoSettings();
const status = document.getElementById('preview-status');

function tell(message: FromPreview): void {
  window.parent.postMessage(message, location.origin);
}

function showStatus(text: string): void {
  if (status) status.textContent = text;
}

let widget: Widget | undefined;
let version = 0;

/** Shows `settings`: the first time (or after a failure) by mounting, afterwards through update(). */
function show(settings: Partial<ChatbotSettings>): void {
  const thisVersion = ++version;
  try {
    if (widget) widget.update(settings);
    else {
      widget = mount({ serialNumber: demo.serialNumber, baseUrl: demo.serviceUrl, settings });
    }
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
  // After a save the widget already shows the saved values: they are its inline settings, cleared ones included (a
  // blank inline value wins over the config this frame fetched before the save). Nothing to redo.
  if (event.data.type === 'cbw-preview:refresh') return;
  show(event.data.settings);
});

if (window.parent === window) {
  // Opened on its own: the widget with the saved settings.
  show({});
} else {
  tell({ type: 'cbw-preview:ready' });
}
