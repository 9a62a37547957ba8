/**
 * The script-tag module (dist/chatbot-widget.module.js), imported by the loader (loader.ts). It registers
 * <chatbot-widget>, mounts the widget the script tag's data attributes describe, runs the calls queued on the
 * global `ChatbotWidget` before it loaded, and from then on runs every call at once. A tag without
 * data-serial-number only registers the element (a page of <chatbot-widget> elements needs nothing else): it mounts
 * nothing and says nothing until a call to `ChatbotWidget` needs the widget it does not have.
 */
import { defineElement, zIndexAttribute } from './element.js';
import { isWidgetEventName } from './model/events.js';
import type { WidgetEventName } from './model/types.js';
import { mountInPage, type MountOptions, type Widget } from './widget.js';

/** What the loader leaves on the global: the queue, the loading sentinel, its script's data attributes. */
export interface GlobalApi {
  /** A call made once this module runs returns what the widget's method does (a Promise for send and newConversation). */
  (...args: unknown[]): unknown;
  /** Calls made before this module ran; afterwards a queue whose push runs the call at once. */
  q?: Iterable<unknown>[] | { push(args: Iterable<unknown>): void };
  /** Sentinel: 1 once a loader started, 2 once this module took over; a second snippet then does nothing. */
  l?: number;
  /** The loading script's data attributes. */
  c?: Record<string, string | undefined>;
  /** The loading script element (inline mode puts the panel right after it). */
  s?: HTMLScriptElement | null;
}

type Global = typeof globalThis & { ChatbotWidget?: GlobalApi };

const warn = (message: string): void => console.warn(`ChatbotWidget: ${message}`);

/**
 * Mount options from the script's data-* attributes: data-serial-number, data-base-url (default: the script's
 * origin), data-mode="inline" (the panel goes right after the script tag), data-z-index, data-open,
 * data-storage="none", data-locale, data-texts (mount()'s texts as JSON; not JSON: ignored, with a warning).
 */
function optionsFromDataset(data: Record<string, string | undefined>, script: HTMLScriptElement | null | undefined): MountOptions | null {
  const serialNumber = data.serialNumber;
  const baseUrl = data.baseUrl || (script?.src ? new URL(script.src).origin : '');
  if (!serialNumber || !baseUrl) return null;
  const options: MountOptions = {
    serialNumber,
    baseUrl,
    zIndex: zIndexAttribute(data.zIndex),
    open: data.open === '' || data.open === 'true',
    storage: data.storage === 'none' ? 'none' : 'auto',
    locale: data.locale || undefined,
  };
  try {
    if (data.texts) options.texts = JSON.parse(data.texts) as MountOptions['texts'];
  } catch {
    warn('data-texts ignored: not JSON.');
  }
  if (data.mode === 'inline' && script?.isConnected) {
    options.target = script.ownerDocument.createElement('div');
    script.after(options.target);
  }
  return options;
}

function start(scope: Global): void {
  defineElement();
  const stub = scope.ChatbotWidget;
  // Reached twice (two snippets with different URLs): the first one owns the global and its widget.
  if (stub?.l === 2) return;
  let widget: (Widget & { host: HTMLElement }) | null = null;
  let options: MountOptions | null = null;
  /** The page's 'on' listeners: a widget mounted again ('mount') tells them too. */
  const listeners: Array<[WidgetEventName, (payload: unknown) => void]> = [];

  /** Mounts the widget the script tag's data attributes describe (again, after 'destroy'). */
  function mountFromTag(): void {
    options = stub?.c ? optionsFromDataset(stub.c, stub.s) : null;
    if (options) {
      try {
        widget = mountInPage(options);
        for (const [event, listener] of listeners) widget.on(event, listener);
      } catch (error) {
        console.error(error);
      }
    }
  }

  /** Runs one call; a direct one returns what the widget's method does (`await ChatbotWidget('newConversation')`). */
  function run(args: Iterable<unknown>): unknown {
    // Queued calls are `arguments` objects (every snippet pushes those) or arrays: both destructure as they are.
    const [command, first, second] = args;
    // A page that swaps its body (Turbo, a router that renders the whole page) mounts it again after the swap (an
    // inline widget goes with the body; a floating one, after <body>, stays); one still on the page stays as it is,
    // one that went with the old body is destroyed first.
    if (command === 'mount') {
      if (widget?.host.isConnected === false) run(['destroy']);
      if (widget === null) mountFromTag();
      if (widget !== null) return;
    }
    if (widget === null) {
      const why = options ? '' : ' (the script tag has no data-serial-number)';
      return warn(`"${String(command)}" ignored: no widget is mounted${why}.`);
    }
    if (command === 'open' || command === 'close' || command === 'toggle' || command === 'newConversation') return widget[command]();
    if (command === 'send' && typeof first === 'string') return widget.send(first);
    if (command === 'on' && isWidgetEventName(first) && typeof second === 'function') {
      listeners.push([first, second as (payload: unknown) => void]);
      widget.on(first, second as (payload: unknown) => void);
    } else if (command === 'destroy') {
      widget.destroy();
      // Inline mode's target is this module's own <div> after the script tag: it goes too.
      options?.target?.remove();
      widget = null;
    } else warn(`unknown command or arguments: ${String(command)}.`);
  }

  const queued = Array.isArray(stub?.q) ? stub.q : [];
  const api: GlobalApi = (...args: unknown[]) => run(args);
  // Snippet stubs push to `ChatbotWidget.q`; from now on that push runs the call at once.
  api.q = { push: run };
  api.l = 2;
  if (stub) Object.assign(stub, { q: api.q, l: 2 });
  scope.ChatbotWidget = api;

  mountFromTag();
  for (const args of queued) run(args);
}

if (typeof window !== 'undefined') start(window as Global);
