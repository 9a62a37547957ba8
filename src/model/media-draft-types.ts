/**
 * What the media draft (media-draft.ts) is given and what it offers: its deps (the byte checks, the uploader and
 * the recorder, given so that the model has no DOM and no media code), its items and notices as the tray reads them,
 * and the kinds of the failures it reports. Types only.
 */
import type { ReadonlySignal } from '@preact/signals-core';
import type { UploadOptions } from '../api/client.js';
import type { FileVerdict, MediaKind, MicrophoneErrorKind, PushToTalkRecorder } from '../media/index.js';
import type { DraftTexts } from './media-draft-texts.js';
import type { TextOverrides } from './texts.js';
import type { Attachment, AttachmentKind } from './types.js';

export type UploadState =
  | { readonly phase: 'uploading'; readonly loaded: number; readonly total: number }
  | { readonly phase: 'uploaded'; readonly fileId: number; readonly url: string }
  /**
   * `permanent`: the service refused the file itself (too large, a type it does not take), which sending the same
   * bytes again cannot change: no retry, only remove.
   */
  | { readonly phase: 'failed'; readonly error: string; readonly permanent: boolean };

export interface DraftItem {
  readonly id: number;
  readonly kind: AttachmentKind;
  /** The name it is uploaded under (extension matching its real format). */
  readonly name: string;
  readonly size: number;
  readonly mimeType: string;
  readonly file: Blob;
  /** An object URL for an image's thumbnail; null for audio and video. */
  readonly preview: string | null;
  readonly state: ReadonlySignal<UploadState>;
}

export interface DraftNotice {
  readonly id: number;
  readonly text: string;
  /** The id of the file it is about, if one: removing the file removes the notice. */
  readonly about?: number;
}

export interface UploadResult {
  fileId: number;
  /** Where the service serves the file back (history, restored conversations). */
  url: string;
}

/** The service client's upload options (putFile), both always given. */
export type UploadCall = Required<UploadOptions>;

export type Recorder = Pick<PushToTalkRecorder, 'start' | 'stop' | 'cancel' | 'level' | 'elapsedMs'>;

export interface MediaDraftDeps {
  /** Judges a file by its bytes for the kinds the chatbot takes (src/media inspectFile); never throws. */
  inspect(file: Blob & { name?: string }, kinds: readonly MediaKind[]): Promise<FileVerdict>;
  /** Uploads under `name` (pre-upload, PUT with progress, finish). */
  upload(file: Blob, name: string, mimeType: string, call: UploadCall): Promise<UploadResult>;
  /** A sentence for an upload failure, in `words` (their failure sentences; English where they have none). */
  describeFailure(error: unknown, words: TextOverrides): string;
  /**
   * Tells the page of a failure the visitor is shown (the 'error' event): its sentence in English, and its kind.
   * Once per failure; never for what the visitor did (a cancel, a removed file) nor for a rule of the draft they
   * are told of.
   */
  report?(message: string, kind: DraftErrorKind): void;
  /** The words the visitor reads (mount()'s texts over DRAFT_TEXTS); default DRAFT_TEXTS, English. */
  texts?: DraftTexts;
  /** The kinds the chatbot takes now, from its settings. */
  kinds(): readonly AttachmentKind[];
  /**
   * Asks the question; true when the conversation took it (false: an answer is running, or the local rate limit
   * blocks, which the conversation shows itself).
   */
  ask(text: string, attachments: readonly Attachment[]): boolean;
  /** True while an answer is running: a pending send waits for it. */
  busy: ReadonlySignal<boolean>;
  /** The composer's text, read when the question goes (sent with the files, trimmed). */
  text(): string;
  recorder?: Recorder;
  /**
   * Object URLs for image thumbnails (the platform's URL). The draft revokes each when its item leaves (removed,
   * sent, or the draft disposed), so no blob: URL outlives its draft.
   */
  preview?: Pick<typeof URL, 'createObjectURL' | 'revokeObjectURL'>;
}

/**
 * The kinds of the failures `report` tells of: a file refused by the byte checks, an upload that failed (a retry may
 * pass) or that the service refused for good (UploadState `permanent`), a microphone that could not record (by its
 * MicrophoneError kind: denied, no-device, busy, unsupported; else failed).
 */
export type DraftErrorKind = 'file-refused' | 'upload-failed' | 'upload-refused' | `microphone-${MicrophoneErrorKind}`;

export interface MediaDraft {
  readonly items: ReadonlySignal<readonly DraftItem[]>;
  readonly notices: ReadonlySignal<readonly DraftNotice[]>;
  /** True from the press of the microphone button until its release or cancel. */
  readonly recording: ReadonlySignal<boolean>;
  /** True when send was asked before the files were up: the question goes when they are. */
  readonly sendPending: ReadonlySignal<boolean>;
  /** True while added files are still being checked. */
  readonly checking: ReadonlySignal<boolean>;
  /** Checks and adds files (picker, paste, drop); refused ones become notices, the rest of the draft stays. */
  addFiles(files: ReadonlyArray<Blob & { name?: string }>): Promise<void>;
  /** Removes an item; a running upload is cancelled. */
  remove(id: number): void;
  retry(id: number): void;
  dismissNotice(id: number): void;
  /** Sends the draft's files with the composer's text (now, or when the uploads finish). False when nothing is attached. */
  send(): boolean;
  startRecording(): Promise<void>;
  /** Release: `send` true sends the recording (with the composer's text), false drops it. */
  endRecording(send: boolean): Promise<void>;
  level(): number;
  elapsedMs(): number;
  /** Cancels uploads and recording, revokes previews. */
  dispose(): void;
}
