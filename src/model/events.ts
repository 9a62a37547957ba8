/** The public events of one widget (`widget.on(event, fn)`). One emitter per widget: nothing is shared. */
import type { WidgetEventMap, WidgetEventName } from './types.js';

export type WidgetListener<E extends WidgetEventName> = (payload: WidgetEventMap[E]) => void;

export interface Emitter {
  on<E extends WidgetEventName>(event: E, listener: WidgetListener<E>): () => void;
  emit<E extends WidgetEventName>(event: E, payload: WidgetEventMap[E]): void;
  clear(): void;
}

export const EVENT_NAMES: readonly WidgetEventName[] = ['ready', 'open', 'close', 'message', 'error'];

export function isWidgetEventName(value: unknown): value is WidgetEventName {
  return EVENT_NAMES.includes(value as WidgetEventName);
}

/** `report` receives what a listener threw, so one broken listener neither breaks the widget nor the others. */
export function createEmitter(report: (error: unknown) => void): Emitter {
  const listeners = new Map<WidgetEventName, Set<(payload: never) => void>>();
  return {
    on(event, listener) {
      if (!isWidgetEventName(event) || typeof listener !== 'function') {
        throw new TypeError(`chatbot-widget on(): an event (${EVENT_NAMES.join(', ')}) and a function are needed.`);
      }
      let set = listeners.get(event);
      if (set === undefined) listeners.set(event, (set = new Set()));
      // A wrapper per registration: the same function added twice is called twice and removed one at a time.
      const entry = (payload: never): void => listener(payload);
      set.add(entry);
      return () => {
        set.delete(entry);
      };
    },
    emit(event, payload) {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          (listener as (value: typeof payload) => void)(payload);
        } catch (error) {
          report(error);
        }
      }
    },
    clear() {
      listeners.clear();
    },
  };
}
