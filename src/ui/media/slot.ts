/**
 * The media slot the panel hands to the composer (panel-host.tsx makes it, with mount()'s loader of the media chunk).
 * It has no Preact: every action loads the media chunk (controller.tsx: the byte checks, recorder, uploads, draft
 * tray) on first use, then forwards to it. Loading also starts on prefetch (pointer over or focus on a media button,
 * files dragged over the panel), so a press of the microphone button usually finds the code there and starts
 * recording in the same event.
 */
import { signal, type ReadonlySignal } from '@preact/signals-core';
import type { ComponentChildren } from 'preact';
import type { ComposerMedia } from '../media-slots.js';

/** What the media chunk provides (see controller.tsx). */
export interface MediaController {
  addFiles(files: File[]): void;
  startRecording(): void;
  endRecording(send: boolean): void;
  /** True from the start of a recording until it is sent, cancelled, refused or fails. */
  readonly recording: ReadonlySignal<boolean>;
  renderDraft(): ComponentChildren;
  hasDraft(): boolean;
  sendDraft(): boolean;
  dispose(): void;
}

export interface MediaSlot extends Required<ComposerMedia> {
  dispose(): void;
}

export function createMediaSlot(load: () => Promise<MediaController>): MediaSlot {
  const loaded = signal<MediaController | null>(null);
  /**
   * Counts failed loads the visitor is told of: each is a new alert (renderDraft), so a Send that tries again and fails
   * again is heard again instead of changing nothing the visitor can tell. A prefetch that fails shows the alert
   * once, but not anew: tabbing past the attach button offline must not interrupt the screen reader each time.
   */
  const failed = signal(0);
  let loading: Promise<MediaController> | null = null;
  let disposed = false;
  /**
   * Files picked, pasted or dropped while the code could not load (the network dropped): kept until it does, at the
   * next media action or Send, which tries again. Dropped, the visitor's Send went off without them.
   */
  const waiting = signal<File[]>([]);
  const addWaiting = (controller: MediaController): void => {
    controller.addFiles(waiting.peek());
    waiting.value = [];
  };

  const use = (action?: (controller: MediaController) => void): void => {
    const ready = loaded.peek();
    // Already here: act within the event (a recording must start inside the press's user gesture).
    if (ready !== null) return void action?.(ready);
    loading ??= load().then(
      (controller) => {
        if (disposed) controller.dispose();
        else loaded.value = controller;
        return controller;
      },
      (error: unknown) => {
        loading = null; // the next action tries again
        failed.value ||= 1;
        throw error;
      },
    );
    loading.then((controller) => disposed || (addWaiting(controller), action?.(controller))).catch(() => action && failed.value++);
  };

  return {
    pickImage: () => use(),
    prefetch: () => use(),
    addFiles(files) {
      waiting.value = [...waiting.peek(), ...files];
      use(addWaiting);
    },
    pushToTalk: {
      start: () => use((controller) => controller.startRecording()),
      end: (send) => use((controller) => controller.endRecording(send)),
      recording: () => loaded.value?.recording.value ?? null,
    },
    renderDraft: () => loaded.value?.renderDraft() ?? failed.value,
    // A signal: the composer's Send must know of files that wait after a failure that changed nothing else it reads.
    hasDraft: () => loaded.value?.hasDraft() ?? waiting.value.length > 0,
    sendDraft: () => loaded.value?.sendDraft() ?? (waiting.peek().length > 0 && (use((controller) => controller.sendDraft()), true)),
    dispose() {
      disposed = true;
      loaded.peek()?.dispose();
    },
  };
}
