/**
 * The conversation as the panel sees it from the first paint, before its code has loaded: the signals exist at
 * once (empty), and every action loads the conversation code first (conversation.ts is a lazy chunk).
 */
import { signal, type Signal } from '@preact/signals-core';
import type { Conversation } from './conversation.js';
import type { ChatMessage, ConversationModel, RateLimitNotice, SendResult } from './types.js';

/** The signals the panel reads; created before the conversation code loads, then driven by it. */
export interface ConversationState {
  readonly messages: Signal<readonly ChatMessage[]>;
  readonly draft: Signal<string>;
  readonly busy: Signal<boolean>;
  readonly rateLimit: Signal<RateLimitNotice | null>;
  readonly loaded: Signal<boolean>;
}

export function createConversationState(): ConversationState {
  return { messages: signal([]), draft: signal(''), busy: signal(false), rateLimit: signal(null), loaded: signal(false) };
}

export interface LazyConversation extends ConversationModel {
  /** Loads the conversation code (once) and resolves with the live conversation. */
  load(): Promise<Conversation>;
  /** The live conversation, or null while its code has not loaded. */
  current(): Conversation | null;
  /** As ConversationModel's, loading the conversation's code first where needed: ok once it is done. */
  newConversation(forgetDraft?: boolean): Promise<SendResult>;
  /** Disposes the live conversation, and one whose code is still loading as soon as it arrives. */
  dispose(): void;
}

/** What a send that did not happen resolves with (also the element's and a destroyed widget's). */
export const NOT_SENT: SendResult = { ok: false, reason: 'failed' };

export function createLazyConversation(
  state: ConversationState,
  loadConversation: () => Promise<Conversation>,
  onLoadError: (error: unknown) => void,
): LazyConversation {
  let loading: Promise<Conversation> | null = null;
  let live: Conversation | null = null;
  let disposed = false;

  function load(): Promise<Conversation> {
    loading ??= loadConversation().then(
      (conversation) => {
        // Destroyed while the code loaded (a mount and destroy in one task, as React's StrictMode does): the
        // conversation must not start listening to storage or writing to it.
        if (disposed) conversation.dispose(false);
        return (live = conversation);
      },
      (error: unknown) => {
        loading = null; // a chunk that failed to load (offline) is tried again on the next action
        throw error;
      },
    );
    return loading;
  }

  async function withConversation(action: (conversation: Conversation) => Promise<SendResult>): Promise<SendResult> {
    let conversation: Conversation;
    try {
      // A conversation already here acts now, not a microtask later: a destroy() right after (a logout that unmounts
      // the widget) no longer comes first and drops the action.
      conversation = live ?? (await load());
    } catch (error) {
      onLoadError(error);
      return NOT_SENT;
    }
    return disposed ? NOT_SENT : action(conversation);
  }

  return {
    ...state,
    load,
    current: () => live,
    send: (text, attachments) => withConversation((conversation) => conversation.send(text, attachments)),
    stop: () => live?.stop(),
    // A failed question is on screen, so the conversation is loaded.
    edit: (messageId) => live?.edit(messageId),
    retry: (messageId) => withConversation((conversation) => conversation.retry(messageId)),
    newConversation: (forgetDraft) =>
      withConversation(async (conversation) => {
        conversation.newConversation(forgetDraft);
        return { ok: true };
      }),
    transcript: () => live?.transcript() ?? '',
    dispose() {
      disposed = true;
      live?.dispose();
    },
  };
}
