import { effect, untracked, useSignalEffect } from '@preact/signals';
import type { JSX } from 'preact';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { afterNextPaint } from '../model/frame.js';
import type { Cancel } from '../model/scheduler.js';
import type { ChatMessage, ConfigState, MessageStatus, WidgetModel } from '../model/types.js';
import { markdownToPlainText } from './markdown/plain-text.js';
import { rateLimitWait } from './PanelParts.js';
import { fill } from '../model/texts.js';
import type { PanelTexts } from './strings.js';

/**
 * How much of a finished answer is announced (characters, cut at a word). A screen reader reads the rest in the
 * log; a whole long answer in the live region would be minutes of speech and a large layout in one frame.
 */
export const ANNOUNCED_ANSWER_LENGTH = 600;

interface Announcement {
  readonly key: number;
  readonly text: string;
}

export interface Announcer {
  readonly current: Announcement | null;
  /** Says `text` once through the live region (copy feedback and the like). */
  announce(text: string): void;
}

/**
 * Decides what a screen reader hears about the conversation: each answer once, when it has finished (never
 * chunk by chunk), and a failure's plain-words error; the panel adds its own news (the talk-to-a-person reply,
 * copy feedback) through `announce`. Messages restored from storage are already known and stay silent, and so is
 * what another tab or widget of this chatbot asked: its answer or its question's failure reaches this panel as copies
 * from storage, even while it streams there, and was that writer's news (its own panel said it). Reads statuses,
 * not texts, so a streamed chunk does not even wake this up. `onAnswerEnd`: an answer of this panel's has ended
 * (finished, failed or cut off; not stopped, which the visitor did).
 */
export function useAnnouncer(model: WidgetModel, texts: PanelTexts, onAnswerEnd?: () => void): Announcer {
  const [current, setCurrent] = useState<Announcement | null>(null);
  const counter = useRef(0);
  const announce = useCallback((text: string) => {
    counter.current += 1;
    setCurrent({ key: counter.current, text });
  }, []);

  // A finished answer is announced once the frame that shows it has painted: working out its words and
  // re-rendering the panel for the live region in that frame's task delayed it (issue 6).
  const pendingAnswers = useRef(new Set<Cancel>());
  useEffect(() => () => pendingAnswers.current.forEach((cancel) => cancel()), []);
  /**
   * The answer's words; for one cut off, then `failure` (why), its end read as unfinished, as the panel shows it.
   */
  const announceAnswer = (markdown: string, failure?: string): void => {
    const cancel = afterNextPaint(() => {
      pendingAnswers.current.delete(cancel);
      const { text, cut } = markdownToPlainText(markdown, ANNOUNCED_ANSWER_LENGTH, failure !== undefined);
      // The words, not the markdown source ("**nine**" is heard as "nine"); the whole answer is in the log.
      const name = model.settings.peek().name;
      const words = fill(texts.answerFrom, { name, text: cut ? text + texts.answerContinues : text });
      announce(failure === undefined ? words : `${words} ${failure}`);
    });
    pendingAnswers.current.add(cancel);
  };

  // A question the local rate limit held back: its message and the wait are said, else Enter seemed to do nothing.
  // (The banner arrives with its text inside, which screen readers skip in a live region of its own; the wait is the
  // text field's description too, which is not read again while focus stays there.)
  useSignalEffect(() => {
    const notice = model.conversation.rateLimit.value;
    if (notice) untracked(() => announce(`${notice.message} ${rateLimitWait(notice, texts, model.locale)}`));
  });

  // Every change, as it happens: useSignalEffect would start after paint and then see a frame's changes at once, so
  // an answer that came and finished in between would look like another writer's. Its first run, in the commit of
  // the first render, takes what is there (restored history) as known. Keyed by the message itself, not its id: what
  // another writer stores comes in as a new copy at each of its writes (an answer streaming in another tab: waiting,
  // streaming, done), so only a message of this panel's conversation changes status under its key.
  useLayoutEffect(() => {
    let statuses: Map<ChatMessage, MessageStatus> | undefined;
    // Failures whose plain-words error has not arrived yet (status and error may change in either order).
    const awaiting = new Map<ChatMessage, 'answer' | 'question'>();
    // A question that needs a session asks GetConfig for one; when that fails, the panel's alert ("The chat is
    // unavailable: …", role="alert") shows (again) and is heard, and the question fails for that same reason: it is
    // not said a second time. A config that turned 'failed' since the conversation last changed did so while the
    // question was on its way.
    let config: ConfigState | undefined;
    return effect(() => {
      const messages = model.conversation.messages.value;
      const now = new Map(messages.map((message) => [message, message.status.value] as const));
      const before = statuses ?? now;
      const configNow = model.config.peek();
      const alerted = configNow !== config && configNow.status === 'failed';
      statuses = now;
      config = configNow;

      for (const message of messages) {
        const status = now.get(message);
        const previous = before.get(message);
        if (status !== previous) {
          awaiting.delete(message);
          if (message.role === 'assistant' && (previous === 'waiting' || previous === 'streaming')) {
            if (status !== 'stopped') onAnswerEnd?.();
            if (status === 'done') announceAnswer(message.text.peek());
            else if (status === 'failed' || status === 'interrupted') awaiting.set(message, 'answer');
            else if (status === 'stopped') announce(texts.answerStopped);
          } else if (message.role === 'user' && status === 'failed' && previous === 'sent') {
            // A question that failed before a word of its answer is news too: the visitor who closed the chat to wait
            // was told of an answer cut off, but not of this.
            onAnswerEnd?.();
            if (!alerted) awaiting.set(message, 'question');
          }
        }
        const failure = awaiting.get(message);
        if (failure === undefined) continue;
        const error = message.error.value; // subscribes only while waiting for it
        if (error === null) continue;
        awaiting.delete(message);
        const said = failure === 'answer' ? fill(texts.answerFailed, { error }) : error;
        // An answer cut off is heard with the words that arrived: they are in the log, and may be all that is needed.
        const partial = failure === 'answer' ? message.text.peek() : '';
        if (partial === '') announce(said);
        else announceAnswer(partial, said);
      }
      for (const message of awaiting.keys()) if (!now.has(message)) awaiting.delete(message);
    });
  }, []);

  return { current, announce };
}

/**
 * Polite, and separate from the (silent) message log. Each announcement is a new node, so the same words twice
 * in a row ("Copied", then "Copied") are still read twice. Moved (out of the panel as it closes, back as it opens),
 * it starts empty: the last news would be in the page's reading order beside the closed chat, and a screen reader may
 * read a live region that arrives with words in it.
 */
export function LiveRegion({ announcement }: { announcement: Announcement | null }): JSX.Element {
  const known = useRef(announcement);
  return (
    <div class="cw-sr-only" role="status" aria-live="polite" aria-atomic="true">
      {announcement !== null && announcement !== known.current && <p key={announcement.key}>{announcement.text}</p>}
    </div>
  );
}
