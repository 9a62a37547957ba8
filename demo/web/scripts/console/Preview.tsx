/**
 * The live preview: a frame with a sample page and the floating widget, fed the editor's unsaved settings on every
 * change (preview-protocol.ts). It shows what visitors will see once the operator saves.
 */
import { effect, type ReadonlySignal } from '@preact/signals';
import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ChatbotSettings } from '../../../../src/api/index';
import { PREVIEW_PATH, isFromPreview, type ToPreview } from './preview-protocol';

interface Props {
  /** Null while there is nothing to show yet. */
  settings: ReadonlySignal<Partial<ChatbotSettings> | null>;
  /** Bumped after every save: the frame is told (it already shows the saved values as inline settings). */
  savedVersion: ReadonlySignal<number>;
}

export function Preview({ settings, savedVersion }: Props): JSX.Element {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let ready = false;
    const post = (message: ToPreview) => frameRef.current?.contentWindow?.postMessage(message, location.origin);
    const onMessage = (event: MessageEvent<unknown>) => {
      if (event.origin !== location.origin || event.source !== frameRef.current?.contentWindow) return;
      if (!isFromPreview(event.data)) return;
      if (event.data.type === 'cbw-preview:ready') {
        ready = true;
        const current = settings.peek();
        if (current) post({ type: 'cbw-preview:settings', settings: current });
      } else if (event.data.type === 'cbw-preview:failed') {
        setProblem(event.data.message);
      } else {
        setProblem(null);
      }
    };
    window.addEventListener('message', onMessage);
    const stopSettings = effect(() => {
      const current = settings.value;
      if (ready && current) post({ type: 'cbw-preview:settings', settings: current });
    });
    let firstSave = true;
    const stopSaved = effect(() => {
      void savedVersion.value;
      if (firstSave) firstSave = false;
      else if (ready) post({ type: 'cbw-preview:refresh' });
    });
    return () => {
      window.removeEventListener('message', onMessage);
      stopSettings();
      stopSaved();
    };
  }, [settings, savedVersion]);

  return (
    <section class="preview" aria-labelledby="preview-heading">
      <div class="preview__head">
        <h2 id="preview-heading">Live preview</h2>
        <p class="muted">Unsaved changes show here at once. Try the chat: it answers from your listings.</p>
      </div>
      {problem && <p class="notice notice--error" role="alert">{problem}</p>}
      <iframe ref={frameRef} class="preview__frame" src={PREVIEW_PATH} title="Preview: a sample page with your chat widget" />
    </section>
  );
}
