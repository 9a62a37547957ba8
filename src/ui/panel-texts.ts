/**
 * The English defaults of every word the panel says of its own (not the chatbot's settings or answers). No Preact
 * here: src/english-texts.ts lists them for translators without the UI.
 */
import { HTTP_FAILURE_TEXTS, withHttpTexts } from '../model/failures.js';
import { YOU, type TextOverrides } from '../model/texts.js';
import { UI_LANG } from './launcher-strings.js';

/** The launcher's words are its own (launcher-strings.ts): the panel never says them. */
const PANEL_TEXTS = {
  panelLoading: 'Loading chat…',
  connecting: 'Connecting…',
  chatTitle: 'Chat',
  configUnavailable: 'The chat is unavailable: {error}',
  retry: 'Retry',
  newConversation: 'Start a new conversation',
  confirmNewConversation: 'Clear chat?',
  conversationCleared: 'Conversation cleared.',
  closePanel: 'Close chat',
  conversation: 'Conversation',
  jumpToLatest: 'Jump to latest message',
  typing: '{name} is typing',
  you: YOU,
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Copy failed',
  copyAnswer: 'Copy answer',
  sendAgain: 'Send again',
  edit: 'Edit',
  stopped: 'Stopped.',
  answerStopped: 'Answer stopped.',
  emailTranscript: 'Email the conversation',
  attachedImage: 'Attached image',
  attachedAudio: 'Voice message',
  attachedVideo: 'Attached video',
  answerFrom: '{name}: {text}',
  answerFailed: 'The answer failed: {error}',
  answerContinues: '… (continues in the conversation)',
  newAnswer: 'New answer',
  suggestions: 'Suggested messages',
  rateLimitWait: 'You can send again {wait}.',
  talkToHuman: 'Talk to a person',
  contactLinks: 'Other ways to reach us',
  opensInNewTab: '(opens in a new tab)',
  code: 'Code',
  table: 'Table',
  composer: 'Message',
  send: 'Send message',
  stop: 'Stop the answer',
  mediaLoadFailed: 'Attachments could not be loaded. Check your connection and try again.',
  attachFiles: 'Attach images or a video',
  dropFiles: 'Drop images or a video to attach them',
  viewLarger: 'View larger',
  openInNewTab: 'Open in a new tab',
  close: 'Close',
  pushToTalk: 'Hold to record a voice message',
} satisfies TextOverrides;

/** The panel's texts, with the lang and dir of the elements that hold only them (launcher-strings.ts UI_LANG). */
export type PanelTexts = typeof PANEL_TEXTS & { readonly lang?: string; readonly dir?: 'ltr' };

/** With the HTTP statuses' words (src/model/failures.ts), in which a GetConfig that failed is worded (the alert's {error}). */
export function panelTexts(overrides?: TextOverrides): PanelTexts {
  return overrides
    ? { ...PANEL_TEXTS, ...withHttpTexts(overrides) }
    : { ...PANEL_TEXTS, ...HTTP_FAILURE_TEXTS, lang: UI_LANG, dir: 'ltr' };
}
