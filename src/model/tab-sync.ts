/**
 * The conversation in storage, which every tab of the site (and another widget of this chatbot on the page) shows
 * and writes: restoring it, writing it (messages, session, draft), taking in what the other writers store, giving
 * up their answers once their tab is gone, and moving it when RemoveChatLogOnBrowserClose switches between local and
 * session storage. conversation.ts asks and answers, and writes through this.
 *
 * Each writer writes the whole conversation, after merging in what is stored (stored-merge.ts): tabs that only
 * overwrote each other lost messages. Removals and the start of a new conversation are stored too, so a tab that
 * missed them cannot bring the old messages back with its next write.
 */
import { batch, effect } from '@preact/signals-core';
import {
  isArriving, readDraft, readMessages, readRemoved, readSession, readTime, STORE_KEYS, toStored, type LiveMessage,
} from './persistence.js';
import { mergeStored } from './stored-merge.js';
import type { ConversationDeps } from './conversation.js';
import { afterNextPaint } from './frame.js';
import type { Cancel, FrameScheduler } from './scheduler.js';
import type { SessionKeeper } from './session-keeper.js';
import type { WidgetSettings } from './settings.js';
import type { StorageKind } from './storage.js';
import type { ChatMessage } from './types.js';

/** The draft is written this long after the last keystroke. */
const DRAFT_DELAY_MS = 300;
/**
 * While an answer arrives, its tab writes the conversation this often: a tab opened meanwhile (a link of the answer
 * opened in a new tab) shows it growing, and can tell it is still coming.
 */
export const ANSWER_HEARTBEAT_MS = 3_000;
/** Another tab's answer still arriving, with the conversation unwritten this long, lost its tab (killed unseen). */
export const STALE_ANSWER_MS = 10_000;

/**
 * What conversation.ts writes through:
 * - writeMessages: now, after taking in what the other writers stored. `leaving`: the page is going away, so an
 *   answer still arriving is written as interrupted (nothing will finish it, and other tabs would show it arriving
 *   for good).
 * - writeMessagesAfterPaint: once the frame that shows a finished answer has painted: serialising and storing a long
 *   conversation in the same task delayed that frame (issue 6). Nothing is lost in between: pagehide and dispose()
 *   write at once.
 * - writeDraft: now, not DRAFT_DELAY_MS after the last keystroke: a question sent is no longer a draft to restore.
 * - removeForGood: the messages leave the conversation in every tab (a retry, an edit); returns this tab's
 *   messages without them.
 * - startNew: a new conversation starts now; once written, other tabs end the old one too.
 * - dispose: stops watching storage and every timer; the stored conversation stays.
 *
 * A tuple, not an object: the build keeps property names, and six of them cost every visitor about 50 B gzip.
 */
export type TabSync = [
  writeMessages: (leaving?: boolean) => void,
  writeMessagesAfterPaint: () => void,
  writeDraft: () => void,
  removeForGood: (...ids: string[]) => LiveMessage[],
  startNew: () => void,
  dispose: () => void,
];

/**
 * Restores the conversation from storage and from then on keeps it in step with the other writers. `sessions`: the
 * conversation's, which a stored session may replace. `ownIds`: the prefix of the ids of the messages this tab
 * makes. `live`: the messages now. `answering`: the answer this tab is asking for, if any; `stopAnswer` stops it
 * when another tab started a new conversation after it was asked.
 */
export function createTabSync(
  deps: Pick<ConversationDeps, 'settings' | 'chatStore' | 'state' | 'clock'> & { texts: { interrupted: string } },
  sessions: SessionKeeper,
  frame: FrameScheduler,
  ownIds: string,
  live: () => LiveMessage[],
  answering: () => ChatMessage | undefined,
  stopAnswer: () => void,
): TabSync {
  const { state: { messages, draft, loaded }, clock } = deps;
  /** The conversation's sentence for an answer nothing will finish. */
  const interrupted = deps.texts.interrupted;
  let storeKind = storageKindOf(deps.settings.peek());
  let store = deps.chatStore(storeKind);
  /** When this conversation was started (a later stored start is another tab's "new conversation"); 0: never. */
  let startedAt = 0;
  let cancelDraftWrite: Cancel | null = null;
  let cancelWriteAfterPaint: Cancel | null = null;
  let cancelStaleCheck: Cancel | null = null;
  let disposed = false;

  function storageKindOf(settings: WidgetSettings): StorageKind {
    return settings.removeChatLogOnBrowserClose ? 'session' : 'local';
  }
  /**
   * Messages this tab made: its copy is the truth, whatever storage says. No other writer changes them: a retry or
   * an edit removes the message (its id joins `removed`, which every writer keeps) and asks again with a copy of its
   * own. Two writers that both held one message as theirs rewrote it after each other's writes for good.
   */
  const isOwn = (message: ChatMessage): boolean => message.id.startsWith(`${ownIds}-`);
  /** Ids of this conversation's messages some writer removed; grows only, so every writer ends up agreeing. */
  let removed = new Set<string>();
  const kept = (list: LiveMessage[]): LiveMessage[] => list.filter((message) => !removed.has(message.id));

  function restore(): void {
    startedAt = readTime(store, STORE_KEYS.started, clock.now());
    removed = new Set(readRemoved(store));
    // Written lately: an answer still arriving may be streaming in another tab (checkStale gives it up otherwise).
    const lately = clock.now() - readTime(store, STORE_KEYS.saved, clock.now()) < STALE_ANSWER_MS;
    batch(() => {
      messages.value = kept(readMessages(store, lately ? undefined : interrupted));
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
    const quiet = clock.now() - readTime(store, STORE_KEYS.saved, clock.now());
    if (quiet < STALE_ANSWER_MS) cancelStaleCheck = clock.setTimeout(checkStale, STALE_ANSWER_MS - quiet);
    else {
      batch(() => {
        for (const message of arriving) {
          message.status.value = 'interrupted';
          message.error.value = interrupted;
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
    const storedStart = readTime(store, STORE_KEYS.started, clock.now());
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
    // An answer asked before the stored start belongs to the conversation another tab ended.
    if ((answering()?.createdAt ?? Infinity) < startedAt) stopAnswer();
    const list = live();
    const [merged, lacking] = mergeStored(kept(list), kept(readMessages(store)), startedAt, isOwn);
    if (merged.length !== list.length || merged.some((message, index) => message !== list[index])) {
      messages.value = merged;
    }
    checkStale();
    return older || lacking;
  }

  function writeMessages(leaving = false): void {
    cancelWriteAfterPaint?.();
    cancelWriteAfterPaint = null;
    takeInStored(false);
    // Session and start before the messages: a tab that hears of the messages' change reads them at once.
    const session = sessions.current;
    if (session !== null) store.set(STORE_KEYS.session, session);
    else store.remove(STORE_KEYS.session);
    store.set(STORE_KEYS.started, startedAt);
    store.set(STORE_KEYS.removed, [...removed]);
    store.set(STORE_KEYS.saved, clock.now());
    const list = live().map((message) => toStored(message, leaving ? interrupted : undefined));
    // A storage too full for the whole conversation (the site's own data takes the rest of its ~5 MB) keeps its newest
    // half, quarter... for the next page, which otherwise found it as it was before its latest messages. The last
    // write, of the whole list, fails again and so keeps it all in memory for this page (storage.ts).
    if (!store.set(STORE_KEYS.messages, list)) {
      for (let kept = list.length >> 1; kept > 0 && !store.set(STORE_KEYS.messages, list.slice(-kept)); kept >>= 1);
      store.set(STORE_KEYS.messages, list);
    }
  }

  function onStoredChange(): void {
    if (takeInStored(true)) writeMessages();
  }

  function writeDraft(): void {
    cancelDraftWrite?.();
    cancelDraftWrite = null;
    const text = draft.peek();
    if (text === '') store.remove(STORE_KEYS.draft);
    else store.set(STORE_KEYS.draft, text);
  }

  const stopDraftEffect = effect(() => {
    draft.value;
    if (!loaded.peek()) return;
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
    if (live().length === 0 && sessions.current === null && !answering()) restore();
    else {
      writeMessages();
      writeDraft();
    }
    previous.clear();
  });

  restore();
  loaded.value = true;

  return [
    writeMessages,
    () => {
      cancelWriteAfterPaint?.();
      cancelWriteAfterPaint = afterNextPaint(writeMessages, clock, frame);
    },
    writeDraft,
    (...ids) => {
      for (const id of ids) removed.add(id);
      return kept(live());
    },
    () => {
      startedAt = clock.now();
      removed = new Set();
    },
    () => {
      disposed = true;
      stopDraftEffect();
      stopStorageEffect();
      stopWatching();
      cancelDraftWrite?.();
      cancelStaleCheck?.();
    },
  ];
}
