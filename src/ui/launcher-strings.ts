/** The launcher's and welcome popup's texts: the only ones in the first download. Re-exported by strings.ts. */
import { PANEL_LOAD_FAILED, type TextOverrides } from '../model/texts.js';

/**
 * The language of the widget's English texts. The elements that hold only its own words carry it as their lang: on
 * a page in another language (which the widget's host inherits, as the chatbot's own texts and answers should), a
 * screen reader then reads "Close chat" with an English voice. Where the chatbot's or the visitor's words sit in
 * the same element (a field, an error with the service's message), the page's lang stays. Those that are sentences
 * also say dir="ltr": on a right-to-left page "Stopped." read ".Stopped". With mount()'s `texts` the words are the
 * page's own: neither is set.
 */
export const UI_LANG = 'en';

export const LAUNCHER_TEXTS = {
  openChat: 'Open chat with {name}',
  closeChat: 'Close chat with {name}',
  dismissPopup: 'Dismiss message',
  panelLoadFailed: PANEL_LOAD_FAILED,
} satisfies TextOverrides;
