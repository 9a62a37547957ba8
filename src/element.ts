/**
 * <chatbot-widget serial-number="..." base-url="..." mode="inline|floating">: mounts on connect, unmounts on
 * disconnect, and remounts when one of its attributes changes (several changes in one task make one remount).
 * Optional attributes: z-index, storage="none", locale, open. Inline settings go in the `settings` property: a new
 * object there applies at once, like mount()'s update() (it may also be set before this module loads). mount()'s
 * `texts` go in the `texts` property, read when the widget mounts (set it before the element is connected). Events are
 * dispatched on the element as chatbot-ready, chatbot-open, chatbot-close, chatbot-message and chatbot-error
 * (detail = the payload). The class is created inside defineElement(), so importing this module where there is no
 * DOM does nothing.
 */
import type { ChatbotSettings } from './api/types.js';
import type { TextOverrides } from './model/texts.js';
import type { SendResult, WidgetEventMap, WidgetEventName } from './model/types.js';
import { EVENT_NAMES } from './model/events.js';
import { NOT_SENT } from './model/lazy-conversation.js';
import { checkSettings, mountOnHost, type Widget } from './widget.js';

export const ELEMENT_TAG = 'chatbot-widget';

const ATTRIBUTES = ['serial-number', 'base-url', 'mode', 'z-index', 'storage', 'locale', 'open'];

/**
 * A z-index attribute (z-index here, data-z-index on the script tag) as mount()'s zIndex. One that is not a whole
 * number gives the default and a warning, like an invalid setting: a typo in the page's markup must not keep the
 * widget off the page (mount() called from code still refuses it).
 */
export function zIndexAttribute(value: string | undefined): number | undefined {
  if (!value) return undefined;
  if (Number.isInteger(+value)) return +value;
  console.warn(`chatbot-widget: z-index "${value}" ignored, not a whole number.`);
  return undefined;
}

/** The element's events: chatbot-ready, chatbot-open, ... with the widget's payload as `detail`. */
export type ChatbotWidgetElementEventMap = HTMLElementEventMap & {
  [E in WidgetEventName as `chatbot-${E}`]: CustomEvent<WidgetEventMap[E]>;
};

/** The element's own API, besides its attributes. */
export interface ChatbotWidgetElement extends HTMLElement {
  /** Inline settings (Edit names); assigning a new object applies it to the mounted widget at once. */
  settings?: Partial<ChatbotSettings>;
  /** mount()'s `texts`, read when the widget mounts: set it before the element is connected. */
  texts?: TextOverrides;
  open(): void;
  close(): void;
  toggle(): void;
  /**
   * As the widget's newConversation(): the conversation, its session and the unsent text go. Undefined when the
   * element has no widget (not connected, or without serial-number and base-url).
   */
  newConversation(): Promise<SendResult> | undefined;
  send(text: string): Promise<SendResult>;
  addEventListener<K extends keyof ChatbotWidgetElementEventMap>(
    type: K,
    listener: (this: ChatbotWidgetElement, event: ChatbotWidgetElementEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof ChatbotWidgetElementEventMap>(
    type: K,
    listener: (this: ChatbotWidgetElement, event: ChatbotWidgetElementEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

// document.querySelector('chatbot-widget') and createElement('chatbot-widget') give the element's own type.
declare global {
  interface HTMLElementTagNameMap {
    'chatbot-widget': ChatbotWidgetElement;
  }
}

/**
 * Registers <chatbot-widget>. False when there is no DOM or the name is taken already (the script tag and the ES
 * entry may both try; the first definition wins).
 */
export function defineElement(): boolean {
  if (typeof customElements === 'undefined' || customElements.get(ELEMENT_TAG)) return false;

  class Element extends HTMLElement implements ChatbotWidgetElement {
    static readonly observedAttributes = ATTRIBUTES;
    #settings: Partial<ChatbotSettings> | undefined;
    // No initialiser: a value the page set before this definition loaded stays on the instance.
    declare texts?: TextOverrides;
    #widget: Widget | null = null;
    #mountedWith = '';
    /** Whether `open` was there at the last sync: only its coming or going opens or closes the panel. */
    #openAttribute = false;
    #queued = false;

    constructor() {
      super();
      // Settings the page set before this definition loaded sit on the instance and would hide the accessor.
      if (Object.hasOwn(this, 'settings')) {
        const early = (this as { settings?: Partial<ChatbotSettings> }).settings;
        delete (this as { settings?: unknown }).settings;
        // Throwing here would leave the element un-upgraded, never mounted: only say why the value is dropped.
        try {
          this.settings = early;
        } catch (error) {
          console.error(error);
        }
      }
    }
    get settings(): Partial<ChatbotSettings> | undefined {
      return this.#settings;
    }
    /** Checked before it is kept: a refused value must not come back in the getter or at the next remount. */
    set settings(value: Partial<ChatbotSettings> | undefined) {
      if (value !== undefined) checkSettings(value, 'element');
      this.#settings = value;
      // undefined: no inline settings any more, everything from the chatbot's config, like update({}).
      this.#widget?.update(value ?? {});
    }
    connectedCallback(): void {
      this.#queue();
    }
    disconnectedCallback(): void {
      this.#queue();
    }
    attributeChangedCallback(): void {
      this.#queue();
    }
    open(): void {
      this.#now()?.open();
    }
    close(): void {
      this.#now()?.close();
    }
    toggle(): void {
      this.#now()?.toggle();
    }
    newConversation(): Promise<SendResult> | undefined {
      return this.#now()?.newConversation();
    }
    send(text: string): Promise<SendResult> {
      return this.#now()?.send(text) ?? Promise.resolve(NOT_SENT);
    }

    /**
     * The widget the element has now: a call right after the page added the element (or changed an attribute) comes
     * before the microtask that mounts it, and did nothing (`append(element); element.open()` left the chat closed).
     */
    #now(): Widget | null {
      // Only then: an element that cannot mount (a bad base-url) would log why at every call.
      if (this.#queued) this.#sync();
      return this.#widget;
    }

    #queue(): void {
      if (this.#queued) return;
      this.#queued = true;
      queueMicrotask(() => {
        this.#queued = false;
        this.#sync();
      });
    }

    /** Mounts, remounts or unmounts so the widget matches the attributes and the connection. */
    #sync(): void {
      const read = (name: string): string => this.getAttribute(name)?.trim() ?? '';
      const open = this.hasAttribute('open');
      const openChanged = open !== this.#openAttribute;
      this.#openAttribute = open;
      // `open` coming or going opens or closes the mounted widget; a change of another attribute mounts it again.
      // Nothing else touches the panel: a move in the DOM or a rewrite of the same values leaves it as the visitor left it.
      const signature = ATTRIBUTES.slice(0, -1).map(read).join('\n');
      if (this.isConnected && this.#widget && signature === this.#mountedWith) {
        if (openChanged) this.#widget[open ? 'open' : 'close']();
        return;
      }
      this.#widget?.destroy();
      this.#widget = null;
      if (!this.isConnected || !read('serial-number') || !read('base-url')) return;
      try {
        this.#widget = mountOnHost(this, read('mode') === 'inline' ? 'inline' : 'floating', {
          serialNumber: read('serial-number'),
          baseUrl: read('base-url'),
          settings: this.settings,
          texts: this.texts,
          zIndex: zIndexAttribute(read('z-index')),
          storage: read('storage') === 'none' ? 'none' : 'auto',
          locale: read('locale') || undefined,
          open,
        });
      } catch (error) {
        console.error(error);
        return;
      }
      this.#mountedWith = signature;
      for (const event of EVENT_NAMES) {
        this.#widget.on(event, (detail) => this.dispatchEvent(new CustomEvent(`chatbot-${event}`, { detail })));
      }
    }
  }

  customElements.define(ELEMENT_TAG, Element);
  return true;
}
