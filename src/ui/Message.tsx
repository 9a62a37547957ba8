import type { JSX } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { formatMessageTime } from '../model/time.js';
import type { ChatMessage, ConversationModel } from '../model/types.js';
import { safeUrl } from '../model/urls.js';
import { Attachments } from './Attachments.js';
import { MessageText } from './MessageText.js';
import { fill } from '../model/texts.js';
import { useTexts } from './strings.js';

export interface MessageProps {
  message: ChatMessage;
  conversation: ConversationModel;
  botName: string;
  timeZone: string | undefined;
  /** Shapes the clock (09:05 or 9:05 AM); the browser's when undefined. */
  locale: string | undefined;
  /**
   * Today in the chatbot's zone (MessageList): a new day renders the time again, which leaves out the date only for a
   * message of the day it is rendered on (a message's props that stay the same do not render it again).
   */
  day: string;
  announce: (text: string) => void;
  /** Called after every render of this message, so the list can keep the newest text in view. */
  onLayout: () => void;
  /** Moves focus to the log: where it goes when the retry button that had it goes away. */
  focusLog: () => void;
  /** Moves focus to the text field, where an edited question goes. */
  focusComposer: () => void;
}

/** One message. Subscribes to its own text and status, so a streamed chunk re-renders this message only. */
export function Message({
  message, conversation, botName, timeZone, locale, announce, onLayout, focusLog, focusComposer,
}: MessageProps): JSX.Element {
  const { role } = message;
  const status = message.status.value;
  const text = message.text.value;
  const error = message.error.value;
  const texts = useTexts();
  const { lang } = texts;
  // Not on its first render: a message that arrives arrives with a render of the list, which keeps the newest in view
  // once for all of them; hundreds of restored messages each forcing a layout took a second to open the panel. Nor
  // for the newest message while it streams: the list's ResizeObserver on it scrolls after the frame's own layout,
  // where a scroll here forced one more layout per frame (6-15 ms of each long task with the CPU slowed x4).
  const rendered = useRef(false);
  const root = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (rendered.current && (status !== 'streaming' || root.current?.nextElementSibling)) onLayout();
    rendered.current = true;
  });

  const failed = status === 'failed' || status === 'interrupted';
  // Only answers wait or stream (a reload brings them back interrupted), so a question is always finished.
  const finished = status !== 'waiting' && status !== 'streaming';
  const canRetry =
    (role === 'user' ? status === 'failed' : role === 'assistant' && (failed || status === 'stopped')) && !message.refused;
  const canCopy = role === 'assistant' && finished && text !== '';
  const mailto = message.mailto === undefined ? null : safeUrl(message.mailto, { allowMailto: true });
  // Shown once finished: a streaming answer renders every frame, and the time (with its date check) is five formats.
  const time = finished ? formatMessageTime(message.createdAt, timeZone, locale) : '';

  return (
    <div ref={root} class={`cw-msg cw-msg--${role}${failed ? ' cw-msg--failed' : ''}`} data-status={status}>
      {role !== 'notice' && (
        <span class="cw-sr-only" lang={role === 'user' ? lang : undefined}>
          {role === 'user' ? texts.you : botName}:{' '}
        </span>
      )}
      {status === 'waiting' ? (
        <TypingIndicator name={botName} />
      ) : (
        text !== '' && (
          <div class="cw-msg__bubble" dir="auto">
            {/* An answer cut off or stopped is unfinished too: its last words never show half-typed syntax. */}
            <MessageText text={text} markdown={role === 'assistant'} live={status !== 'done'} />
          </div>
        )
      )}
      {message.attachments.length > 0 && <Attachments items={message.attachments} />}
      {error !== null && <p class="cw-msg__error">{error}</p>}
      {status === 'stopped' && <p class="cw-msg__note" lang={lang} dir={texts.dir}>{texts.stopped}</p>}
      {mailto !== null && (
        <a class="cw-msg__mailto" href={mailto} lang={lang} dir={texts.dir}>
          {texts.emailTranscript}
        </a>
      )}
      {finished && (
        // The time is in the visitor's locale; the rest are the widget's buttons.
        <div class="cw-msg__meta" lang={lang}>
          {time !== '' && (
            // Its own direction: "3:05 PM" stays so on a right-to-left page, and an earlier day's date in Hebrew or
            // Persian keeps its order (ltr put the day after the time). Its own language, the clock's (mount()'s
            // locale, else the browser's), not the widget's English: a month name ("15. Jan. 2024") is read in its voice.
            <time class="cw-msg__time" dir="auto" lang={locale ?? navigator.language} dateTime={new Date(message.createdAt).toISOString()}>
              {time}
            </time>
          )}
          {canCopy && <CopyButton text={text} announce={announce} />}
          {canRetry && (
            <button
              type="button"
              class="cw-msg__action cw-msg__retry"
              disabled={conversation.busy.value}
              onClick={() => {
                void conversation.retry(message.id);
                focusLog();
              }}
            >
              {role === 'user' ? texts.sendAgain : texts.retry}
            </button>
          )}
          {role === 'user' && status === 'failed' && message.attachments.length === 0 && (
            <button
              type="button"
              class="cw-msg__action cw-msg__edit"
              onClick={() => {
                conversation.edit(message.id);
                focusComposer();
              }}
            >
              {texts.edit}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

export function TypingIndicator({ name }: { name: string }): JSX.Element {
  const texts = useTexts();
  return (
    <div class="cw-typing" role="img" lang={texts.lang} aria-label={fill(texts.typing, { name })}>
      <span class="cw-typing__dot" />
      <span class="cw-typing__dot" />
      <span class="cw-typing__dot" />
    </div>
  );
}

type CopyState = 'idle' | 'copied' | 'failed';
const COPY_FEEDBACK_MS = 2000;

function CopyButton({ text, announce }: { text: string; announce: (text: string) => void }): JSX.Element {
  const [state, setState] = useState<CopyState>('idle');
  const texts = useTexts();
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async (): Promise<void> => {
    try {
      // Missing outside secure contexts: the TypeError lands in catch like a refused permission.
      await navigator.clipboard.writeText(text);
      setState('copied');
      announce(texts.copied);
    } catch {
      setState('failed');
      announce(texts.copyFailed);
    }
  };
  return (
    <button
      type="button"
      class={`cw-msg__action cw-msg__copy${state === 'idle' ? '' : ` cw-msg__copy--${state}`}`}
      aria-label={state === 'idle' ? texts.copyAnswer : undefined}
      onClick={() => void copy()}
    >
      {state === 'copied' ? texts.copied : state === 'failed' ? texts.copyFailed : texts.copy}
    </button>
  );
}
