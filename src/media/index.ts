/** The media layer (lazy chunk: loaded only when a visitor uses images, audio or video). No UI, no dependencies. */
export { ACCEPT_ATTRIBUTE, inspectFile, MEDIA_LIMITS, uploadFileName } from './sniff';
export type { DetectedFormat, FileVerdict, MediaKind, RejectionRule } from './sniff';
export { formatInfo } from './signatures';
export type { FormatInfo } from './signatures';
export { encodeWav, floatToInt16, resample, SPEECH_SAMPLE_RATE } from './wav';
export { createPushToTalkRecorder, MicrophoneError } from './recorder';
export type { MicrophoneErrorKind, PushToTalkRecorder, RecorderOptions, Recording } from './recorder';
export { microphoneMessages, rejectionMessages } from './messages';
