/** The launcher's and welcome popup's texts: the only ones in the first download. Re-exported by strings.ts. */
export const openChatLabel = (name: string): string => `Open chat with ${name}`;
export const closeChatLabel = (name: string): string => `Close chat with ${name}`;
export const DISMISS_POPUP = 'Dismiss message';
export const DEFAULT_BOT_NAME = 'Assistant';
export const PANEL_LOAD_FAILED = 'The chat could not be loaded. Check your connection and try again.';
