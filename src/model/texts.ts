/**
 * The widget's own words (not the chatbot's settings or answers), which mount()'s `texts` option translates or
 * rewords. Their English defaults live with the code that shows them, by bundle: the launcher's in
 * src/ui/launcher-strings.ts (first download), the panel's in src/ui/strings.ts, the conversation's here, the media
 * chunk's in src/ui/media/strings.ts. `{name}`-style placeholders are filled in where the text is used.
 */
export interface WidgetTexts {
  // Launcher and welcome popup (loaded before the chat opens)
  /** Launcher's name while the chat is closed. {name}: the chatbot's name. */
  openChat: string;
  /** Launcher's name while the chat is open. {name}: the chatbot's name. */
  closeChat: string;
  dismissPopup: string;
  panelLoadFailed: string;

  // Panel
  /** The chatbot's name where its Name setting is empty. */
  botName: string;
  panelLoading: string;
  connecting: string;
  /** The panel's title until the chatbot's own name is known. */
  chatTitle: string;
  /** {error}: why (a failure sentence below, or the service's own message). */
  configUnavailable: string;
  retry: string;
  newConversation: string;
  /** The "Start a new conversation" button after its first press. */
  confirmNewConversation: string;
  /** Announces that its second press cleared the conversation (focus has moved to the text field). */
  conversationCleared: string;
  closePanel: string;
  conversation: string;
  jumpToLatest: string;
  /** {name}: the chatbot's name. */
  typing: string;
  /** Names the visitor's messages (screen readers, the emailed transcript). */
  you: string;
  copy: string;
  copied: string;
  copyFailed: string;
  copyAnswer: string;
  /** Sends a question that failed again. */
  sendAgain: string;
  edit: string;
  stopped: string;
  answerStopped: string;
  emailTranscript: string;
  /** The emailed transcript's subject. {name}: the chatbot's name. */
  emailSubject: string;
  attachedImage: string;
  attachedAudio: string;
  attachedVideo: string;
  /** Announces a finished answer. {name}: the chatbot's name, {text}: the answer. */
  answerFrom: string;
  /** Announces a failed answer. {error}: why. */
  answerFailed: string;
  /** Ends an announced answer that was cut short; the whole answer is in the conversation. */
  answerContinues: string;
  suggestions: string;
  /** {wait}: when, in mount()'s locale (Intl.RelativeTimeFormat, "in 45 seconds"). */
  rateLimitWait: string;
  talkToHuman: string;
  contactLinks: string;
  opensInNewTab: string;
  composer: string;
  /** The text field's placeholder where the UserInputPlaceholder setting is empty. */
  placeholder: string;
  send: string;
  stop: string;
  attachFiles: string;
  dropFiles: string;
  viewLarger: string;
  openInNewTab: string;
  close: string;
  pushToTalk: string;

  // Failures. The defaults are the service client's own sentences (src/api/messages.ts).
  /** A failure that is none of those below. */
  genericFailure: string;
  network: string;
  /** {status}: the HTTP status. An answer with a message of its own shows that message instead. */
  http: string;
  /** The service refused without a message of its own. {code}: its Code. */
  business: string;
  malformed: string;
  aborted: string;
  interrupted: string;
  emptyAnswer: string;
}

export type TextOverrides = Partial<WidgetTexts>;

/** Puts `values` into a text's {placeholders}; a placeholder without a value stays as written. */
export function fill(text: string, values: Record<string, string | number | undefined>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => String(values[key] ?? whole));
}

/** Defaults the launcher's bundle needs (the model's GetConfig and talk-to-a-person, the launcher). */
export const GENERIC_FAILURE = 'Something went wrong. Please try again.';
export const PANEL_LOAD_FAILED = 'The chat could not be loaded. Check your connection and try again.';
export const EMAIL_SUBJECT = 'Conversation with {name}';
