/**
 * The ES entry for bundlers: mount(), defineElement() and the public types. Importing it has no side effects and
 * needs no DOM, so server-side rendering can import it safely; call mount() in the browser.
 */
export { mount, type MountOptions, type Widget } from './widget.js';
export { defineElement, ELEMENT_TAG, type ChatbotWidgetElement, type ChatbotWidgetElementEventMap } from './element.js';
export type { WidgetListener } from './model/events.js';
export type {
  Attachment, ChatMessage, MessageRole, MessageStatus, SendResult, WidgetEventMap, WidgetEventName, WidgetMode,
} from './model/types.js';
export type { WidgetSettings } from './model/settings.js';
export type { WidgetTexts } from './model/texts.js';
export type { HeadersOption } from './api/client.js';
export type { ChatbotSettings, OperationName } from './api/types.js';
