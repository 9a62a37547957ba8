/**
 * Asking one question: its answer streamed into a new assistant message, from the request to how it ends (done,
 * stopped by the visitor, cut off with the words that arrived, or the question itself failed). conversation.ts
 * decides when a question goes (send, retry, the rate limit) and holds the messages; this holds the answer that is
 * running, at most one at a time.
 *
 * Streaming cost: each chunk only stores the text so far and, at most once per frame, one signal write makes the
 * panel update. The final record lands at once, so the last chunk never waits for a frame.
 */
import { batch } from '@preact/signals-core';
import { isServiceError, ServiceError } from '../api/errors.js';
import { failureText } from '../api/messages.js';
import type { AskRequest, ChatAskType } from '../api/types.js';
import type { ConversationDeps } from './conversation.js';
import { errorKind, failureMessage, isSessionRefused, refusedForGood } from './failures.js';
import { onOffline, onPageLeaving } from './frame.js';
import { createMessage, type LiveMessage, type Session } from './persistence.js';
import type { Cancel, FrameScheduler } from './scheduler.js';
import type { SessionKeeper } from './session-keeper.js';
import { ANSWER_HEARTBEAT_MS, type TabSync } from './tab-sync.js';
import { GENERIC_FAILURE, type TextOverrides } from './texts.js';
import type { Attachment, ChatMessage, SendResult } from './types.js';

/**
 * The sentences of an answer's failures that the conversation words itself, in English: the 'error' event's, for the
 * page's logs. The other failures' are the service client's own.
 */
export const ANSWER_ENGLISH: Record<'genericFailure' | 'emptyAnswer' | 'interrupted', string> = {
  genericFailure: GENERIC_FAILURE,
  emptyAnswer: failureText.emptyAnswer,
  interrupted: failureText.interrupted,
};
/** The visitor's words for an answer's failures: mount()'s texts over ANSWER_ENGLISH (conversation.ts). */
export type AnswerTexts = TextOverrides & typeof ANSWER_ENGLISH;

/**
 * What conversation.ts asks through:
 * - ask: asks for `user`'s answer, streaming it into a new assistant message. `giveBackSlot` returns the question's
 *   rate-limit count when the service refused it or was never reached: only questions it took count. `earlier`: the
 *   words of the answer this one retries, kept if none arrive this time.
 * - answering: the answer being asked for, if any.
 * - stop: stops it, keeping what arrived. `forget`: a new conversation starts, so it no longer holds the next
 *   question back.
 * - dispose: stops it for good; an answer already in may still have its request open for a moment (api/stream.ts,
 *   CLOSE_GRACE_MS), which this ends too.
 *
 * A tuple, not an object, as tab-sync.ts's is: the build keeps property names.
 */
export type Answering = [
  ask: (user: LiveMessage, giveBackSlot: () => void, earlier?: string) => Promise<SendResult>,
  answering: () => ChatMessage | undefined,
  stop: (forget?: boolean) => void,
  dispose: () => void,
];

const ASK_TYPES: Record<Attachment['kind'], ChatAskType> = { image: 'Image', audio: 'Audio', video: 'Video' };

/** What an answer ended by the browser going offline failed with: cut off once words arrived, else unreachable. */
function connectionLost(arrived: string): ServiceError {
  const kind = arrived === '' ? 'network' : 'interrupted';
  return new ServiceError(kind, failureText[kind], { operation: 'askStream' });
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
 * `texts`: the visitor's words. `newId`, `append`, `remove` and `emitMessage`: the conversation's, for its messages.
 * `writeMessages` and `writeMessagesAfterPaint` (tab-sync.ts): the conversation is written as the answer starts,
 * while it arrives (every ANSWER_HEARTBEAT_MS) and once it has ended.
 */
export function createAnswering(
  deps: Pick<ConversationDeps, 'client' | 'emit' | 'state' | 'clock' | 'pageLeaving' | 'offline'>,
  sessions: SessionKeeper,
  frame: FrameScheduler,
  texts: AnswerTexts,
  newId: () => string,
  append: (message: LiveMessage) => void,
  remove: (message: ChatMessage) => void,
  emitMessage: (message: ChatMessage) => void,
  writeMessages: TabSync[0],
  writeMessagesAfterPaint: TabSync[1],
): Answering {
  const { clock, state: { busy } } = deps;
  /** What an answer with no words fails with: its sentence is the conversation's own, not a failure kind's. */
  const emptyAnswer = new ServiceError('malformed', texts.emptyAnswer, { operation: 'askStream' });
  let running: { controller: AbortController; stopped: boolean; answer: ChatMessage } | null = null;
  let disposed = false;
  /** The last question's request: dispose ends it even after its answer is in. */
  let lastAsked: AbortController | null = null;

  function stop(forget?: boolean): void {
    if (running === null) return;
    running.stopped = true;
    running.controller.abort();
    if (forget) running = null;
  }

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

    const request = (session: Session): ReturnType<typeof deps.client.askStream> =>
      deps.client.askStream(askRequest(session, user), { onChunk }, { signal: run.controller.signal });

    // Told once the question is under way: a listener that destroys the widget ends it as destroy() ends any (kept
    // interrupted, with Retry). Told before, it was asked after the destroy, its request never ended.
    emitMessage(user);
    try {
      const session = await unlessStopped(sessions.obtain());
      let final;
      try {
        final = await request(session);
      } catch (error) {
        // A session the service no longer knows (HTTP 401, or Code 401 in an envelope): the question was refused, not
        // asked, so it is asked once in a fresh session instead of failing. Any session may have expired: a stored one,
        // one used before, and the one GetConfig brought as the page loaded, kept unused while the tab stayed open for
        // hours.
        if (!(received === '' && !run.stopped && isSessionRefused(error))) {
          throw error;
        }
        sessions.set(null);
        final = await request(await unlessStopped(sessions.fresh(true)));
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
      const told = (words: AnswerTexts): string =>
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
          // Cut off by a refusal for good (a monthly cap reached mid-answer), or a Retry of a cut-off answer refused
          // so before a word: the words stay, without a Retry that would meet the same refusal, as a question
          // refused before its answer began offers no Send again.
          answer.refused = refusedForGood(error);
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
      if (!run.stopped) deps.emit('error', { message: told(ANSWER_ENGLISH), kind: errorKind(error) });
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

  return [
    ask,
    () => running?.answer,
    stop,
    () => {
      disposed = true;
      stop();
      lastAsked?.abort();
    },
  ];
}
