/**
 * The media chunk's entry (loaded by slot.ts on first use): connects the media draft model to src/media (byte
 * checks, the push-to-talk recorder), to object URLs for thumbnails, to the service's upload flow and to the live
 * conversation, and renders the draft tray.
 */
import type { ClientOptions } from '../../api/client.js';
import { ServiceError } from '../../api/errors.js';
import { createTransport } from '../../api/http.js';
import { failureText } from '../../api/messages.js';
import { finishUpload, preUpload } from '../../api/operations.js';
import { putFileWithXhr } from '../../api/upload.js';
import { createPushToTalkRecorder, inspectFile } from '../../media/index.js';
import type { Conversation, Emit } from '../../model/conversation.js';
import { failureMessage, isSessionRefused, withHttpTexts } from '../../model/failures.js';
import { createMediaDraft, type MediaDraft, type UploadCall, type UploadResult } from '../../model/media-draft.js';
import type { WidgetSettings } from '../../model/settings.js';
import type { AttachmentKind, WidgetModel } from '../../model/types.js';
import type { MediaController } from './slot.js';
import { MediaTray } from './MediaTray.js';
import { MEDIA_TEXTS, type MediaTexts } from './strings.js';

export interface MediaControllerOptions {
  /** Its `texts` (mount()'s) word the tray and its notices, over MEDIA_TEXTS; the 'error' events stay English. */
  model: Pick<WidgetModel, 'settings' | 'texts'> & { conversation: { load(): Promise<Conversation> } };
  /** Its baseUrl is absolute: a relative PreUploadUrl resolves against it, for the PUT and for the history. */
  clientOptions: Omit<ClientOptions, 'sessionKey' | 'secretKey'>;
  /** The widget's public events: a refused file, a failed upload or microphone is an 'error' event. */
  emit: Emit;
}

/**
 * Video has no setting of its own in service-api.md 2.2: it follows EnableUploadImage ("attachments are on").
 * Audio follows EnablePushToTalk (the service refuses Audio questions without it), so a WAV can be picked then too.
 */
export function mediaKinds(settings: Pick<WidgetSettings, 'enableUploadImage' | 'enablePushToTalk'>): AttachmentKind[] {
  const kinds: AttachmentKind[] = settings.enableUploadImage ? ['image', 'video'] : [];
  if (settings.enablePushToTalk) kinds.push('audio');
  return kinds;
}

export async function createMediaController(options: MediaControllerOptions): Promise<MediaController> {
  const { model } = options;
  // An upload's failure is worded as a question's: plain words by HTTP status for the visitor, the status in the event.
  const texts = { ...MEDIA_TEXTS, ...withHttpTexts(model.texts) };
  const conversation = await model.conversation.load();
  // Only the three upload steps are bundled, not the whole service client.
  const transport = createTransport({ ...options.clientOptions, sessionKey: () => conversation.sessionKey() });

  async function upload(file: Blob, name: string, mimeType: string, call: UploadCall): Promise<UploadResult> {
    await conversation.ensureSession();
    let target;
    try {
      target = await preUpload(transport, { fileName: name }, call);
    } catch (error) {
      // A session the service no longer knows (a conversation restored from yesterday), refused by HTTP 401 or by
      // Code 401 in an envelope: renewed once, as a question's is. Otherwise every Retry of the upload met the same
      // refusal.
      if (!isSessionRefused(error)) throw error;
      await conversation.ensureSession(true);
      target = await preUpload(transport, { fileName: name }, call);
    }
    // The PUT carries the real format's type, whatever the browser guessed from the name. XMLHttpRequest, for
    // progress: the client's fetch fallback is for Node, and the widget runs in browsers.
    const fileUrl = transport.resolve(target.PreUploadUrl);
    await putFileWithXhr(transport, fileUrl, file.slice(0, file.size, mimeType), call);
    if ((await finishUpload(transport, { FileStoreId: target.FileStoreId }, call)) !== 1) {
      throw new ServiceError('business', failureText.uploadRejected, { operation: 'finishUpload' });
    }
    // The pre-upload URL also serves the file back (GET): history shows it from there, never from stored bytes.
    return { fileId: target.FileStoreId, url: fileUrl };
  }

  const draft: MediaDraft = createMediaDraft({
    inspect: inspectFile,
    upload,
    // The notices in `texts`, the 'error' events in English (the draft words each failure twice).
    describeFailure: failureMessage,
    report: (message, kind) => options.emit('error', { message, kind }),
    texts,
    kinds: () => mediaKinds(model.settings.peek()),
    ask(text, attachments) {
      void conversation.send(text, attachments);
      // send() adds the question synchronously when it takes it; refused (busy, rate limit) it adds nothing.
      return conversation.messages.peek().some((message) => message.attachments === attachments);
    },
    busy: conversation.busy,
    text: () => conversation.draft.peek(),
    // onLimit runs during a recording, long after draft is assigned.
    recorder: createPushToTalkRecorder({ onLimit: () => void draft.endRecording(true) }),
    preview: URL,
  });
  return controllerFor(draft, texts);
}

/** What the composer calls, on a draft (addFiles, startRecording, endRecording and dispose are the draft's own). */
export function controllerFor(draft: MediaDraft, texts: MediaTexts = MEDIA_TEXTS): MediaController {
  return {
    ...draft,
    renderDraft: () => <MediaTray draft={draft} text={texts} />,
    hasDraft: () => draft.items.value.length > 0 || draft.checking.value,
    sendDraft: draft.send,
  };
}
