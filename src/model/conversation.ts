/**
 * The conversation: messages as signals, asking with a streamed answer, stop, retry, edit, a new conversation and
 * the local rate limit. Its storage, which the site's other tabs share, is tab-sync.ts's (restoring, merging other
 * tabs' writes, giving up their lost answers): this file writes through it. Loaded lazily (on first open, launcher
 * hover or an API send), so none of this is in the launcher's bundle; the signals the panel reads exist before this
 * code arrives (lazy-conversation.ts).
 *
 * Streaming cost: each chunk only stores the text so far and, at most once per frame, one signal write makes the
 * panel update. The final record lands at once, so the last chunk never waits for a frame.
 */
import { batch } from '@preact/signals-core';
import type { ServiceClient } from '../api/client.js';
import { isServiceError, ServiceError } from '../api/errors.js';
import { failureText } from '../api/messages.js';
import type { AskRequest, ChatAskType } from '../api/types.js';
import { createMessage, type LiveMessage, type Session } from './persistence.js';
import type { ConversationState } from './lazy-conversation.js';
import { errorKind, failureMessage, isSessionRefused, refusedForGood, withHttpTexts } from './failures.js';
import { EMAIL_SUBJECT, fill, GENERIC_FAILURE, YOU, type TextOverrides } from './texts.js';
import { returnSendSlot, takeSendSlot } from './rate-limit.js';
import { createSessionKeeper } from './session-keeper.js';
import { ANSWER_HEARTBEAT_MS, createTabSync } from './tab-sync.js';
import { mailtoWithTranscript, transcriptOf } from './transcript.js';
import { animationFrameScheduler, onOffline, onPageLeaving } from './frame.js';
import type { Cancel, Clock, FrameScheduler } from './scheduler.js';
import type { WidgetSettings } from './settings.js';
import type { KeyValueStore, StorageKind } from './storage.js';
import type {
  Attachment, ChatMessage, ConversationModel, SendResult, WidgetEventMap, WidgetEventName,
} from './types.js';

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

const ASK_TYPES: Record<Attachment['kind'], ChatAskType> = { image: 'Image', audio: 'Audio', video: 'Video' };

/** What an answer ended by the browser going offline failed with: cut off once words arrived, else unreachable. */
function connectionLost(arrived: string): ServiceError {
  const kind = arrived === '' ? 'network' : 'interrupted';
  return new ServiceError(kind, failureText[kind], { operation: 'askStream' });
}

export function createConversation(deps: ConversationDeps): Conversation {
  const { state, clock } = deps;
  // The sentences this file says in English; the other failures' are the service client's own.
  const english: Record<'genericFailure' | 'emptyAnswer' | 'interrupted' | 'you' | 'emailSubject', string> = {
    emailSubject: EMAIL_SUBJECT,
    genericFailure: GENERIC_FAILURE,
    emptyAnswer: failureText.emptyAnswer,
    interrupted: failureText.interrupted,
    you: YOU,
  };
  // The visitor reads an HTTP failure in plain words by its status; the 'error' event, worded in `english`, keeps the
  // service client's sentence with the status, for the page's logs.
  const texts = { ...english, ...withHttpTexts(deps.texts) };
  /** What an answer with no words fails with: its sentence is the conversation's own, not a failure kind's. */
  const emptyAnswer = new ServiceError('malformed', texts.emptyAnswer, { operation: 'askStream' });
  const frame = deps.frame ?? animationFrameScheduler(clock);
  const { messages, draft, busy, rateLimit } = state;
  const messageIds = `${clock.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  let nextId = 0;
  const sessions = createSessionKeeper(deps.newSession);
  let running: { controller: AbortController; stopped: boolean; answer: ChatMessage } | null = null;
  let cancelRateLimitTimer: Cancel | null = null;
  let disposed = false;
  /** The last question's request: destroy() ends it even after its answer is in. */
  let lastAsked: AbortController | null = null;

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
   * rate-limit count when the service refused it or was never reached: only questions it took count. `earlier`: the
   * words of the answer this one retries, kept if none arrive this time.
   */
  async function ask(user: LiveMessage, giveBackSlot: () => void, earlier = ''): Promise<SendResult> {
    const answer = createMessage({ id: newId(), role: 'assistant', status: 'waiting', createdAt: clock.now() });
    const run = { controller: new AbortController(), stopped: false, answer };
    lastAsked = run.controller;
    running = run;
    batch(() => {
      append(answer);
      busy.value = true;
    });
    writeMessages();
    const beat = (): void => {
      if (disposed || run.stopped) return;
      writeMessages();
      cancelBeat = clock.setTimeout(beat, ANSWER_HEARTBEAT_MS);
    };
    let cancelBeat = clock.setTimeout(beat, ANSWER_HEARTBEAT_MS);
    // A page going away (a reload) cancels the request before its pagehide: that failure is the page's, not the
    // service's or the connection's, and the stored question must not say it could not be reached.
    let pageLeft = false;
    const stopWatchingLeave = (deps.pageLeaving ?? onPageLeaving)(() => {
      pageLeft = true;
    });
    // A phone that loses its network seldom sees its connection reset: the answer would hang "arriving" until the
    // stream's silence limit (90 s). The browser saying it is offline ends it now, as a connection failure.
    let wentOffline = false;
    const stopWatchingOffline = (deps.offline ?? onOffline)(() => {
      wentOffline = true;
      run.controller.abort();
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

    // Told once the question is under way: a listener that destroys the widget ends it as destroy() ends any (kept
    // interrupted, with Retry). Told before, it was asked after the destroy, its request never ended.
    emitMessage(user);
    try {
      const session = await unlessStopped(sessions.obtain());
      let final;
      try {
        final = await deps.client.askStream(askRequest(session, user), { onChunk }, { signal: run.controller.signal });
      } catch (error) {
        // A session the service no longer knows (HTTP 401, or Code 401 in an envelope): the question was refused, not
        // asked, so it is asked once in a fresh session instead of failing. Any session may have expired: a stored one,
        // one used before, and the one GetConfig brought as the page loaded, kept unused while the tab stayed open for
        // hours.
        if (!(received === '' && !run.stopped && isSessionRefused(error))) {
          throw error;
        }
        sessions.set(null);
        final = await deps.client.askStream(askRequest(await unlessStopped(sessions.fresh(true)), user), { onChunk }, {
          signal: run.controller.signal,
        });
      }
      const text = final.Answer !== '' ? final.Answer : received;
      // An empty bubble marked done would say nothing and offer nothing: the question fails, to be sent again.
      if (text.trim() === '') throw emptyAnswer;
      cancelPendingFrame();
      batch(() => {
        answer.text.value = text;
        answer.status.value = 'done';
      });
      emitMessage(answer);
      return { ok: true };
    } catch (caught) {
      cancelPendingFrame();
      const arrived = isServiceError(caught) && caught.partialText ? caught.partialText : received;
      // A Retry that fails before a word (still offline) keeps the words the cut-off answer had brought.
      const partial = arrived || earlier;
      const error = wentOffline && !run.stopped ? connectionLost(arrived) : caught;
      // Only a request that failed to reach the service: beforeunload also fires for a mailto: link, a download and a
      // leave the visitor cancelled, after which the service's own refusal must still be shown.
      const told = (words: TextOverrides & typeof english): string =>
        pageLeft && errorKind(error) === 'network'
          ? words.interrupted
          : error === emptyAnswer ? words.emptyAnswer : failureMessage(error, words);
      const reason = told(texts);
      // It counts only if the service may have taken it: not when unreachable, refusing, or answered by something else
      // (an unreadable answer: a captive portal's page, a proxy's).
      if (!run.stopped && arrived.trim() === '' && ['network', 'http', 'business', 'malformed'].includes(errorKind(error))) {
        giveBackSlot();
      }
      batch(() => {
        if (run.stopped) {
          answer.text.value = partial;
          answer.status.value = 'stopped';
        } else if (partial.trim() !== '') {
          answer.text.value = partial;
          answer.error.value = reason;
          answer.status.value = 'interrupted';
        } else {
          // Nothing arrived: the question itself failed. It stays, with its text, marked for a retry unless the service
          // refused it for good (a monthly cap used up, too large): then Edit is what is left, to change it.
          remove(answer);
          user.refused = refusedForGood(error);
          user.error.value = reason;
          user.status.value = 'failed';
        }
      });
      // In English, for the page's logs; the visitor reads `reason`.
      if (!run.stopped) deps.emit('error', { message: told(english), kind: errorKind(error) });
      return { ok: false, reason: run.stopped ? 'stopped' : 'failed' };
    } finally {
      cancelBeat();
      stopWatchingLeave();
      stopWatchingOffline();
      if (running === run) {
        running = null;
        busy.value = false;
      }
      if (!disposed) writeMessagesAfterPaint();
    }
  }

  const [writeMessages, writeMessagesAfterPaint, writeDraft, removeForGood, startNew, disposeSync] = createTabSync(
    { ...deps, texts }, sessions, frame, messageIds, live, () => running?.answer, () => conversation.stop(),
  );

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
      if (target.role === 'user' && target.status.peek() === 'failed' && !target.refused) {
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
      conversation.stop();
      running = null;
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
      conversation.stop();
      // An answer already in may still have its request open for a moment (api/stream.ts, CLOSE_GRACE_MS).
      lastAsked?.abort();
      disposeSync();
      cancelRateLimitTimer?.();
    },
  };
  return conversation;
}
