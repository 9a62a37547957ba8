/**
 * A conversation wired to fakes: the fake client, a fake clock, manual animation frames and fake local/session
 * storage. `reload()` builds a second conversation on the same storage, as a page reload would; a harness made with
 * another's `local` and `session` is a second tab of the site, told of the other's writes by `storageEvent()`.
 */
import { signal, type Signal } from '@preact/signals-core';
import { createConversation, type Conversation, type Emit } from '../../src/model/conversation';
import { createConversationState } from '../../src/model/lazy-conversation';
import type { Session } from '../../src/model/persistence';
import { DEFAULT_SETTINGS, type WidgetSettings } from '../../src/model/settings';
import { openStore, type StorageChange } from '../../src/model/storage';
import type { WidgetEventMap, WidgetEventName } from '../../src/model/types';
import { createFakeClient, type FakeClient } from './fake-client';
import { FakeStorage } from './fake-storage';
import { createFakeClock, createManualFrames, type FakeClock, type ManualFrames } from './fake-time';

export const SERIAL = 'demo-realty';

export interface EmittedEvent {
  name: WidgetEventName;
  payload: WidgetEventMap[WidgetEventName];
}

export interface Harness {
  conversation: Conversation;
  fake: FakeClient;
  clock: FakeClock;
  frames: ManualFrames;
  local: FakeStorage;
  session: FakeStorage;
  settings: Signal<WidgetSettings>;
  events: EmittedEvent[];
  /** What the conversation emits with: other parts of a widget (the media controller) emit into `events` with it. */
  emit: Emit;
  sessionsIssued: Session[];
  /**
   * Delivers the `storage` event a browser fires in this tab when another tab has written `key` (the full key, e.g.
   * cw:demo-realty:chat:messages) of `storage` (local by default). Browsers never send a tab its own writes.
   */
  storageEvent(key: string, storage?: FakeStorage): void;
  /** What a browser's beforeunload tells: the page starts to go away (a reload, a link followed). */
  leavePage(): void;
  /** How many listen for the page leaving now (the conversation listens only while a question waits). */
  pageLeaveListeners(): number;
  /** What a browser's 'offline' event tells: the network is gone. */
  goOffline(): void;
  /** How many listen for 'offline' now (only while a question waits). */
  offlineListeners(): number;
  /** A new conversation on the same storage, clock and settings (the old one is disposed). */
  reload(): Harness;
}

export interface HarnessOptions {
  settings?: Partial<WidgetSettings>;
  local?: FakeStorage;
  session?: FakeStorage;
  clock?: FakeClock;
  settingsSignal?: Signal<WidgetSettings>;
  newSession?: () => Promise<Session>;
}

export function createHarness(options: HarnessOptions = {}): Harness {
  const local = options.local ?? new FakeStorage();
  const session = options.session ?? new FakeStorage();
  const clock = options.clock ?? createFakeClock();
  const frames = createManualFrames();
  const fake = createFakeClient();
  const settings = options.settingsSignal ?? signal<WidgetSettings>({ ...DEFAULT_SETTINGS, ...options.settings });
  const events: EmittedEvent[] = [];
  const emit: Emit = (name, payload) => void events.push({ name, payload });
  const sessionsIssued: Session[] = [];
  let nextSession = 100;
  const storageListeners = new Set<(event: StorageChange) => void>();
  const leaveListeners = new Set<() => void>();
  const offlineListeners = new Set<() => void>();
  const source = {
    localStorage: local,
    sessionStorage: session,
    addEventListener: (_type: 'storage', listener: (event: StorageChange) => void) => storageListeners.add(listener),
    removeEventListener: (_type: 'storage', listener: (event: StorageChange) => void) => storageListeners.delete(listener),
  };
  const conversation = createConversation({
    client: fake.client,
    settings,
    chatStore: (kind) => openStore(kind, `cw:${SERIAL}:chat`, source),
    visitorStore: openStore('local', `cw:${SERIAL}`, source),
    newSession:
      options.newSession ??
      (async () => {
        nextSession += 1;
        const issued = { id: nextSession, key: `key-${nextSession}` };
        sessionsIssued.push(issued);
        return issued;
      }),
    emit,
    state: createConversationState(),
    clock,
    frame: frames.frame,
    pageLeaving(listener) {
      leaveListeners.add(listener);
      return () => {
        leaveListeners.delete(listener);
      };
    },
    offline(listener) {
      offlineListeners.add(listener);
      return () => {
        offlineListeners.delete(listener);
      };
    },
  });
  const harness: Harness = {
    conversation, fake, clock, frames, local, session, settings, events, emit, sessionsIssued,
    storageEvent(key, storage = local) {
      for (const listener of [...storageListeners]) listener({ key, storageArea: storage });
    },
    leavePage() {
      for (const listener of [...leaveListeners]) listener();
    },
    pageLeaveListeners: () => leaveListeners.size,
    goOffline() {
      for (const listener of [...offlineListeners]) listener();
    },
    offlineListeners: () => offlineListeners.size,
    reload() {
      conversation.dispose();
      return createHarness({ ...options, local, session, clock, settingsSignal: settings });
    },
  };
  return harness;
}

/** Lets pending promise callbacks run. */
export async function settle(): Promise<void> {
  for (let round = 0; round < 5; round += 1) await Promise.resolve();
}

export const texts = (conversation: Conversation): string[] => conversation.messages.value.map((m) => m.text.value);
export const statuses = (conversation: Conversation): string[] =>
  conversation.messages.value.map((m) => `${m.role}:${m.status.value}`);
