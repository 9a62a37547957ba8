/** The launcher's and welcome popup's texts: the only ones in the first download. Re-exported by strings.ts. */

/**
 * The language of every text in this file and in strings.ts. The elements that hold only such texts carry it as
 * their lang: on a page in another language (which the widget's host inherits, as the chatbot's own texts and
 * answers should), a screen reader then reads "Close chat" with an English voice. Where the chatbot's or the
 * visitor's words sit in the same element (a field, an error with the service's message), the page's lang stays.
 * Those that are sentences also say dir="ltr": on a right-to-left page "Stopped." read ".Stopped".
 */
export const UI_LANG = 'en';
export const openChatLabel = (name: string): string => `Open chat with ${name}`;
export const closeChatLabel = (name: string): string => `Close chat with ${name}`;
export const DISMISS_POPUP = 'Dismiss message';
export const DEFAULT_BOT_NAME = 'Assistant';
export const PANEL_LOAD_FAILED = 'The chat could not be loaded. Check your connection and try again.';
