/**
 * Every sentence the media layer says to a person, in English: the defaults of their keys in mount()'s `texts`
 * (src/model/texts.ts documents each). A refusal can be worded in other texts (FileVerdict's reasonIn); a
 * MicrophoneError's message stays English, for code and logs. File names are quoted because they can contain
 * spaces and dots.
 */
import { fill, type TextOverrides } from '../model/texts.js';
import type { MicrophoneErrorKind } from './recorder.js';
import type { MediaKind } from './signatures.js';
import type { RejectionRule } from './sniff.js';

export const CHECK_TEXTS = {
  fileEmpty: '"{name}" is empty.',
  fileUnreadable: '"{name}" could not be read. Please pick it again.',
  imageWrongType: '"{name}" is not a PNG, JPEG, WEBP or GIF image.',
  audioWrongType: '"{name}" is not a WAV audio file.',
  videoWrongType: '"{name}" is not an MP4, MKV, AVI, FLV or MPEG video.',
  imageTooLarge: '"{name}" is larger than {limit} MB, the limit for images.',
  audioTooLarge: '"{name}" is larger than {limit} MB, the limit for audio files.',
  videoTooLarge: '"{name}" is larger than {limit} MB, the limit for videos.',
  gifAnimated: '"{name}" is an animated GIF. Animated GIFs are not supported.',
  gifDamaged: '"{name}" looks like a GIF file but is damaged.',
  notTaken: '"{name}" is not a file this chat takes. You can attach {kinds}.',
  // What a picker offers for each kind; refusals name it rather than the file's own format.
  imageFormats: 'a PNG, JPEG, WEBP or GIF image',
  audioFormats: 'a WAV audio file',
  videoFormats: 'an MP4, MKV, AVI, FLV or MPEG video',
  formatsJoin: ', or ',
} satisfies TextOverrides;
export type CheckTexts = typeof CHECK_TEXTS;

/**
 * Why a file was refused, by the rule it broke: `kind` is the kind it was checked for, `limit` that kind's size
 * (whole megabytes, 1 MB = 1024 * 1024 bytes, as the limits are defined).
 */
export const rejectionMessage = (rule: RejectionRule, name: string, kind: MediaKind, limit: number, words: CheckTexts): string =>
  fill(
    words[
      ({
        empty: 'fileEmpty',
        unreadable: 'fileUnreadable',
        type: `${kind}WrongType`,
        size: `${kind}TooLarge`,
        animated: 'gifAnimated',
        damaged: 'gifDamaged',
      } as const)[rule]
    ],
    { name, limit: limit / 1024 / 1024 },
  );

/** Why a file was refused that is of no kind the chat takes (`kinds`), nor claims to be one by its MIME type. */
export const notTakenMessage = (name: string, kinds: readonly MediaKind[], words: CheckTexts = CHECK_TEXTS): string =>
  fill(words.notTaken, { name, kinds: kinds.map((kind) => words[`${kind}Formats`]).join(words.formatsJoin) });

export const MICROPHONE_TEXTS = {
  microphoneDenied: 'Microphone access was denied. Allow it in the browser’s site settings to send voice messages.',
  microphoneNoDevice: 'No microphone was found. Connect a microphone and try again.',
  microphoneBusy: 'The microphone could not be started. It may be in use by another application.',
  microphoneUnsupported: 'Voice messages need a secure (HTTPS) page and a browser that can record.',
  microphoneCancelled: 'The recording was cancelled.',
  microphoneInProgress: 'A recording is already in progress.',
  microphoneNotRecording: 'Nothing is being recorded.',
  microphoneFailed: 'Recording failed. Please try again.',
} satisfies TextOverrides;
export type MicrophoneTexts = typeof MICROPHONE_TEXTS;

/** The key of what a person reads when recording fails, by MicrophoneError kind. */
export const microphoneText: Readonly<Record<MicrophoneErrorKind, keyof MicrophoneTexts>> = {
  denied: 'microphoneDenied',
  'no-device': 'microphoneNoDevice',
  busy: 'microphoneBusy',
  unsupported: 'microphoneUnsupported',
  cancelled: 'microphoneCancelled',
  'in-progress': 'microphoneInProgress',
  'not-recording': 'microphoneNotRecording',
  failed: 'microphoneFailed',
};
