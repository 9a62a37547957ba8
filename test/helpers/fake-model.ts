/**
 * A WidgetModel for component tests, made of real signals: tests set state directly (a message streaming, busy,
 * a rate limit) and read which actions the UI called. For behaviour that depends on the model's own logic, the
 * UI tests use the real model with the fake client instead (test/ui/real-model.test.tsx).
 */
import { batch, signal, type Signal } from '@preact/signals-core';
import { DEFAULT_SETTINGS, type WidgetSettings } from '../../src/model/settings';
import type {
  Attachment,
  ChatMessage,
  ConfigState,
  ConversationModel,
  MessageRole,
  MessageStatus,
  RateLimitNotice,
  SendResult,
  WidgetMode,
  WidgetModel,
} from '../../src/model/types';

export interface FakeMessage extends ChatMessage {
  readonly text: Signal<string>;
  readonly status: Signal<MessageStatus>;
  readonly error: Signal<string | null>;
}

export interface MessageInit {
  role: MessageRole;
  text?: string;
  status?: MessageStatus;
  error?: string | null;
  createdAt?: number;
  mailto?: string;
  attachments?: Attachment[];
}

export interface FakeConversation extends ConversationModel {
  readonly messages: Signal<readonly ChatMessage[]>;
  readonly busy: Signal<boolean>;
  readonly rateLimit: Signal<RateLimitNotice | null>;
  readonly loaded: Signal<boolean>;
  /** Every call the UI made, in order. */
  readonly sent: Array<{ text: string; attachments: readonly Attachment[] | undefined }>;
  readonly retried: string[];
  readonly edited: string[];
  stops: number;
  newConversations: number;
  /** What send() resolves with; when ok, send() also adds the user's message and clears a matching draft. */
  sendResult: SendResult;
  add(init: MessageInit): FakeMessage;
}

export interface FakeModel extends WidgetModel {
  readonly settings: Signal<WidgetSettings>;
  readonly config: Signal<ConfigState>;
  readonly configKnown: Signal<boolean>;
  readonly isOpen: Signal<boolean>;
  readonly popup: Signal<string | null>;
  readonly conversation: FakeConversation;
  readonly calls: string[];
}

let nextId = 0;

export function fakeMessage(init: MessageInit): FakeMessage {
  nextId += 1;
  return {
    id: `m${nextId}`,
    role: init.role,
    createdAt: init.createdAt ?? Date.UTC(2024, 0, 15, 9, 30),
    text: signal(init.text ?? ''),
    status: signal(init.status ?? (init.role === 'user' ? 'sent' : 'done')),
    error: signal(init.error ?? null),
    attachments: init.attachments ?? [],
    ...(init.mailto === undefined ? {} : { mailto: init.mailto }),
  };
}

export function createFakeConversation(): FakeConversation {
  const conversation: FakeConversation = {
    messages: signal<readonly ChatMessage[]>([]),
    draft: signal(''),
    busy: signal(false),
    rateLimit: signal<RateLimitNotice | null>(null),
    loaded: signal(true),
    sent: [],
    retried: [],
    edited: [],
    stops: 0,
    newConversations: 0,
    sendResult: { ok: true },
    add(init) {
      const message = fakeMessage(init);
      conversation.messages.value = [...conversation.messages.peek(), message];
      return message;
    },
    async send(text, attachments) {
      conversation.sent.push({ text, attachments });
      if (conversation.sendResult.ok) {
        batch(() => {
          conversation.add({ role: 'user', text });
          if (conversation.draft.peek() === text) conversation.draft.value = '';
        });
      }
      return conversation.sendResult;
    },
    stop() {
      conversation.stops += 1;
    },
    async retry(messageId) {
      conversation.retried.push(messageId);
      return { ok: true };
    },
    edit(messageId) {
      conversation.edited.push(messageId);
    },
    newConversation() {
      conversation.newConversations += 1;
      conversation.messages.value = [];
    },
    transcript() {
      return conversation.messages
        .peek()
        .map((message) => message.text.peek())
        .join('\n');
    },
  };
  return conversation;
}

export function createFakeModel(
  options: { mode?: WidgetMode; settings?: Partial<WidgetSettings>; open?: boolean; locale?: string } = {},
): FakeModel {
  const mode = options.mode ?? 'floating';
  const calls: string[] = [];
  const isOpen = signal(mode === 'inline' || options.open === true);
  const conversation = createFakeConversation();
  const model: FakeModel = {
    mode,
    ...(options.locale === undefined ? {} : { locale: options.locale }),
    settings: signal<WidgetSettings>({ ...DEFAULT_SETTINGS, name: 'Test bot', ...options.settings }),
    config: signal<ConfigState>({ status: 'ready' }),
    configKnown: signal(true),
    isOpen,
    popup: signal<string | null>(null),
    conversation,
    calls,
    open() {
      calls.push('open');
      isOpen.value = true;
      model.popup.value = null; // as the real model: opening the chat ends the welcome popup
    },
    close() {
      calls.push('close');
      if (mode === 'floating') isOpen.value = false;
    },
    toggle() {
      calls.push('toggle');
      if (mode === 'floating') isOpen.value = !isOpen.peek();
      if (isOpen.peek()) model.popup.value = null;
    },
    dismissPopup() {
      calls.push('dismissPopup');
      model.popup.value = null;
    },
    prefetch() {
      calls.push('prefetch');
    },
    reloadConfig() {
      calls.push('reloadConfig');
    },
    talkToHuman() {
      calls.push('talkToHuman');
    },
  };
  return model;
}
