/** The media layer (lazy chunk: loaded only when a visitor uses images, audio or video). No UI, no dependencies. */
export { ACCEPT_ATTRIBUTE, inspectFile, MEDIA_LIMITS, uploadFileName } from './sniff.js';
export type { DetectedFormat, FileVerdict, MediaKind, RejectionRule } from './sniff.js';
export { formatInfo } from './signatures.js';
export type { FormatInfo } from './signatures.js';
export { encodeWav, floatToInt16, resample, SPEECH_SAMPLE_RATE } from './wav.js';
export { createPushToTalkRecorder, MicrophoneError } from './recorder.js';
export type { MicrophoneErrorKind, PushToTalkRecorder, RecorderOptions, Recording } from './recorder.js';
export { CHECK_TEXTS, MICROPHONE_TEXTS, microphoneText } from './messages.js';
export type { CheckTexts, MicrophoneTexts } from './messages.js';
