/**
 * The media part of a question being written: the files of the draft (checked by their bytes, uploaded at once,
 * with progress, cancel and retry), the visitor-facing notices about files that were refused or failed, the
 * push-to-talk recording, and sending the question with chatAskType Image / Audio / Video once every file is up.
 * No DOM here and no media code: the byte checks, the uploader and the recorder are given (src/ui/media wires them
 * to src/media and the service client), so the rules below are tested on their own.
 *
 * Rules:
 * - one kind per question (the service takes fileIds of one chatAskType): several images, or one voice message,
 *   or one video; a file of another kind is refused with a sentence saying why, and the draft stays;
 * - at most MAX_IMAGES images (what the reference service accepts per question);
 * - a file is uploaded as soon as it is added: the upload runs while the visitor types, so sending is usually
 *   instant (a removed file was then uploaded for nothing, which costs the visitor nothing);
 * - send before the uploads finish is remembered and happens when the last one is up (and no answer is running),
 *   with the composer's text as it is then (the field stays editable meanwhile: what goes is what the visitor
 *   sees); a failed upload drops that pending send and keeps the draft, offering retry.
 */
import { batch, computed, effect, signal, type Signal } from '@preact/signals-core';
import type { UploadProgress } from '../api/client.js';
import type { ServiceError } from '../api/errors.js';
import type { MicrophoneError, Recording } from '../media/index.js';
import { microphoneText } from '../media/messages.js';
import { DRAFT_TEXTS, type DraftTexts } from './media-draft-texts.js';
import type {
  DraftErrorKind, DraftItem, DraftNotice, MediaDraft, MediaDraftDeps, UploadState,
} from './media-draft-types.js';
import { fill } from './texts.js';
import type { Attachment, AttachmentKind } from './types.js';

// Its types and words have files of their own; the tray, the controller and the tests take them from here.
export { DRAFT_TEXTS, type DraftTexts } from './media-draft-texts.js';
export type {
  DraftErrorKind, DraftItem, DraftNotice, MediaDraft, MediaDraftDeps, Recorder, UploadCall, UploadResult, UploadState,
} from './media-draft-types.js';

export const MAX_IMAGES = 10;
/** A press shorter than this is a slip, not a question. */
export const MIN_RECORDING_MS = 400;

interface Item extends DraftItem {
  readonly state: Signal<UploadState>;
  /** The running (or last) upload, to cancel it. */
  upload?: AbortController;
}

export function createMediaDraft(deps: MediaDraftDeps): MediaDraft {
  const items = signal<readonly Item[]>([]);
  const notices = signal<readonly DraftNotice[]>([]);
  const recording = signal(false);
  const pending = signal(false);
  const checks = signal(0);
  let nextId = 0;
  let disposed = false;
  const texts = deps.texts ?? DRAFT_TEXTS;

  // A notice already shown is not added again: pressing Enter three times must not stack (and announce) it thrice.
  const notify = (text: string, about?: number): void => {
    if (notices.peek().some((notice) => notice.text === text)) return;
    notices.value = [...notices.peek(), { id: (nextId += 1), text, about }];
  };
  // A failure is shown, and told to the page once, as it happens (a notice shown again is no new failure): worded
  // twice, for the visitor and in English for the page's logs.
  const fail = (told: (words: DraftTexts) => string, kind: DraftErrorKind, about?: number): void => {
    notify(told(texts), about);
    deps.report?.(told(DRAFT_TEXTS), kind);
  };
  // A MicrophoneError by its kind; another error (not the recorder's) by its own message, if it has one.
  const microphoneFailed = (error: unknown): void => {
    const { kind, message } = Object(error) as Partial<MicrophoneError>;
    fail((words) => (kind ? words[microphoneText[kind]] : message || words.microphoneFailed), `microphone-${kind ?? 'failed'}`);
  };

  /** Why `kind` cannot join the draft now, or null. */
  function conflict(name: string, kind: AttachmentKind): string | null {
    const current = items.peek();
    const refusal = current.some((item) => item.kind !== kind)
      ? texts.mixedKinds
      : kind !== 'image' && current.length > 0
        ? texts[`${kind}OnlyOne`]
        : current.length >= MAX_IMAGES ? texts.tooManyImages : null;
    return refusal === null ? null : fill(refusal, { name, max: MAX_IMAGES });
  }

  function add(file: Blob, kind: AttachmentKind, name: string, mimeType: string): void {
    const item: Item = {
      id: (nextId += 1),
      kind,
      name,
      size: file.size,
      mimeType,
      file,
      preview: kind === 'image' && deps.preview ? deps.preview.createObjectURL(file) : null,
      state: signal<UploadState>({ phase: 'uploading', loaded: 0, total: file.size }),
    };
    items.value = [...items.peek(), item];
    upload(item);
  }

  function upload(item: Item): void {
    const controller = (item.upload = new AbortController());
    const { state } = item;
    const onProgress = (progress: UploadProgress): void => {
      state.value = { phase: 'uploading', ...progress };
    };
    onProgress({ loaded: 0, total: item.size });
    // A removed item, a retry or dispose aborts this upload: what it reports afterwards is stale.
    const current = (): boolean => !controller.signal.aborted;
    deps
      .upload(item.file, item.name, item.mimeType, {
        signal: controller.signal,
        onProgress: (progress) => current() && onProgress(progress),
      })
      .then(
        (result) => {
          if (!current()) return;
          state.value = { phase: 'uploaded', ...result };
          flush();
        },
        (error: unknown) => {
          if (!current()) return;
          // What the service answered, when it did (a ServiceError of src/api/errors.ts).
          const { status = 0, serviceMessage = '' } = Object(error) as Partial<ServiceError>;
          // Refused for good, the same bytes getting the same answer: HTTP 413 (too large) or 415 (a type the service does
          // not take), or a refusal in its words saying so (the reference service's "File too large: ...", "File type
          // not accepted: ...", also as a business error). No answer, a 5xx or an expired upload URL may pass on a retry.
          const permanent =
            status === 413 || status === 415 || (status < 500 && /too (large|big)|not accepted|(un|not )supported/i.test(serviceMessage));
          const reason = (words: DraftTexts): string =>
            status === 413 && !serviceMessage ? words.fileTooLarge : deps.describeFailure(error, words);
          batch(() => {
            state.value = { phase: 'failed', error: reason(texts), permanent };
            pending.value = false;
            const told = (words: DraftTexts): string => fill(words.notUploaded, { name: item.name, reason: reason(words) });
            fail(told, permanent ? 'upload-refused' : 'upload-failed', item.id);
          });
        },
      );
  }

  function release(item: Item): void {
    item.upload?.abort();
    if (item.preview !== null) deps.preview?.revokeObjectURL(item.preview);
  }

  /** Sends the pending question when every file is up and no answer is running. */
  function flush(): void {
    const list = items.peek();
    if (!pending.peek() || disposed || checks.peek() > 0 || deps.busy.peek()) return;
    const attachments: Attachment[] = [];
    for (const { kind, name, size, mimeType, state } of list) {
      const upload = state.peek();
      if (upload.phase === 'uploading') return;
      if (upload.phase === 'uploaded') attachments.push({ kind, fileId: upload.fileId, name, size, mimeType, url: upload.url });
    }
    pending.value = false;
    // Nothing left, or a failed upload: the pending send is dropped (send() says why when asked again).
    if (attachments.length === 0 || attachments.length < list.length || !deps.ask(deps.text().trim(), attachments)) return;
    for (const item of list) release(item);
    batch(() => {
      items.value = [];
      notices.value = [];
    });
  }

  // A send that waited for a running answer goes when it ends.
  const stopBusyWatch = effect(() => {
    if (!deps.busy.value) queueMicrotask(flush);
  });

  /** Whether the recording can be added (a voice message is a question's only file); says why not. */
  const canRecord = (): boolean => {
    const empty = items.peek().length === 0;
    if (!empty) notify(texts.recordingAlone);
    return empty;
  };

  const draft: MediaDraft = {
    items,
    notices,
    recording,
    sendPending: pending,
    checking: computed(() => checks.value > 0),

    async addFiles(files) {
      if (disposed || files.length === 0) return;
      const kinds = deps.kinds();
      notices.value = [];
      checks.value += 1;
      try {
        for (const file of files) {
          const verdict = await deps.inspect(file, kinds);
          if (disposed) return;
          if (!verdict.ok) {
            fail(verdict.reasonIn, 'file-refused');
            continue;
          }
          // A rule of the draft (one kind, one video, ten images) is the visitor's to follow, not a failure.
          const refusal = conflict(verdict.fileName, verdict.kind);
          if (refusal !== null) notify(refusal);
          else add(file, verdict.kind, verdict.fileName, verdict.mimeType);
        }
      } finally {
        checks.value -= 1;
        flush();
      }
    },

    remove(id) {
      const item = items.peek().find((candidate) => candidate.id === id);
      if (item === undefined) return;
      release(item);
      items.value = items.peek().filter((candidate) => candidate !== item);
      // Its notices go with it, and "Not sent: ..." once no file that did not upload is left.
      const failedLeft = items.peek().some((candidate) => candidate.state.peek().phase === 'failed');
      notices.value = notices
        .peek()
        .filter((notice) => notice.about !== id && (failedLeft || notice.text !== texts.uploadFirst));
      flush();
    },

    retry(id) {
      const item = items.peek().find((candidate) => candidate.id === id);
      const state = item?.state.peek();
      if (item === undefined || state?.phase !== 'failed' || state.permanent) return;
      // The notices said that it failed and what to do; a new failure says so again. Other files' stay (why one was
      // refused for good, or did not upload either).
      notices.value = notices.peek().filter(({ about }) => about !== undefined && about !== id);
      upload(item);
    },

    dismissNotice(id) {
      notices.value = notices.peek().filter((notice) => notice.id !== id);
    },

    send() {
      const list = items.peek();
      if (list.length === 0 && checks.peek() === 0) return false;
      if (list.some((item) => item.state.peek().phase === 'failed')) notify(texts.uploadFirst);
      else {
        pending.value = true;
        flush();
      }
      return true;
    },

    async startRecording() {
      const { recorder } = deps;
      if (recorder === undefined || recording.peek() || disposed) return;
      notices.value = [];
      if (!canRecord()) return;
      recording.value = true;
      try {
        await recorder.start();
      } catch (error) {
        if (!recording.peek()) return; // released or cancelled meanwhile: endRecording has dealt with it
        recording.value = false;
        microphoneFailed(error);
      }
    },

    async endRecording(send) {
      const { recorder } = deps;
      if (recorder === undefined || !recording.peek()) return;
      recording.value = false;
      if (!send) return recorder.cancel();
      let result: Recording;
      try {
        result = await recorder.stop();
      } catch (error) {
        return microphoneFailed(error);
      }
      if (disposed) return;
      if (result.durationMs < MIN_RECORDING_MS) return notify(texts.recordingTooShort);
      if (!canRecord()) return;
      add(result.wav, 'audio', texts.recordingName, 'audio/wav');
      draft.send();
    },

    // The recorder reads 0 when it is not recording.
    level: () => deps.recorder?.level() ?? 0,
    elapsedMs: () => deps.recorder?.elapsedMs() ?? 0,

    dispose() {
      if (disposed) return;
      disposed = true;
      stopBusyWatch();
      if (recording.peek()) deps.recorder?.cancel();
      for (const item of items.peek()) release(item);
    },
  };
  return draft;
}
