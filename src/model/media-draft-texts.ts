/**
 * The media draft's words (media-draft.ts), apart from its code so that the media strings (src/ui/media/strings.ts)
 * take them without the draft.
 */
import { CHECK_TEXTS, MICROPHONE_TEXTS } from '../media/messages.js';
import type { TextOverrides } from './texts.js';

/**
 * Every sentence this model shows a person, in English, with those of the byte checks and the microphone it passes
 * on: the defaults of their keys in mount()'s `texts` (src/model/texts.ts documents each).
 */
export const DRAFT_TEXTS = {
  ...CHECK_TEXTS,
  ...MICROPHONE_TEXTS,
  mixedKinds:
    '"{name}" was not added: images, voice messages and videos go in separate questions. Send or remove the attached files first.',
  audioOnlyOne: '"{name}" was not added: one voice message per question. Remove the attached one to choose another.',
  videoOnlyOne: '"{name}" was not added: one video per question. Remove the attached one to choose another.',
  tooManyImages: '"{name}" was not added: at most {max} images per question.',
  notUploaded: '"{name}" did not upload: {reason}',
  /** The reason of an HTTP 413 without the service's own words (a proxy's page). */
  fileTooLarge: 'The file is too large for the chat service.',
  /** True whether the file that did not upload offers Retry or, refused for good, only Remove. */
  uploadFirst: 'Not sent: every file must be uploaded or removed first.',
  recordingAlone: 'A voice message goes in a question of its own: send or remove the attached files first.',
  recordingTooShort: 'Too short to send: hold the microphone button while you speak, then release it.',
  recordingName: 'voice-message.wav',
} satisfies TextOverrides;
export type DraftTexts = typeof DRAFT_TEXTS;
