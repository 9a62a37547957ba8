/**
 * The media chunk's words in English: the tray's own, and the draft's with those of the byte checks and the
 * microphone (src/model/media-draft-texts.ts, src/media/messages.ts). The controller lays mount()'s texts over them.
 */
import { DRAFT_TEXTS } from '../../model/media-draft-texts.js';
import type { TextOverrides } from '../../model/texts.js';

export const MEDIA_TEXTS = {
  ...DRAFT_TEXTS,
  attachedFiles: 'Attached files',
  sendPending: 'Sending when the uploads finish…',
  dismissNotice: 'Dismiss',
  uploadFailed: 'Upload failed',
  uploading: 'Uploading {name}',
  retryUpload: 'Retry uploading {name}',
  cancelUpload: 'Cancel the upload of {name}',
  removeFile: 'Remove {name}',
  recording: 'Recording',
  microphoneLevel: 'Microphone level',
  recordingHint: 'Release or press again to send · Esc or move away to cancel',
} satisfies TextOverrides;
export type MediaTexts = typeof MEDIA_TEXTS;
