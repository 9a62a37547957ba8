/**
 * Every text the visitor sees or hears from the widget's own chrome (not the chatbot's settings or answers).
 * Imported by the lazily loaded panel only; the launcher imports launcher-strings.ts directly (re-exported
 * here), so the first download does not carry the panel's texts.
 */

// Launcher and welcome popup: kept in their own file so the launcher bundle carries only them.
export * from './launcher-strings.js';

export const PANEL_LOADING = 'Loading chat…';

// Panel header
export const NEW_CONVERSATION = 'Start a new conversation';
export const CONFIRM_NEW_CONVERSATION = 'Clear chat?';
export const CLOSE_CHAT = 'Close chat';
export const CONFIG_LOADING = 'Connecting…';
/** The panel's title until the chatbot's own name is known (a first visit, before GetConfig answers). */
export const CHAT_TITLE = 'Chat';
export const configFailed = (error: string): string => `The chat is unavailable: ${error}`;

// Message list
export const CONVERSATION_LABEL = 'Conversation';
export const JUMP_TO_LATEST = 'Jump to latest message';
export const typingLabel = (name: string): string => `${name} is typing`;
export const YOU = 'You';
export const COPY = 'Copy';
export const COPIED = 'Copied';
export const COPY_FAILED = 'Copy failed';
export const COPY_ANSWER = 'Copy answer';
export const RETRY = 'Retry';
export const RETRY_MESSAGE = 'Send again';
export const EDIT_MESSAGE = 'Edit';
export const STOPPED = 'Stopped.';
export const ANSWER_STOPPED = 'Answer stopped.';
export const EMAIL_TRANSCRIPT = 'Email the conversation';
export const ATTACHED_IMAGE = 'Attached image';
export const ATTACHED_AUDIO = 'Voice message';
export const ATTACHED_VIDEO = 'Attached video';

// Announcements (the polite live region)
export const answerFrom = (name: string, text: string): string => `${name}: ${text}`;
export const answerFailed = (error: string): string => `The answer failed: ${error}`;
/** Ends an announced answer that was cut short; the whole answer is in the conversation. */
export const ANSWER_CONTINUES = '… (continues in the conversation)';

// Suggested messages, rate limit, footer
export const SUGGESTIONS_LABEL = 'Suggested messages';
export const rateLimitWait = (wait: string): string => `You can send again ${wait}.`;
export const TALK_TO_HUMAN = 'Talk to a person';
export const CONTACT_LABEL = 'Other ways to reach us';
export const OPENS_IN_NEW_TAB = '(opens in a new tab)';

// Composer
export const COMPOSER_LABEL = 'Message';
export const DEFAULT_PLACEHOLDER = 'Type a message…';
export const SEND = 'Send message';
export const STOP = 'Stop the answer';
export const ATTACH_IMAGE = 'Attach images or a video';
export const DROP_FILES = 'Drop images or a video to attach them';
export const VIEW_LARGER = 'View larger';
export const OPEN_IN_NEW_TAB = 'Open in a new tab';
export const CLOSE = 'Close';
export const PUSH_TO_TALK = 'Hold to record a voice message';
