/**
 * The widget's state contract: what the UI reads and which actions it may call. Implemented by
 * conversation.ts and widget-model.ts; rendered by src/ui. No DOM here.
 */
import type { ReadonlySignal, Signal } from '@preact/signals-core';
import type { ChatAskType } from '../api/types.js';
import type { WidgetSettings } from './settings.js';
import type { TextOverrides } from './texts.js';

export type MessageRole = 'user' | 'assistant' | 'notice';

/**
 * user: 'sent' once accepted for sending, 'failed' when the question could not be asked (retry resends it).
 * assistant: 'waiting' (typing indicator, before the first chunk) → 'streaming' → 'done'; or 'stopped' (the
 * visitor pressed stop), 'interrupted' (the stream broke; partial text kept), 'failed' (no text arrived).
 * notice: always 'done' (welcome text, talk-to-a-person reply, rate-limit and other service notices).
 */
export type MessageStatus = 'sent' | 'failed' | 'waiting' | 'streaming' | 'done' | 'stopped' | 'interrupted';

export type AttachmentKind = 'image' | 'audio' | 'video';

/** A file already uploaded (FileStoreId known). `url` is where the service serves it back, for history. */
export interface Attachment {
  readonly kind: AttachmentKind;
  readonly fileId: number;
  readonly name: string;
  readonly size: number;
  readonly mimeType: string;
  readonly url: string;
}

export interface ChatMessage {
  readonly id: string;
  readonly role: MessageRole;
  /** epoch milliseconds */
  readonly createdAt: number;
  /** Grows while an answer streams; updated at most once per animation frame. */
  readonly text: ReadonlySignal<string>;
  readonly status: ReadonlySignal<MessageStatus>;
  /** Plain-words failure text for 'failed' / 'interrupted' messages, else null. */
  readonly error: ReadonlySignal<string | null>;
  readonly attachments: readonly Attachment[];
  /** A mailto: link offered with the message (talk to a person, carrying the transcript). */
  readonly mailto?: string;
  /**
   * A 'failed' question the service refused for good (failures.ts refusedForGood: monthly cap, too large, invalid):
   * sending it again as it is cannot succeed, so it offers no Send again (Edit still takes its text back to change it).
   * Also an 'interrupted' answer such a refusal cut off: its words stay, without Retry.
   */
  readonly refused?: boolean;
}

export interface RateLimitNotice {
  readonly message: string;
  /** epoch ms when sending is allowed again */
  readonly retryAt: number;
}

export type SendResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly reason: 'empty' | 'busy' | 'rate-limited' | 'failed' | 'stopped' };

export interface ConversationModel {
  readonly messages: ReadonlySignal<readonly ChatMessage[]>;
  /** The composer's text; persisted with the conversation so a reload keeps an unsent draft. */
  readonly draft: Signal<string>;
  /** True while a question is being asked (the composer shows stop instead of send). */
  readonly busy: ReadonlySignal<boolean>;
  /** Set while the local rate limit blocks sending; clears by itself when the window passes. */
  readonly rateLimit: ReadonlySignal<RateLimitNotice | null>;
  /**
   * False until the conversation code has loaded and the stored conversation is restored (it loads lazily, on
   * first open or launcher hover/focus), so the panel can tell "no messages yet" from "not restored yet".
   */
  readonly loaded: ReadonlySignal<boolean>;
  /**
   * Ask a question. The user's message appears at once; on failure it stays, marked 'failed' with retry. When the
   * local rate limit blocks, nothing is added and the text stays where it was (result reason 'rate-limited').
   * chatAskType follows the attachments (Image / Audio / Video), Text without. When the message is accepted and
   * its text equals the draft, the draft is cleared.
   */
  send(text: string, attachments?: readonly Attachment[]): Promise<SendResult>;
  /** Abort the running answer; what arrived stays, marked 'stopped'. */
  stop(): void;
  /**
   * Ask again for a 'failed' user message or a 'stopped' / 'interrupted' / 'failed' answer, not one `refused` for good.
   * Only on a click.
   */
  retry(messageId: string): Promise<SendResult>;
  /**
   * Takes a 'failed' question without files back into the composer to change it (too long, a typo): it leaves the
   * conversation, and its text goes into the draft, before anything typed since.
   */
  edit(messageId: string): void;
  /**
   * Forget the conversation (and its stored copy, in every tab of the site too) and start a fresh session;
   * `forgetDraft`: the unsent text too (a site's logout; the panel's button keeps what the visitor has typed).
   */
  newConversation(forgetDraft?: boolean): void;
  /** Plain-text transcript, for the talk-to-a-person mail. */
  transcript(): string;
}

export type ConfigState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready' }
  /** `error`: what GetConfig failed with; the panel words it (src/model/failures.ts). */
  | { readonly status: 'failed'; readonly error: unknown };

export type WidgetMode = 'floating' | 'inline';

export interface WidgetModel {
  readonly mode: WidgetMode;
  /** mount()'s `locale` (BCP 47) for message and wait times; undefined: the browser's clock, English wait texts. */
  readonly locale?: string | undefined;
  /** mount()'s `texts`: the widget's own words where they are not its English defaults. */
  readonly texts?: TextOverrides | undefined;
  readonly settings: ReadonlySignal<WidgetSettings>;
  readonly config: ReadonlySignal<ConfigState>;
  /**
   * False on a first visit until GetConfig answers: `settings` then holds only defaults and inline values, so the
   * panel shows a neutral loading state rather than a default name and welcome text. True at once when a config
   * from an earlier visit is cached.
   */
  readonly configKnown: ReadonlySignal<boolean>;
  readonly isOpen: ReadonlySignal<boolean>;
  /** Text of the welcome popup beside the launcher, or null when hidden. */
  readonly popup: ReadonlySignal<string | null>;
  readonly conversation: ConversationModel;
  open(): void;
  close(): void;
  toggle(): void;
  dismissPopup(): void;
  /** Start loading the conversation code now (launcher hover or focus), so opening feels instant. */
  prefetch(): void;
  /** Ask GetConfig again after a failure (config 'failed'). Sending a message also retries it. */
  reloadConfig(): void;
  /** Adds the TalkToHumanResponseMessage notice with a mailto link carrying the transcript. */
  talkToHuman(): void;
}

/** Events of the public `on(event, fn)`. */
export interface WidgetEventMap {
  ready: { settings: WidgetSettings };
  open: undefined;
  close: undefined;
  /**
   * A message was added or finished: user messages when sent (and when sent again, with a new id, by Retry or Send
   * again), answers when complete. `attachments`: a question's files (images, a voice message or a video), as plain
   * copies with the served `url`; an empty array for a text question, an answer or a notice.
   */
  message: { id: string; role: MessageRole; text: string; attachments: readonly Attachment[] };
  /**
   * A failure, in the plain sentence the visitor is shown, in English even where mount()'s texts translate it (for
   * the page's logs), but for an HTTP failure without the service's own words: the visitor reads plain words by its
   * status (src/model/failures.ts), the page the service client's sentence with the status. A kind to switch on:
   * - a config or a question that failed, by the ServiceError's kind: 'network', 'http', 'business', 'malformed',
   *   'interrupted'; 'unknown' for anything else;
   * - 'rate-limit': the local rate limit held a question back;
   * - 'file-refused': a file the byte checks refused before uploading it (its type, its size, an animated GIF...);
   * - 'upload-failed': an upload that failed (no connection, a server error...); the tray offers Retry;
   * - 'upload-refused': a file the service refused for good (HTTP 413 or 415, or its words: too large, a type it does
   *   not take); the tray offers only Remove;
   * - 'microphone-denied', 'microphone-no-device', 'microphone-busy', 'microphone-unsupported', 'microphone-failed':
   *   a voice message that could not be recorded.
   * One event per failure: a question that fails because GetConfig (which brings its session) failed on its way is
   * two, the config's and then the question's, with the same message and kind. None for what the visitor did (Stop,
   * a cancelled upload or recording) nor for a rule of the draft they are told of (kinds mixed in one question, an
   * eleventh image, a press too short to record).
   */
  error: { message: string; kind: string };
}
export type WidgetEventName = keyof WidgetEventMap;

export type { ChatAskType };
