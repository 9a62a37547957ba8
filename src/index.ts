/**
 * The ES entry for bundlers: mount(), defineElement() and the public types. Importing it has no side effects and
 * needs no DOM, so server-side rendering can import it safely; call mount() in the browser.
 */
export { mount, type MountOptions, type Widget } from './widget';
export { defineElement, ELEMENT_TAG, type ChatbotWidgetElement } from './element';
export type { WidgetListener } from './model/events';
export type {
  Attachment, ChatMessage, MessageRole, MessageStatus, SendResult, WidgetEventMap, WidgetEventName, WidgetMode,
} from './model/types';
export type { WidgetSettings } from './model/settings';
export type { HeadersOption } from './api/client';
export type { ChatbotSettings, OperationName } from './api/types';
