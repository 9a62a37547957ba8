/**
 * One widget's state: its settings (GetConfig, cached for the next visit, overridden by inline settings), open
 * state, welcome popup and conversation. This file is in the launcher's bundle; the conversation's own code loads
 * on first use (lazy-conversation.ts). No DOM here: widget.ts connects it to the page.
 */
import { computed, effect, signal } from '@preact/signals-core';
import type { ChatbotSettings, GetConfigRequest, PublicConfig } from '../api/types.js';
import { isServiceError } from '../api/errors.js';
import type { Conversation, ConversationDeps, Emit } from './conversation.js';
import { createConversationState, createLazyConversation, type LazyConversation } from './lazy-conversation.js';
import type { Session } from './persistence.js';
import { systemClock, type Clock } from './scheduler.js';
import { resolveSettings, type WidgetSettings } from './settings.js';
import { createTimeZoneMemory } from './time-zone.js';
import type { KeyValueStore, StorageKind } from './storage.js';
import { PANEL_LOAD_FAILED, type TextOverrides } from './texts.js';
import type { ConfigState, WidgetMode, WidgetModel } from './types.js';

/** Keys in the visitor's store: the last GetConfig answer, and whether the welcome popup was shown. */
const CONFIG_KEY = 'config';
const POPUP_SHOWN_KEY = 'popup-shown';

export type ConversationLoader = (deps: Omit<ConversationDeps, 'client'>) => Promise<Conversation>;

export interface WidgetModelOptions {
  serialNumber: string;
  mode: WidgetMode;
  /** Same field names as Edit; they win over GetConfig. */
  inlineSettings?: Partial<ChatbotSettings>;
  /** The service's base URL: relative picture URLs of the config resolve against it. */
  baseUrl?: string;
  /** GetConfig, without a session key (it is public, and a stale key would be refused). */
  fetchConfig(request: GetConfigRequest, signal: AbortSignal): Promise<PublicConfig>;
  /** Loads the conversation code and starts a conversation (a dynamic import in the browser). */
  loadConversation: ConversationLoader;
  /** Always local storage: the cached config, the popup flag and the rate limiter outlive a conversation. */
  visitorStore: KeyValueStore;
  /** The conversation's store, in local or session storage (RemoveChatLogOnBrowserClose). */
  chatStore(kind: StorageKind): KeyValueStore;
  emit: Emit;
  warn?: (message: string) => void;
  clock?: Clock;
  /** Floating mode: start open. */
  open?: boolean;
  /** mount()'s locale, handed to the UI for its times. */
  locale?: string;
  /** mount()'s texts, handed to the UI and the conversation. */
  texts?: TextOverrides;
}

export interface WidgetModelHandle extends WidgetModel {
  readonly conversation: LazyConversation;
  /**
   * Replaces the inline settings and resolves them again over the last known config (no request). Invalid values
   * fall back to their defaults with one warning per call.
   */
  updateSettings(inline: Partial<ChatbotSettings> | undefined): void;
  /** Writes the conversation now: the page is hidden, or with `leaving` going away (see Conversation.persist). */
  persist(leaving?: boolean): void;
  /** Aborts requests, stops timers; the stored conversation stays. */
  dispose(): void;
}

type CachedConfig = Omit<PublicConfig, 'SessionID' | 'SessionKey'>;

/** "YYYY-MM-DD HH:mm:ss" in the visitor's local time, as GetConfig wants it. */
export function formatClientTime(date: Date): string {
  // The ISO form of the instant shifted by the local offset reads as the local wall-clock time.
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * An 'error' event's payload: in English, for the page's logs (the visitor reads the failure in the widget's texts).
 * The service's own words where it gave some, as the visitor reads them (failures.ts) and as a question's event has it.
 */
function describeError(error: unknown): { message: string; kind: string } {
  return isServiceError(error)
    ? { message: error.serviceMessage || error.message, kind: error.kind }
    : { message: PANEL_LOAD_FAILED, kind: 'unknown' };
}

export function createWidgetModel(options: WidgetModelOptions): WidgetModelHandle {
  const { mode, visitorStore, emit, texts = {} } = options;
  const clock = options.clock ?? systemClock;
  const consoleWarn = options.warn ?? ((message: string) => console.warn(message));
  // Settings are resolved twice (cached, then fresh): the same problem is reported once.
  const warned = new Set<string>();
  const warn = (message: string): void => {
    if (warned.has(message)) return;
    warned.add(message);
    consoleWarn(message);
  };
  let inlineSettings = options.inlineSettings;
  const timeZones = createTimeZoneMemory(visitorStore);
  const resolveOptions = { baseUrl: options.baseUrl, isKnownTimeZone: timeZones.isKnown, texts: options.texts };
  const resolve = (config: Partial<PublicConfig> | undefined, report = warn): WidgetSettings =>
    resolveSettings(config, inlineSettings, report, resolveOptions);

  const cached = visitorStore.get<CachedConfig>(CONFIG_KEY);
  const cachedConfig = typeof cached === 'object' && cached !== null && !Array.isArray(cached) ? cached : undefined;
  /** What settings are resolved over: the stored config until GetConfig answers, then its answer. */
  let knownConfig: CachedConfig | undefined = cachedConfig;
  // Silent: the stored config may hold values the operator has fixed since. The problems are reported once GetConfig
  // has answered, from its answer, or from what is known when it fails.
  const settings = signal(resolve(cachedConfig, () => undefined));
  const config = signal<ConfigState>({ status: 'loading' });
  const configKnown = signal(cachedConfig !== undefined);
  // Inline: always true (setOpen leaves it alone); the launcher relies on that.
  const isOpen = signal(mode === 'inline' || options.open === true);
  const popupVisible = signal(false);
  const popup = computed(() => (popupVisible.value && !isOpen.value ? settings.value.welcomeMessage || null : null));

  const aborter = new AbortController();
  let configRequest: Promise<void> | null = null;
  /** The session of the last GetConfig, until a conversation claims it. */
  let unclaimedSession: Session | null = null;
  let popupDecided = false;
  let disposed = false;

  function decidePopup(): void {
    if (popupDecided || mode === 'inline') return;
    popupDecided = true;
    const current = settings.peek();
    if (isOpen.peek() || current.welcomeMessage === '') return;
    if (current.popupOnce) {
      // "Once per visitor": the flag lives in local storage even when the chat log lives in session storage.
      if (visitorStore.get<boolean>(POPUP_SHOWN_KEY) === true) return;
      visitorStore.set(POPUP_SHOWN_KEY, true);
    }
    popupVisible.value = true;
  }

  /**
   * GetConfig: fresh settings, and a new session left for the next conversation that needs one. After a failure
   * (Retry, or a question that needs a session) the panel says "Connecting…" again, not "unavailable", while it asks.
   */
  function loadConfig(): Promise<void> {
    if (config.peek().status === 'failed') config.value = { status: 'loading' };
    configRequest ??= options
      .fetchConfig(
        {
          serialNumber: options.serialNumber,
          clientTimeZone: timeZones.browserZone(new Date(clock.now())),
          clientCurrentTime: formatClientTime(new Date(clock.now())),
        },
        aborter.signal,
      )
      .then(
        (fresh) => {
          configRequest = null;
          const { SessionID, SessionKey, ...rest } = fresh;
          unclaimedSession = { id: SessionID, key: SessionKey };
          visitorStore.set(CONFIG_KEY, (knownConfig = rest));
          settings.value = resolve(fresh);
          configKnown.value = true;
          const wasReady = config.peek().status === 'ready';
          config.value = { status: 'ready' };
          decidePopup();
          if (!wasReady && !disposed) emit('ready', { settings: settings.peek() });
        },
        (error: unknown) => {
          configRequest = null;
          const problem = describeError(error);
          // For its warnings only: the settings already hold this result, resolved silently at the start.
          resolve(knownConfig);
          if (!disposed) {
            config.value = { status: 'failed', error };
            emit('error', problem);
          }
          throw error;
        },
      );
    return configRequest;
  }

  function startConfig(): void {
    loadConfig().catch(() => undefined); // reported through `config` and the error event
  }

  /**
   * A session for a new conversation: the one GetConfig brought, if unused, else one from a fresh GetConfig. After
   * the service refused a session, an unused one from the page's first GetConfig may have expired with it.
   */
  async function newSession(afterExpiry?: boolean): Promise<Session> {
    if (afterExpiry) unclaimedSession = null;
    if (configRequest === null && unclaimedSession === null) void loadConfig().catch(() => undefined);
    if (configRequest !== null) await configRequest;
    const session = unclaimedSession;
    if (session === null) throw new Error('GetConfig brought no session.');
    unclaimedSession = null;
    return session;
  }

  const conversationState = createConversationState();
  const conversation = createLazyConversation(
    conversationState,
    () =>
      options.loadConversation({
        settings,
        chatStore: options.chatStore,
        visitorStore,
        newSession,
        emit,
        texts,
        state: conversationState,
        clock,
      }),
    (error) => emit('error', { message: PANEL_LOAD_FAILED, kind: describeError(error).kind }),
  );

  function setOpen(open: boolean): void {
    if (mode === 'inline' || isOpen.peek() === open || disposed) return;
    if (open) {
      popupVisible.value = false;
      conversation.load().catch(() => undefined);
    }
    isOpen.value = open;
    emit(open ? 'open' : 'close', undefined);
  }


  // A conversation kept in local storage from before the operator chose RemoveChatLogOnBrowserClose must not outlive
  // the browser session, also for a visitor who never opens the chat again (a loaded one moves itself: tab-sync.ts).
  const stopForgetting = effect(() => {
    if (settings.value.removeChatLogOnBrowserClose) options.chatStore('local').clear();
  });

  startConfig();
  if (cachedConfig !== undefined) decidePopup();
  if (isOpen.peek()) conversation.load().catch(() => undefined);

  return {
    mode,
    locale: options.locale,
    texts: options.texts,
    settings,
    config,
    configKnown,
    isOpen,
    popup,
    conversation,
    open: () => setOpen(true),
    close: () => setOpen(false),
    toggle: () => setOpen(!isOpen.peek()),
    dismissPopup() {
      popupVisible.value = false;
    },
    prefetch() {
      conversation.load().catch(() => undefined);
    },
    reloadConfig() {
      if (configRequest === null && !disposed) startConfig();
    },
    talkToHuman() {
      conversation.load().then((live) => live.talkToHuman(), () => undefined);
    },
    updateSettings(inline) {
      inlineSettings = inline;
      // Each call reports its own invalid values; the next GetConfig answer does not repeat them.
      settings.value = resolve(knownConfig, (message) => {
        warned.add(message);
        consoleWarn(message);
      });
    },
    persist(leaving) {
      conversation.current()?.persist(leaving);
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      aborter.abort();
      stopForgetting();
      conversation.dispose();
    },
  };
}
