/**
 * The conversation: messages as signals, asking with a streamed answer, stop, retry, the local rate limit and
 * persistence. Loaded lazily (on first open, launcher hover or an API send), so none of this is in the launcher's
 * bundle; the signals the panel reads exist before this code arrives (lazy-conversation.ts).
 *
 * Streaming cost: each chunk only stores the text so far and, at most once per frame, one signal write makes the
 * panel update. The final record lands at once, so the last chunk never waits for a frame.
 */
import { batch, effect } from '@preact/signals-core';
import type { ServiceClient } from '../api/client.js';
import { isServiceError, ServiceError } from '../api/errors.js';
import { failureText } from '../api/messages.js';
import type { AskRequest, ChatAskType } from '../api/types.js';
import {
  createMessage, isArriving, readDraft, readMessages, readRemoved, readSession, readTime, STORE_KEYS, toStored,
  type LiveMessage, type Session,
} from './persistence.js';
import { mergeStored } from './stored-merge.js';
import type { ConversationState } from './lazy-conversation.js';
import { errorKind, failureMessage } from './failures.js';
import { returnSendSlot, takeSendSlot } from './rate-limit.js';
import { createSessionKeeper } from './session-keeper.js';
import { transcriptOf } from './transcript.js';
import { afterNextPaint, animationFrameScheduler, onPageLeaving } from './frame.js';
import type { Cancel, Clock, FrameScheduler } from './scheduler.js';
import type { WidgetSettings } from './settings.js';
import type { KeyValueStore, StorageKind } from './storage.js';
import type {
  Attachment, ChatMessage, ConversationModel, SendResult, WidgetEventMap, WidgetEventName,
} from './types.js';

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
}

export interface Conversation extends ConversationModel {
  /** Key of the current session, for the chatrobot-sessionkey header. */
  sessionKey(): string | undefined;
  /** Starts a session now if there is none: an upload before the first question needs its key. */
  ensureSession(): Promise<void>;
  /** Adds a notice (talk to a person) to the conversation. */
  addNotice(text: string, mailto?: string): void;
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

/** The draft is written this long after the last keystroke. */
const DRAFT_DELAY_MS = 300;
/**
 * While an answer arrives, its tab writes the conversation this often: a tab opened meanwhile (a link of the answer
 * opened in a new tab) shows it growing, and can tell it is still coming.
 */
export const ANSWER_HEARTBEAT_MS = 3_000;
/** Another tab's answer still arriving, with the conversation unwritten this long, lost its tab (killed unseen). */
export const STALE_ANSWER_MS = 10_000;

const ASK_TYPES: Record<Attachment['kind'], ChatAskType> = { image: 'Image', audio: 'Audio', video: 'Video' };

export function createConversation(deps: ConversationDeps): Conversation {
  const { state, clock } = deps;
  const frame = deps.frame ?? animationFrameScheduler(clock);
  const { messages, draft, busy, rateLimit, loaded } = state;
  const messageIds = `${clock.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  let nextId = 0;
  let storeKind = storageKindOf(deps.settings.peek());
  let store = deps.chatStore(storeKind);
  /** When this conversation was started (a later stored start is another tab's "new conversation"); 0: never. */
  let startedAt = 0;
  const sessions = createSessionKeeper(deps.newSession);
  let running: { controller: AbortController; stopped: boolean; answer: ChatMessage } | null = null;
  let cancelRateLimitTimer: Cancel | null = null;
  let cancelDraftWrite: Cancel | null = null;
  let cancelPersistAfterFrame: Cancel | null = null;
  let cancelStaleCheck: Cancel | null = null;
  let disposed = false;
  /** The last question's request: destroy() ends it even after its answer is in. */
  let lastAsked: AbortController | null = null;

  function storageKindOf(settings: WidgetSettings): StorageKind {
    return settings.removeChatLogOnBrowserClose ? 'session' : 'local';
  }
  const live = (): LiveMessage[] => messages.peek() as LiveMessage[];
  const newId = (): string => `${messageIds}-${(nextId += 1)}`;
  /**
   * Messages this tab made: its copy is the truth, whatever storage says. No other writer changes them: a retry or
   * an edit removes the message (its id joins `removed`, which every writer keeps) and asks again with a copy of its
   * own. Two writers that both held one message as theirs rewrote it after each other's writes for good.
   */
  const isOwn = (message: ChatMessage): boolean => message.id.startsWith(`${messageIds}-`);
  /** Ids of this conversation's messages some writer removed; grows only, so every writer ends up agreeing. */
  let removed = new Set<string>();
  const kept = (list: LiveMessage[]): LiveMessage[] => list.filter((message) => !removed.has(message.id));

  function restore(): void {
    startedAt = readTime(store, STORE_KEYS.started);
    removed = new Set(readRemoved(store));
    // Written lately: an answer still arriving may be streaming in another tab (checkStale gives it up otherwise).
    const lately = clock.now() - readTime(store, STORE_KEYS.saved) < STALE_ANSWER_MS;
    batch(() => {
      messages.value = kept(readMessages(store, !lately));
      if (draft.peek() === '') draft.value = readDraft(store);
    });
    // Only a stored session replaces the current one: a session still on its way (an upload asked for it before
    // the settings switched storage) belongs to this empty conversation too.
    const stored = readSession(store);
    if (stored !== null) sessions.set(stored);
    checkStale();
  }

  /** Gives up other tabs' answers still arriving once the conversation has gone unwritten for STALE_ANSWER_MS. */
  function checkStale(): void {
    cancelStaleCheck?.();
    cancelStaleCheck = null;
    const arriving = live().filter((message) => !isOwn(message) && isArriving(message.status.peek()));
    // Storage is read only when another tab's answer is arriving: this runs on every write of this tab too.
    if (arriving.length === 0 || disposed) return;
    const quiet = clock.now() - readTime(store, STORE_KEYS.saved);
    if (quiet < STALE_ANSWER_MS) cancelStaleCheck = clock.setTimeout(checkStale, STALE_ANSWER_MS - quiet);
    else {
      batch(() => {
        for (const message of arriving) {
          message.status.value = 'interrupted';
          message.error.value = failureText.interrupted;
        }
      });
    }
  }

  /**
   * Takes in what other writers stored (stored-merge.ts). A later stored start (a "new conversation" elsewhere) ends
   * this one. `otherTabWrote`: its session wins over this tab's. True when storage lacks something of this tab's,
   * which must then be written again.
   */
  function takeInStored(otherTabWrote: boolean): boolean {
    const storedStart = readTime(store, STORE_KEYS.started);
    const ended = storedStart > startedAt;
    if (ended) {
      startedAt = storedStart;
      removed = new Set();
    }
    // Written before this tab's new conversation: its messages, removals and session belong to the old one.
    const older = storedStart < startedAt;
    if (!older) for (const id of readRemoved(store)) removed.add(id);
    const storedSession = readSession(store);
    if (ended || (!older && storedSession !== null && (otherTabWrote || sessions.current === null))) {
      sessions.set(storedSession);
    }
    if (running !== null && running.answer.createdAt < startedAt) conversation.stop();
    const list = live();
    const [merged, lacking] = mergeStored(kept(list), kept(readMessages(store, false)), startedAt, isOwn);
    if (merged.length !== list.length || merged.some((message, index) => message !== list[index])) {
      messages.value = merged;
    }
    checkStale();
    return older || lacking;
  }

  function persistMessages(leaving = false): void {
    cancelPersistAfterFrame?.();
    cancelPersistAfterFrame = null;
    takeInStored(false);
    // Session and start before the messages: a tab that hears of the messages' change reads them at once.
    const session = sessions.current;
    if (session !== null) store.set(STORE_KEYS.session, session);
    else store.remove(STORE_KEYS.session);
    store.set(STORE_KEYS.started, startedAt);
    store.set(STORE_KEYS.removed, [...removed]);
    store.set(STORE_KEYS.saved, clock.now());
    store.set(STORE_KEYS.messages, live().map((message) => toStored(message, leaving)));
  }

  function onStoredChange(): void {
    if (takeInStored(true)) persistMessages();
  }

  /**
   * Saves once the frame that shows a finished answer has painted: serialising and storing a long conversation in
   * the same task delayed that frame (issue 6). Nothing is lost in between: pagehide and dispose() save at once.
   */
  function persistAfterFrame(): void {
    cancelPersistAfterFrame?.();
    cancelPersistAfterFrame = afterNextPaint(persistMessages, clock, frame);
  }

  function writeDraft(): void {
    cancelDraftWrite?.();
    cancelDraftWrite = null;
    const text = draft.peek();
    if (text === '') store.remove(STORE_KEYS.draft);
    else store.set(STORE_KEYS.draft, text);
  }

  function saveNow(leaving?: boolean): void {
    persistMessages(leaving);
    writeDraft();
  }

  function append(...added: LiveMessage[]): void {
    messages.value = [...live(), ...added];
  }
  function remove(message: ChatMessage): void {
    messages.value = live().filter((item) => item !== message);
  }

  function emitMessage(message: ChatMessage): void {
    deps.emit('message', { id: message.id, role: message.role, text: message.text.peek() });
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

  function askRequest(asked: Session, user: ChatMessage): Omit<AskRequest, 'stream'> {
    const files = user.attachments;
    const first = files[0];
    return {
      sessionID: asked.id,
      content: user.text.peek(),
      chatAskType: first === undefined ? 'Text' : ASK_TYPES[first.kind],
      ...(files.length > 0 ? { fileIds: files.map((file) => file.fileId) } : {}),
    };
  }

  /**
   * Asks for `user`'s answer, streaming it into a new assistant message. `giveBackSlot` returns the question's
   * rate-limit count when the service refused it or was never reached: only questions it took count.
   */
  async function ask(user: LiveMessage, giveBackSlot: () => void): Promise<SendResult> {
    const answer = createMessage({ id: newId(), role: 'assistant', status: 'waiting', createdAt: clock.now() });
    const run = { controller: new AbortController(), stopped: false, answer };
    lastAsked = run.controller;
    running = run;
    batch(() => {
      append(answer);
      busy.value = true;
    });
    persistMessages();
    const beat = (): void => {
      if (disposed || run.stopped) return;
      persistMessages();
      cancelBeat = clock.setTimeout(beat, ANSWER_HEARTBEAT_MS);
    };
    let cancelBeat = clock.setTimeout(beat, ANSWER_HEARTBEAT_MS);
    // A page going away (a reload) cancels the request before its pagehide: that failure is the page's, not the
    // service's or the connection's, and the stored question must not say it could not be reached.
    let pageLeft = false;
    const stopWatchingLeave = (deps.pageLeaving ?? onPageLeaving)(() => {
      pageLeft = true;
    });

    let received = '';
    let cancelFrame: Cancel | null = null;
    const flush = (): void => {
      cancelFrame = null;
      batch(() => {
        answer.text.value = received;
        if (answer.status.peek() === 'waiting') answer.status.value = 'streaming';
      });
    };
    const onChunk = (_chunk: string, text: string): void => {
      if (running !== run) return;
      received = text;
      if (cancelFrame === null) cancelFrame = frame(flush);
    };
    const cancelPendingFrame = (): void => {
      cancelFrame?.();
      cancelFrame = null;
    };
    /** `waited`, unless the visitor stops first: a session that never comes must not hold the question. */
    const unlessStopped = <T>(waited: Promise<T>): Promise<T> =>
      new Promise((resolve, reject) => {
        run.controller.signal.addEventListener('abort', () => reject(new DOMException('stopped', 'AbortError')));
        waited.then(resolve, reject);
      });

    try {
      // A session there already was restored or used before: it may have expired.
      const restored = sessions.current !== null;
      const session = await unlessStopped(sessions.obtain());
      let final;
      try {
        final = await deps.client.askStream(askRequest(session, user), { onChunk }, { signal: run.controller.signal });
      } catch (error) {
        // A stored session the service no longer knows (HTTP 401): the question was refused, not asked, so it is
        // asked once in a fresh session instead of failing.
        if (!(restored && received === '' && !run.stopped && isServiceError(error) && error.status === 401)) {
          throw error;
        }
        sessions.set(null);
        final = await deps.client.askStream(askRequest(await unlessStopped(sessions.fresh(true)), user), { onChunk }, {
          signal: run.controller.signal,
        });
      }
      const text = final.Answer !== '' ? final.Answer : received;
      // An empty bubble marked done would say nothing and offer nothing: the question fails, to be sent again.
      if (text.trim() === '') throw new ServiceError('malformed', failureText.emptyAnswer, { operation: 'askStream' });
      cancelPendingFrame();
      batch(() => {
        answer.text.value = text;
        answer.status.value = 'done';
      });
      emitMessage(answer);
      return { ok: true };
    } catch (error) {
      cancelPendingFrame();
      const partial = isServiceError(error) && error.partialText ? error.partialText : received;
      const reason = pageLeft ? failureText.interrupted : failureMessage(error);
      batch(() => {
        if (run.stopped) {
          answer.text.value = partial;
          answer.status.value = 'stopped';
        } else if (partial.trim() !== '') {
          answer.text.value = partial;
          answer.error.value = reason;
          answer.status.value = 'interrupted';
        } else {
          // Nothing arrived: the question itself failed. It stays, with its text, marked for a retry. It counts
          // only if the service may have taken it: not when unreachable, refusing, or answered by something else
          // (an unreadable answer: a captive portal's page, a proxy's).
          if (['network', 'http', 'business', 'malformed'].includes(errorKind(error))) giveBackSlot();
          remove(answer);
          user.error.value = reason;
          user.status.value = 'failed';
        }
      });
      if (!run.stopped) deps.emit('error', { message: reason, kind: errorKind(error) });
      return { ok: false, reason: run.stopped ? 'stopped' : 'failed' };
    } finally {
      cancelBeat();
      stopWatchingLeave();
      if (running === run) {
        running = null;
        busy.value = false;
      }
      if (!disposed) persistAfterFrame();
    }
  }

  const stopDraftEffect = effect(() => {
    draft.value;
    if (!loaded.peek() || disposed) return;
    cancelDraftWrite?.();
    cancelDraftWrite = clock.setTimeout(writeDraft, DRAFT_DELAY_MS);
  });

  let stopWatching = store.watch(STORE_KEYS.messages, onStoredChange);
  // RemoveChatLogOnBrowserClose may arrive (or change) after the conversation was restored from the other storage.
  const stopStorageEffect = effect(() => {
    const kind = storageKindOf(deps.settings.value);
    if (kind === storeKind) return;
    const previous = store;
    storeKind = kind;
    store = deps.chatStore(kind);
    stopWatching();
    stopWatching = store.watch(STORE_KEYS.messages, onStoredChange);
    if (live().length === 0 && sessions.current === null && running === null) restore();
    else saveNow();
    previous.clear();
  });

  restore();
  loaded.value = true;

  const conversation: Conversation = {
    ...state,

    async send(text, attachments = []) {
      const content = text.trim();
      if (content === '' && attachments.length === 0) return { ok: false, reason: 'empty' };
      if (running !== null || disposed) return { ok: false, reason: 'busy' };
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
      emitMessage(user);
      return ask(user, giveBackSlot);
    },

    stop() {
      if (running === null) return;
      running.stopped = true;
      running.controller.abort();
    },

    async retry(messageId) {
      const list = live();
      const index = list.findIndex((item) => item.id === messageId);
      const target = list[index];
      if (target === undefined) return { ok: false, reason: 'failed' };
      if (running !== null || disposed) return { ok: false, reason: 'busy' };
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
      removed.add(user.id).add(target.id);
      messages.value = [...kept(live()), question];
      return ask(question, giveBackSlot);
    },

    edit(messageId) {
      const question = live().find((item) => item.id === messageId);
      if (question?.role !== 'user' || question.status.peek() !== 'failed' || question.attachments.length > 0) return;
      const typed = draft.peek();
      removed.add(question.id);
      batch(() => {
        remove(question);
        draft.value = typed === '' ? question.text.peek() : `${question.text.peek()}\n${typed}`;
      });
      persistMessages();
    },

    newConversation() {
      conversation.stop();
      running = null;
      // Stored, so other tabs end the old conversation too, and their next write cannot bring it back.
      startedAt = clock.now();
      removed = new Set();
      sessions.set(null);
      batch(() => {
        messages.value = [];
        busy.value = false;
      });
      persistMessages();
      // Fetched now so the first question of the new conversation does not wait for it; failures retry on send.
      sessions.fresh().catch(() => undefined);
    },

    transcript: () => transcriptOf(live(), deps.settings.peek().name),

    sessionKey: () => sessions.current?.key,

    async ensureSession() {
      await sessions.obtain();
    },

    addNotice(text, mailto) {
      if (disposed) return;
      const notice = createMessage({
        id: newId(), role: 'notice', status: 'done', createdAt: clock.now(), text, mailto,
      });
      append(notice);
      persistMessages();
      emitMessage(notice);
    },

    persist(leaving) {
      if (!disposed) saveNow(leaving);
    },

    dispose(save = true) {
      if (disposed) return;
      // Keeps what streamed so far, as interrupted.
      if (save) saveNow(true);
      disposed = true;
      conversation.stop();
      // An answer already in may still have its request open for a moment (api/stream.ts, CLOSE_GRACE_MS).
      lastAsked?.abort();
      stopDraftEffect();
      stopStorageEffect();
      stopWatching();
      cancelRateLimitTimer?.();
      cancelDraftWrite?.();
      cancelStaleCheck?.();
    },
  };
  return conversation;
}
