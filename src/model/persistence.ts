/**
 * What a conversation keeps between page loads: its messages (never file bytes: attachments are references to
 * files the service already holds), its session, the unsent draft and when it was started. Everything read back
 * is checked, because storage may hold an older version's data or another script's garbage.
 */
import { signal, type Signal } from '@preact/signals-core';
import { isNumber, isRecord, isString } from '../api/envelope.js';
import type { Attachment, AttachmentKind, ChatMessage, MessageRole, MessageStatus } from './types.js';
import type { KeyValueStore } from './storage.js';

/** A message the model can change: the signals of ChatMessage, writable. */
export interface LiveMessage extends ChatMessage {
  readonly text: Signal<string>;
  readonly status: Signal<MessageStatus>;
  readonly error: Signal<string | null>;
  /** Set as the question fails or the answer is cut off, before its status changes (which re-renders it); never changed after. */
  refused?: boolean;
}

export interface StoredMessage {
  id: string;
  role: MessageRole;
  text: string;
  status: MessageStatus;
  createdAt: number;
  error?: string | null;
  attachments?: readonly Attachment[];
  mailto?: string;
  refused?: boolean;
}

export interface Session {
  id: number;
  key: string;
}

/**
 * `started`: when the visitor last started a new conversation (epoch ms); messages older than that belong to an
 * earlier one. A key of its own, so the messages keep the shape earlier versions wrote and read. `removed`: see
 * readRemoved. `saved`: when the messages were last written (epoch ms), which tells an answer some tab is still
 * streaming from one whose tab is gone.
 */
export const STORE_KEYS = {
  messages: 'messages', session: 'session', draft: 'draft', started: 'started', removed: 'removed', saved: 'saved',
} as const;

export interface MessageInit {
  id: string;
  role: MessageRole;
  createdAt: number;
  text?: string;
  status: MessageStatus;
  error?: string | null;
  attachments?: readonly Attachment[];
  mailto?: string;
  refused?: boolean;
}

export function createMessage(init: MessageInit): LiveMessage {
  return {
    id: init.id,
    role: init.role,
    createdAt: init.createdAt,
    text: signal(init.text ?? ''),
    status: signal(init.status),
    error: signal(init.error ?? null),
    attachments: init.attachments ?? [],
    ...(init.mailto === undefined ? {} : { mailto: init.mailto }),
    refused: init.refused,
  };
}

/** Whether an answer is still on its way (waiting for its first words, or streaming). */
export const isArriving = (status: MessageStatus): boolean => status === 'waiting' || status === 'streaming';

/**
 * An answer still arriving whose page is gone, or going: nothing will finish it, so it is kept as interrupted, with
 * `why` (the conversation's sentence for an interrupted answer).
 */
function endedWithItsPage(message: StoredMessage, why: string | undefined): StoredMessage {
  if (why !== undefined && isArriving(message.status)) {
    message.status = 'interrupted';
    // Not "when the page was closed": a single-page app's route change ends a widget (destroy()) with the page open.
    message.error = why;
  }
  return message;
}

/**
 * What is stored of a message. The store keeps JSON, which leaves out the undefined fields (no error, files or
 * mailto). `endedAs`, when the page is going away: see endedWithItsPage.
 */
export function toStored(message: ChatMessage, endedAs?: string): StoredMessage {
  const stored: StoredMessage = {
    id: message.id,
    role: message.role,
    text: message.text.peek(),
    status: message.status.peek(),
    createdAt: message.createdAt,
    error: message.error.peek() ?? undefined,
    attachments: message.attachments.length > 0 ? message.attachments : undefined,
    mailto: message.mailto,
    refused: message.refused,
  };
  return endedWithItsPage(stored, endedAs);
}

const ROLES: readonly MessageRole[] = ['user', 'assistant', 'notice'];
const STATUSES: readonly MessageStatus[] = ['sent', 'failed', 'waiting', 'streaming', 'done', 'stopped', 'interrupted'];
const KINDS: readonly AttachmentKind[] = ['image', 'audio', 'video'];

function readAttachment(value: unknown): Attachment | null {
  if (!isRecord(value)) return null;
  const { kind, fileId, name, size, mimeType, url } = value;
  if (!KINDS.includes(kind as AttachmentKind) || !isNumber(fileId) || !isString(name) || !isNumber(size)) return null;
  if (!isString(mimeType) || !isString(url)) return null;
  return { kind: kind as AttachmentKind, fileId, name, size, mimeType, url };
}

/**
 * One stored message, or null when it is not one. With `endedAs` (a page load), an answer that was still arriving
 * comes back 'interrupted' (endedWithItsPage): nothing streams it any more. Otherwise another tab may still be
 * streaming it.
 */
export function readStoredMessage(value: unknown, endedAs?: string): StoredMessage | null {
  if (!isRecord(value)) return null;
  const { id, role, text, status, createdAt, error, attachments, mailto, refused } = value;
  if (!isString(id) || !ROLES.includes(role as MessageRole) || !isString(text) || !isNumber(createdAt)) return null;
  // A time beyond Date's range (±8.64e15 ms) makes the message's clock throw as it renders, and the panel with it.
  if (Math.abs(createdAt) > 864e13) return null;
  if (!STATUSES.includes(status as MessageStatus)) return null;
  const message: StoredMessage = { id, role: role as MessageRole, text, status: status as MessageStatus, createdAt };
  if (isString(error)) message.error = error;
  if (Array.isArray(attachments)) {
    message.attachments = attachments.map(readAttachment).filter((item): item is Attachment => item !== null);
  }
  if (isString(mailto) && /^mailto:/i.test(mailto)) message.mailto = mailto;
  if (refused === true) message.refused = true;
  return endedWithItsPage(message, endedAs);
}

export function readMessages(store: KeyValueStore, endedAs?: string): LiveMessage[] {
  const stored = store.get<unknown>(STORE_KEYS.messages);
  if (!Array.isArray(stored)) return [];
  const seen = new Set<string>();
  const messages: LiveMessage[] = [];
  for (const value of stored) {
    const message = readStoredMessage(value, endedAs);
    if (message === null || seen.has(message.id)) continue;
    seen.add(message.id);
    messages.push(createMessage(message));
  }
  return messages;
}

export function readSession(store: KeyValueStore): Session | null {
  const stored = store.get<unknown>(STORE_KEYS.session);
  if (!isRecord(stored) || !isNumber(stored.id) || !isString(stored.key)) return null;
  return { id: stored.id, key: stored.key };
}

export function readDraft(store: KeyValueStore): string {
  const stored = store.get<unknown>(STORE_KEYS.draft);
  return isString(stored) ? stored : '';
}

/**
 * A stored time (`started`, `saved`); 0 when there is none (nothing stored, or stored by an earlier version), or when
 * it is after `now`: a clock set back since (or another script) wrote it, and a start still to come would end every
 * message written before it, the visitor's next question and answer included.
 */
export function readTime(store: KeyValueStore, key: string, now: number): number {
  const stored = store.get<unknown>(key);
  return isNumber(stored) && stored <= now ? stored : 0;
}

/** Ids of messages a writer removed (retried, edited): no other writer brings them back. */
export function readRemoved(store: KeyValueStore): string[] {
  const stored = store.get<unknown>(STORE_KEYS.removed);
  return Array.isArray(stored) ? stored.filter(isString) : [];
}
