/**
 * Every sentence the media layer shows to a person, in one place (to translate or reword without hunting).
 * File names are quoted because they can contain spaces and dots.
 */
import type { MicrophoneErrorKind } from './recorder.js';
import type { MediaKind } from './signatures.js';
import type { RejectionRule } from './sniff.js';

/** What a picker offers for each kind; refusals name it rather than the file's own format. */
export const ACCEPTED: Readonly<Record<MediaKind, string>> = {
  image: 'a PNG, JPEG, WEBP or GIF image',
  audio: 'a WAV audio file',
  video: 'an MP4, MKV, AVI, FLV or MPEG video',
};

/**
 * Why a file was refused, by the rule it broke: `kind` is the kind it was checked for, `limit` that kind's size
 * (whole megabytes, 1 MB = 1024 * 1024 bytes, as the limits are defined).
 */
export const rejectionMessages: Readonly<Record<RejectionRule, (name: string, kind: MediaKind, limit: number) => string>> = {
  empty: (name) => `"${name}" is empty.`,
  unreadable: (name) => `"${name}" could not be read. Please pick it again.`,
  type: (name, kind) => `"${name}" is not ${ACCEPTED[kind]}.`,
  size: (name, kind, limit) => `"${name}" is larger than ${limit / 1024 / 1024} MB, the limit for ${kind === 'audio' ? 'audio files' : `${kind}s`}.`,
  animated: (name) => `"${name}" is an animated GIF. Animated GIFs are not supported.`,
  damaged: (name) => `"${name}" looks like a GIF file but is damaged.`,
};

/** Why a file was refused that is of no kind the chat takes (`kinds`), nor claims to be one by its MIME type. */
export const notTakenMessage = (name: string, kinds: readonly MediaKind[]): string =>
  `"${name}" is not a file this chat takes. You can attach ${kinds.map((kind) => ACCEPTED[kind]).join(', or ')}.`;

/** What a person reads when recording fails, by MicrophoneError kind. */
export const microphoneMessages: Readonly<Record<MicrophoneErrorKind, string>> = {
  denied: 'Microphone access was denied. Allow it in the browser’s site settings to send voice messages.',
  'no-device': 'No microphone was found. Connect a microphone and try again.',
  busy: 'The microphone could not be started. It may be in use by another application.',
  unsupported: 'Voice messages need a secure (HTTPS) page and a browser that can record.',
  cancelled: 'The recording was cancelled.',
  'in-progress': 'A recording is already in progress.',
  'not-recording': 'Nothing is being recorded.',
  failed: 'Recording failed. Please try again.',
};
