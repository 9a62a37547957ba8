/**
 * The widget's own words (not the chatbot's settings or answers), which mount()'s `texts` option translates or
 * rewords. Their English defaults live with the code that shows them, by bundle: the unset settings' in
 * src/model/settings.ts and the launcher's in src/ui/launcher-strings.ts (first download), the panel's in
 * src/ui/panel-texts.ts, the conversation's here, the media chunk's in src/ui/media/strings.ts (the tray's),
 * src/model/media-draft-texts.ts (the draft's) and src/media/messages.ts (the byte checks' and the microphone's).
 * `{name}`-style placeholders are filled in where the text is used.
 */
export interface WidgetTexts {
  // Launcher and welcome popup (loaded before the chat opens)
  /** Launcher's name while the chat is closed. {name}: the chatbot's name. */
  openChat: string;
  /** Launcher's name while the chat is open. {name}: the chatbot's name. */
  closeChat: string;
  dismissPopup: string;
  panelLoadFailed: string;

  // The chatbot's settings where its operator left them unset (src/model/settings.ts, first download): the widget's
  // words, not the chatbot's, so they are translated with the rest.
  /** The chatbot's name where its Name setting is unset or blank. */
  botName: string;
  /** The welcome bubble and popup where WelcomeMessage was never set (set to "", there is none). */
  welcome: string;
  /** The text field's placeholder where UserInputPlaceholder is unset or blank. */
  placeholder: string;
  /** The privacy policy link's name where ChatbotPrivacyPolicyName is unset and a URL or description is set. */
  privacyPolicy: string;
  /** Added to the conversation by "Talk to a person" where TalkToHumanResponseMessage is unset. */
  talkToHumanResponse: string;
  /** Shown (and in the rate-limit 'error' event) where RateLimitMessage is unset. */
  rateLimitMessage: string;

  // Panel
  panelLoading: string;
  connecting: string;
  /** The panel's title until the chatbot's own name is known. */
  chatTitle: string;
  /** {error}: why (a failure sentence below, or the service's own message). */
  configUnavailable: string;
  /** A chat that could not load; also a file that did not upload. */
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
  /** The launcher's description while an answer that ended with the chat closed has not been seen. */
  newAnswer: string;
  suggestions: string;
  /** {wait}: when, in mount()'s locale (Intl.RelativeTimeFormat, "in 45 seconds"). */
  rateLimitWait: string;
  talkToHuman: string;
  contactLinks: string;
  /** Said to screen readers only after a link that opens in a new tab (the footer's, an answer's http(s) links). */
  opensInNewTab: string;
  /** Names a code block in an answer: a keyboard stop, so a wide block can be scrolled. */
  code: string;
  /** Names the box around a table in an answer: a keyboard stop, so a wide table can be scrolled. */
  table: string;
  composer: string;
  send: string;
  stop: string;
  attachFiles: string;
  dropFiles: string;
  viewLarger: string;
  openInNewTab: string;
  close: string;
  pushToTalk: string;

  // Media (loaded on first media use). {name}: a file's name, as the tray shows it (a picked file's with the
  // extension of its real format; a voice message's is recordingName below).
  /** Names the list of files attached to the question being written. */
  attachedFiles: string;
  /** While a send waits for the uploads. */
  sendPending: string;
  /** Closes a notice of the tray (why a file was refused...). */
  dismissNotice: string;
  /** In place of the size of a file that did not upload (its notice, notUploaded, says why). */
  uploadFailed: string;
  /** The upload progress bar's name. {name} */
  uploading: string;
  /** Retry button's name (its text is `retry`). {name} */
  retryUpload: string;
  /** Removes a file while it uploads. {name} */
  cancelUpload: string;
  /** {name} */
  removeFile: string;
  recording: string;
  /** The recording's level meter. */
  microphoneLevel: string;
  recordingHint: string;
  /** The file name of a voice message: visible in the tray and the conversation. Keep the .wav ending. */
  recordingName: string;
  /** In the composer when the media code could not be loaded (its default is in the panel's bundle). */
  mediaLoadFailed: string;
  /** A file of another kind than those attached (images, a voice message, a video). {name} */
  mixedKinds: string;
  /** A second voice message for the question. {name} */
  audioOnlyOne: string;
  /** A second video for the question. {name} */
  videoOnlyOne: string;
  /** An image beyond the most a question takes. {name}, {max}: that most (10). */
  tooManyImages: string;
  /** A file that did not upload. {name}, {reason}: a failure sentence (below), the service's own words or fileTooLarge. */
  notUploaded: string;
  /** {reason} of an upload the service refused as too large (HTTP 413) without words of its own. */
  fileTooLarge: string;
  /** Send while a file did not upload (it offers Retry, or only Remove when refused for good). */
  uploadFirst: string;
  /** The microphone pressed while files are attached. */
  recordingAlone: string;
  /** A press of the microphone button too short to be a question. */
  recordingTooShort: string;
  // The byte checks' refusals (src/media). {name}: the file's name as picked.
  fileEmpty: string;
  fileUnreadable: string;
  /** A file whose MIME type says image but whose bytes are none of imageFormats. {name} */
  imageWrongType: string;
  /** Likewise for audio (audioFormats). {name} */
  audioWrongType: string;
  /** Likewise for video (videoFormats). {name} */
  videoWrongType: string;
  /** {name}, {limit}: the most an image may weigh, in MB (1 MB = 1024 * 1024 bytes). */
  imageTooLarge: string;
  /** {name}, {limit}: the most an audio file may weigh, in MB. */
  audioTooLarge: string;
  /** {name}, {limit}: the most a video may weigh, in MB. */
  videoTooLarge: string;
  /** {name} */
  gifAnimated: string;
  /** {name} */
  gifDamaged: string;
  /** A file of no kind the chat takes. {name}, {kinds}: the kinds' formats below, joined by formatsJoin. */
  notTaken: string;
  /** What notTaken's {kinds} says of images (audioFormats, videoFormats: of the others). */
  imageFormats: string;
  audioFormats: string;
  videoFormats: string;
  /** Between two of notTaken's {kinds}. */
  formatsJoin: string;
  // The microphone's failures, by the 'error' event's kind (microphone-denied...).
  microphoneDenied: string;
  microphoneNoDevice: string;
  microphoneBusy: string;
  microphoneUnsupported: string;
  /** A recording cancelled while the microphone was starting. */
  microphoneCancelled: string;
  /** The microphone pressed again while the last recording is still starting or ending. */
  microphoneInProgress: string;
  /** A recording ended that never started (rarely seen). */
  microphoneNotRecording: string;
  /** Any other microphone failure. */
  microphoneFailed: string;

  // Failures. The defaults are the service client's own sentences (src/api/messages.ts), but for HTTP statuses
  // (src/model/failures.ts). An HTTP answer with a message of its own shows that message instead. Texts that give
  // `http` word with it each status whose key they leave out (a translation made before those keys existed).
  /** A failure that is none of those below. */
  genericFailure: string;
  network: string;
  /** An HTTP status 500 or above (the service or a proxy before it failed). {status}: the HTTP status. */
  serverTrouble: string;
  /** HTTP 429 (the service's own rate limit). */
  tooManyRequests: string;
  /** HTTP 413: the question was too large for the service (a file's has fileTooLarge). */
  messageTooLarge: string;
  /** Any other HTTP status (404, 400...); in English, genericFailure's words. {status}: the HTTP status. */
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
/** Names the visitor's messages: the panel's screen-reader words and the conversation's e-mailed transcript. */
export const YOU = 'You';
