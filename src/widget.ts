/**
 * mount(options) → Widget: puts one chat widget on the page. Each widget gets its own host element, shadow root,
 * model, storage namespace and listeners; two widgets for two chatbots share nothing. Only the launcher's code is
 * loaded here; the panel and the conversation (streaming client, markdown) load on first open (src/boot/README.md).
 */
import { effect } from '@preact/signals-core';
import type { ClientOptions, HeadersOption } from './api/client.js';
import type { ChatbotSettings, OperationName } from './api/types.js';
import { renderLauncher } from './boot/launcher.js';
import { createEmitter, type WidgetListener } from './model/events.js';
import { NOT_SENT } from './model/lazy-conversation.js';
import { requestConfig } from './model/get-config.js';
import { createMemoryStore, openStore, type KeyValueStore, type StorageKind } from './model/storage.js';
import type { TextOverrides } from './model/texts.js';
import { themeVariables } from './model/theme.js';
import type { SendResult, WidgetEventName, WidgetMode } from './model/types.js';
import { createWidgetModel, type WidgetModelHandle } from './model/widget-model.js';

export interface MountOptions {
  /** The chatbot's id. */
  serialNumber: string;
  /** The chat service, e.g. https://chat.example.com (or your own backend that forwards to it). */
  baseUrl: string;
  /** Inline mode: the panel goes into this element, in the page flow, with no launcher. Without it: floating. */
  target?: Element;
  /** Settings with the same names as Edit; they win over what GetConfig returns. */
  settings?: Partial<ChatbotSettings>;
  /** Extra request headers: an object, or a function (sync or async) called before every request. */
  headers?: HeadersOption;
  /** Override any operation's path (relative to baseUrl, or an absolute URL). */
  paths?: Partial<Record<OperationName, string>>;
  fetch?: typeof fetch;
  /** Stacking order of the floating launcher and panel. Default 2147483000. */
  zIndex?: number;
  /**
   * Locale (BCP 47) of message times (its clock: 15:05 or 3:05 PM) and of the rate limit's wait; also the host's
   * lang. Default: the browser's clock and English waits, like the widget's own texts.
   */
  locale?: string;
  /** Floating mode: start with the panel open. */
  open?: boolean;
  /**
   * The widget's own words (its buttons, notes, failures and screen-reader words; not the chatbot's settings), to
   * translate or reword them: any of WidgetTexts, `{name}`-style placeholders kept. With it, those words take the
   * page's language (lang) and direction instead of English; give `locale` too for the times.
   */
  texts?: TextOverrides;
  /**
   * 'none' keeps the conversation in memory only, nothing in local or session storage: a widget mounted again on the
   * page finds it, a reload forgets it. Default 'auto'.
   */
  storage?: 'auto' | 'none';
}

export interface Widget {
  open(): void;
  close(): void;
  toggle(): void;
  /** Sends `text` as the visitor (opening the panel in floating mode). */
  send(text: string): Promise<SendResult>;
  /**
   * Replaces the inline settings (the `settings` option of mount) on the live widget: launcher, panel and theme
   * follow at once, the conversation and the open panel stay. Settings not given come from the chatbot's config
   * again. An invalid value falls back to its default with one console warning.
   */
  update(settings: Partial<ChatbotSettings>): void;
  /** Listens to ready, open, close, message, error; returns the function that stops listening. */
  on<E extends WidgetEventName>(event: E, listener: WidgetListener<E>): () => void;
  /**
   * Starts a new conversation, for a site's logout say: the messages, the session and the unsent text go, here, in
   * storage and in the site's other tabs, as with the panel's "Start a new conversation" (which keeps the text).
   * Resolves `{ ok: true }` once done (the chat's code may have to load first: await it before leaving the page), or
   * `{ ok: false }` when that code could not load or the widget was destroyed first.
   */
  newConversation(): Promise<SendResult>;
  /** Removes every node, listener and timer, and aborts requests. The stored conversation stays. */
  destroy(): void;
}

/** The tag of the element that carries a mounted widget's shadow root. */
export const HOST_TAG = 'chatbot-widget-host';

function fail(message: string): never {
  throw new TypeError(`chatbot-widget mount(): ${message}`);
}

/** Throws the documented TypeError unless `settings` is an object (update(), and the element's settings property). */
export function checkSettings(settings: unknown, where: string): void {
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) {
    throw new TypeError(`chatbot-widget ${where}: settings must be an object.`);
  }
}

/** The options every way of mounting can get wrong: mount(), the script tag's data-texts, the element's properties. */
function checkOptions(options: MountOptions): void {
  const { serialNumber, baseUrl, settings, texts } = options ?? {};
  const text = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';
  if (!text(serialNumber)) fail('serialNumber (the chatbot id) is required.');
  if (!text(baseUrl)) fail('baseUrl (the chat service address) is required.');
  if (settings !== undefined) checkSettings(settings, 'mount()');
  if (!strings(texts)) fail('texts must be an object of strings.');
}

const strings = (value: unknown): boolean =>
  value == null || (typeof value === 'object' && Object.values(value).every((item) => typeof item === 'string'));

/**
 * The options only mount()'s own caller can pass: the script tag and the element read theirs from attributes into
 * valid values, so the script-tag build leaves these checks (and their messages) out.
 */
function checkCallerOptions({ target, zIndex, storage, fetch, paths }: MountOptions): void {
  // null is a container that was not found: an error, not a floating launcher nobody asked for.
  if (target !== undefined && target?.nodeType !== 1) fail(`target must be an element, not ${String(target)}.`);
  if (zIndex !== undefined && !Number.isInteger(zIndex)) fail('zIndex must be a whole number.');
  if (storage !== undefined && storage !== 'auto' && storage !== 'none') fail("storage must be 'auto' or 'none'.");
  // Either would otherwise surface only at a visitor's first question, as a service the widget could not reach.
  if (fetch !== undefined && typeof fetch !== 'function') fail('fetch must be a function.');
  if (!strings(paths)) fail('paths must be an object of strings.');
}

/**
 * storage: 'none' keeps its stores for the page, by chatbot, as blocked storage does (storage.ts): a widget mounted
 * again (a single-page app's route change) finds the conversation, and a reload forgets it.
 */
const memoryStores: Record<string, KeyValueStore> = {};

/** Mounts on a given host (the custom element mounts on itself); `mount` creates its own host. */
export function mountOnHost(host: HTMLElement, mode: WidgetMode, options: MountOptions): Widget {
  checkOptions(options);
  const doc = host.ownerDocument;
  const view = doc.defaultView;
  if (view === null) fail('the host element is not in a window.');
  let absoluteBase = '';
  try {
    absoluteBase = new URL(options.baseUrl, doc.baseURI).href;
  } catch {
    // No URL at all ('http://'): refused below with the words of any other address that is not http(s).
  }
  if (!/^https?:/.test(absoluteBase)) fail(`baseUrl "${options.baseUrl}" is not an http(s) URL.`);
  const serialNumber = options.serialNumber.trim();
  const { paths, headers, fetch } = options;
  // Resolved once against the page: later navigation (pushState) cannot move the service, and URLs the widget
  // keeps (uploaded files in the history) are absolute.
  const clientOptions: Omit<ClientOptions, 'sessionKey' | 'secretKey'> = { baseUrl: absoluteBase, paths, headers, fetch };
  const persistent = options.storage !== 'none';
  // Keyed by storage and namespace, as in storage, so two chatbots' stores cannot meet (a key of kind + serial number
  // made 'local' + 'x' the visitor store of a chatbot 'localx').
  const store = (kind: StorageKind, namespace: string): KeyValueStore =>
    persistent ? openStore(kind, namespace) : (memoryStores[kind + namespace] ??= createMemoryStore());
  const chatStore = (kind: StorageKind): KeyValueStore => store(kind, `cw:${serialNumber}:chat`);
  const emitter = createEmitter((error) => console.error('chatbot-widget: an event listener threw', error));
  const { emit } = emitter;

  const model: WidgetModelHandle = createWidgetModel({
    serialNumber,
    mode,
    inlineSettings: options.settings,
    baseUrl: absoluteBase,
    open: options.open,
    locale: options.locale,
    texts: options.texts ?? undefined,
    fetchConfig: (request, signal) => requestConfig(clientOptions, request, signal),
    loadConversation: (deps) =>
      import('./model/chat-engine.js').then((engine) => engine.startConversation(clientOptions, deps)),
    visitorStore: store('local', `cw:${serialNumber}`),
    chatStore,
    emit,
  });

  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  let themed: Array<[string, string]> = [];
  // The custom element is the page's own element: a variable it set inline with !important, and its own lang,
  // are the page's, not overwritten and put back.
  const isPages = (name: string): boolean => host.style.getPropertyPriority(name) === 'important';
  const stopTheme = effect(() => {
    themed = Object.entries(themeVariables(model.settings.value, options.zIndex));
    for (const [name, value] of themed) if (!isPages(name)) host.style.setProperty(name, value);
  });
  const pageLang = host.getAttribute('lang');
  if (options.locale) host.setAttribute('lang', options.locale);
  // Media code (byte checks, recorder, uploads) loads when a visitor first uses a media button, paste or drop.
  const removeUi = renderLauncher(shadow, model, {
    loadPanel: () => import('./boot/panel-host.js'),
    loadMedia: () =>
      import('./ui/media/controller.js').then((chunk) => chunk.createMediaController({ model, clientOptions, emit })),
  });

  // The conversation is written when a message completes; a page going away mid-answer keeps what streamed.
  // A hidden tab may still be streaming; a page going away is not (pagehide), so its answer is written interrupted.
  const persist = (): void => model.persist(true);
  const onVisibility = (): void => {
    if (doc.visibilityState === 'hidden') model.persist();
  };
  view.addEventListener('pagehide', persist);
  doc.addEventListener('visibilitychange', onVisibility);

  let destroyed = false;
  return {
    open: () => model.open(),
    close: () => model.close(),
    toggle: () => model.toggle(),
    newConversation: () => model.conversation.newConversation(true),
    send(text) {
      if (destroyed) return Promise.resolve(NOT_SENT);
      if (typeof text !== 'string') return Promise.reject(new TypeError('chatbot-widget send(): text must be a string.'));
      model.open();
      return model.conversation.send(text);
    },
    update(settings) {
      checkSettings(settings, 'update()');
      if (!destroyed) model.updateSettings(settings);
    },
    on: (event, listener) => emitter.on(event, listener),
    destroy() {
      if (destroyed) return;
      destroyed = true;
      view.removeEventListener('pagehide', persist);
      doc.removeEventListener('visibilitychange', onVisibility);
      model.dispose();
      stopTheme();
      removeUi();
      emitter.clear();
      for (const [name] of themed) if (!isPages(name)) host.style.removeProperty(name);
      if (options.locale) {
        if (pageLang === null) host.removeAttribute('lang');
        else host.setAttribute('lang', pageLang);
      }
    },
  };
}

/** Puts a widget on the page: floating (launcher + panel) by default, inline inside `options.target`. */
export function mount(options: MountOptions): Widget {
  if (typeof window === 'undefined' || typeof document === 'undefined') {
    throw new Error('chatbot-widget mount(): needs a browser (call it on the client, not during server rendering).');
  }
  checkOptions(options);
  checkCallerOptions(options);
  const { host: _host, ...widget } = mountInPage(options);
  return widget;
}

/**
 * mount() once a browser is certain. The script tag's module (embed.ts) calls this one: it runs only in a page, so
 * its bundle leaves out the server-rendering check and its message. With the host it made, which a page may remove.
 */
export function mountInPage(options: MountOptions): Widget & { host: HTMLElement } {
  checkOptions(options);
  const doc = options.target?.ownerDocument ?? document;
  const host = doc.createElement(HOST_TAG);
  // A floating host goes after <body>, not into it: a transform, filter or containment a page puts on its body would
  // hold the position: fixed launcher and panel inside the body's box (at its end, out of view on a long page), and
  // a page that swaps or re-renders its body (Turbo, an app rendered into <body>) would take the widget with it.
  (options.target ?? doc.documentElement).appendChild(host);
  let widget: Widget;
  try {
    widget = mountOnHost(host, options.target ? 'inline' : 'floating', options);
  } catch (error) {
    host.remove();
    throw error;
  }
  return {
    ...widget,
    host,
    destroy() {
      widget.destroy();
      host.remove();
    },
  };
}
