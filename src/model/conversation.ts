/**
 * The conversation: messages as signals, send, stop, retry, edit, a new conversation, notices and the local rate
 * limit. The answer being asked for (its request, its streamed words, how it ends) is answering.ts's; the storage,
 * which the site's other tabs share, is tab-sync.ts's (restoring, merging other tabs' writes, giving up their lost
 * answers): this file and answering.ts write through it. Loaded lazily (on first open, launcher hover or an API
 * send), so none of this is in the launcher's bundle; the signals the panel reads exist before this code arrives
 * (lazy-conversation.ts).
 */
import { batch } from '@preact/signals-core';
import type { ServiceClient } from '../api/client.js';
import { ANSWER_ENGLISH, createAnswering } from './answering.js';
import { createMessage, type LiveMessage, type Session } from './persistence.js';
import type { ConversationState } from './lazy-conversation.js';
import { withHttpTexts } from './failures.js';
import { EMAIL_SUBJECT, fill, YOU, type TextOverrides } from './texts.js';
import { returnSendSlot, takeSendSlot } from './rate-limit.js';
import { createSessionKeeper } from './session-keeper.js';
import { createTabSync } from './tab-sync.js';
import { mailtoWithTranscript, transcriptOf } from './transcript.js';
import { animationFrameScheduler } from './frame.js';
import type { Cancel, Clock, FrameScheduler } from './scheduler.js';
import type { WidgetSettings } from './settings.js';
import type { KeyValueStore, StorageKind } from './storage.js';
import type { ChatMessage, ConversationModel, WidgetEventMap, WidgetEventName } from './types.js';

export { ANSWER_HEARTBEAT_MS, STALE_ANSWER_MS } from './tab-sync.js';

export type Emit = <E extends WidgetEventName>(event: E, payload: WidgetEventMap[E]) => void;

export interface ConversationDeps {
  client: Pick<ServiceClient, 'askStream'>;
  settings: { readonly value: WidgetSettings; peek(): WidgetSettings };
  /** The store of the conversation (messages, session, draft) in local or session storage. */
  chatStore(kind: StorageKind): KeyValueStore;
  /** Visitor-wide data that outlives a conversation: the rate limiter's send times. */
  visitorStore: KeyValueStore;
  /**
   * A fresh session (GetConfig). `afterExpiry`: the service has just refused a session, so one GetConfig brought
   * earlier and kept unused may be just as stale: ask again.
   */
  newSession(afterExpiry?: boolean): Promise<Session>;
  emit: Emit;
  /** The signals the panel already reads (lazy-conversation.ts); this conversation drives them. */
  state: ConversationState;
  clock: Clock;
  frame?: FrameScheduler;
  /** Tells when the page starts to go away (frame.ts onPageLeaving); returns what stops telling. */
  pageLeaving?: (listener: () => void) => Cancel;
  /** Calls its listener when the browser reports the network gone (default: the window's 'offline'). */
  offline?: (listener: () => void) => Cancel;
  /** mount()'s `texts`: the widget's own words where they are not English. */
  texts?: TextOverrides;
}

export interface Conversation extends ConversationModel {
  /** Key of the current session, for the chatrobot-sessionkey header. */
  sessionKey(): string | undefined;
  /**
   * Starts a session now if there is none: an upload before the first question needs its key. `renew`: the service
   * refused the current one (HTTP 401), so a fresh one replaces it.
   */
  ensureSession(renew?: boolean): Promise<void>;
  /** Adds a notice (talk to a person) to the conversation. */
  addNotice(text: string, mailto?: string): void;
  /** Talk to a person: adds the TalkToHumanResponseMessage notice with a mailto: link carrying the transcript. */
  talkToHuman(): void;
  /**
   * Writes messages and draft now: the page is being hidden, or with `leaving` going away, when an answer still
   * arriving is written as interrupted (nothing will finish it, and other tabs would show it arriving for good).
   */
  persist(leaving?: boolean): void;
  /**
   * Aborts the running answer and stops every timer and effect; the stored conversation stays, written first
   * unless `save` is false (a conversation that arrived after its widget was destroyed has nothing to write).
   */
  dispose(save?: boolean): void;
}

export function createConversation(deps: ConversationDeps): Conversation {
  const { state, clock } = deps;
  // The visitor reads an HTTP failure in plain words by its status; the 'error' event, worded in English, keeps the
  // service client's sentence with the status, for the page's logs.
  const texts = { ...ANSWER_ENGLISH, emailSubject: EMAIL_SUBJECT, you: YOU, ...withHttpTexts(deps.texts) };
  const frame = deps.frame ?? animationFrameScheduler(clock);
  const { messages, draft, busy, rateLimit } = state;
  const messageIds = `${clock.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  let nextId = 0;
  const sessions = createSessionKeeper(deps.newSession);
  let cancelRateLimitTimer: Cancel | null = null;
  let disposed = false;

  const live = (): LiveMessage[] => messages.peek() as LiveMessage[];
  const newId = (): string => `${messageIds}-${(nextId += 1)}`;

  function append(...added: LiveMessage[]): void {
    messages.value = [...live(), ...added];
  }
  function remove(message: ChatMessage): void {
    messages.value = live().filter((item) => item !== message);
  }

  function emitMessage(message: ChatMessage): void {
    // Copies: a listener that changes what it was given does not change the conversation.
    const attachments = message.attachments.map((file) => ({ ...file }));
    deps.emit('message', { id: message.id, role: message.role, text: message.text.peek(), attachments });
  }

  /**
   * Counts one more question against the local rate limit and returns what gives that count back; null, after
   * showing the notice, when the window is full. The window is a second longer than the service's, which starts
   * it when the question arrives: a question sent the moment the notice lifts must not be refused there.
   */
  function takeRateLimitSlot(): (() => void) | null {
    const limit = deps.settings.peek().rateLimit;
    const now = clock.now();
    if (limit === null) return () => undefined;
    const verdict = takeSendSlot({ ...limit, windowSeconds: limit.windowSeconds + 1 }, deps.visitorStore, now);
    if (verdict.allowed) return () => returnSendSlot(deps.visitorStore, now);
    cancelRateLimitTimer?.();
    rateLimit.value = { message: limit.message, retryAt: clock.now() + verdict.retryInMs };
    cancelRateLimitTimer = clock.setTimeout(() => {
      cancelRateLimitTimer = null;
      rateLimit.value = null;
    }, verdict.retryInMs);
    deps.emit('error', { message: limit.message, kind: 'rate-limit' });
    return null;
  }

  // Each needs the other: tab-sync.ts stops an answer another tab's new conversation ended, and answering.ts writes the
  // conversation while its answer arrives. Neither calls the other while it is being made.
  const [writeMessages, writeMessagesAfterPaint, writeDraft, removeForGood, startNew, disposeSync] = createTabSync(
    { ...deps, texts }, sessions, frame, messageIds, live, () => answering(), () => stop(),
  );
  const [ask, answering, stop, disposeAnswering] = createAnswering(
    deps, sessions, frame, texts, newId, append, remove, emitMessage, writeMessages, writeMessagesAfterPaint,
  );

  const conversation: Conversation = {
    ...state,

    async send(text, attachments = []) {
      const content = text.trim();
      if (content === '' && attachments.length === 0) return { ok: false, reason: 'empty' };
      if (answering() || disposed) return { ok: false, reason: 'busy' };
      const giveBackSlot = takeRateLimitSlot();
      if (giveBackSlot === null) return { ok: false, reason: 'rate-limited' };
      const user = createMessage({
        id: newId(), role: 'user', status: 'sent', createdAt: clock.now(), text: content, attachments,
      });
      batch(() => {
        append(user);
        if (draft.peek().trim() === content) draft.value = '';
      });
      writeDraft();
      return ask(user, giveBackSlot);
    },

    stop: () => stop(),

    async retry(messageId) {
      const list = live();
      const index = list.findIndex((item) => item.id === messageId);
      const target = list[index];
      // Refused for good (a question, or the answer it cut off): the same question would meet the same refusal.
      if (target === undefined || target.refused) return { ok: false, reason: 'failed' };
      if (answering() || disposed) return { ok: false, reason: 'busy' };
      let user: LiveMessage | undefined;
      if (target.role === 'user' && target.status.peek() === 'failed') {
        user = target;
      } else if (target.role === 'assistant' && ['stopped', 'interrupted', 'failed'].includes(target.status.peek())) {
        user = list.slice(0, index).findLast((item) => item.role === 'user');
      }
      if (user === undefined) return { ok: false, reason: 'failed' };
      const giveBackSlot = takeRateLimitSlot();
      if (giveBackSlot === null) return { ok: false, reason: 'rate-limited' };
      // The question goes again as a new message at the end, right above its new answer; the one retried goes.
      const question = createMessage({
        id: newId(), role: 'user', status: 'sent', createdAt: clock.now(), text: user.text.peek(), attachments: user.attachments,
      });
      messages.value = [...removeForGood(user.id, target.id), question];
      return ask(question, giveBackSlot, target === user ? '' : target.text.peek());
    },

    edit(messageId) {
      const question = live().find((item) => item.id === messageId);
      if (question?.role !== 'user' || question.status.peek() !== 'failed' || question.attachments.length > 0) return;
      const typed = draft.peek();
      removeForGood(question.id);
      batch(() => {
        remove(question);
        draft.value = typed === '' ? question.text.peek() : `${question.text.peek()}\n${typed}`;
      });
      writeMessages();
    },

    newConversation(forgetDraft) {
      stop(true);
      if (forgetDraft) draft.value = '';
      // Stored, so other tabs end the old conversation too, and their next write cannot bring it back.
      startNew();
      sessions.set(null);
      batch(() => {
        messages.value = [];
        busy.value = false;
      });
      writeMessages();
      // At once, not after the typing delay: a logout that awaits this and leaves must find the text gone.
      if (forgetDraft) writeDraft();
      // Fetched now so the first question of the new conversation does not wait for it; failures retry on send.
      sessions.fresh().catch(() => undefined);
    },

    transcript: () => transcriptOf(live(), deps.settings.peek().name, texts.you),

    sessionKey: () => sessions.current?.key,

    async ensureSession(renew) {
      if (renew) sessions.set(null);
      await (renew ? sessions.fresh(true) : sessions.obtain());
    },

    talkToHuman() {
      const { name, talkToHuman: contact } = deps.settings.peek();
      if (contact === null) return;
      const mailto = mailtoWithTranscript(contact.email, fill(texts.emailSubject, { name }), conversation.transcript());
      conversation.addNotice(contact.responseMessage, mailto);
    },

    addNotice(text, mailto) {
      if (disposed) return;
      const notice = createMessage({
        id: newId(), role: 'notice', status: 'done', createdAt: clock.now(), text, mailto,
      });
      append(notice);
      writeMessages();
      emitMessage(notice);
    },

    persist(leaving) {
      if (disposed) return;
      writeMessages(leaving);
      writeDraft();
    },

    dispose(save = true) {
      if (disposed) return;
      // Keeps what streamed so far, as interrupted.
      if (save) {
        writeMessages(true);
        writeDraft();
      }
      disposed = true;
      disposeAnswering();
      disposeSync();
      cancelRateLimitTimer?.();
    },
  };
  return conversation;
}
