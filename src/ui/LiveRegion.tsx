import { useSignalEffect } from '@preact/signals';
import type { JSX } from 'preact';
import { useCallback, useRef, useState } from 'preact/hooks';
import type { MessageStatus, WidgetModel } from '../model/types';
import { answerFailed, answerFrom } from './strings';

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
 * chunk by chunk), a failure's plain-words error, and notices that arrive while the panel is open. Messages
 * restored from storage are already known and stay silent. Reads statuses, not texts, so a streamed chunk does
 * not even wake this up.
 */
export function useAnnouncer(model: WidgetModel): Announcer {
  const [current, setCurrent] = useState<Announcement | null>(null);
  const counter = useRef(0);
  const statuses = useRef<Map<string, MessageStatus> | null>(null);
  const announce = useCallback((text: string) => {
    counter.current += 1;
    setCurrent({ key: counter.current, text });
  }, []);

  useSignalEffect(() => {
    const messages = model.conversation.messages.value;
    const now = new Map(messages.map((message) => [message.id, message.status.value] as const));
    const before = statuses.current;
    statuses.current = now;
    if (before === null) return; // first look: what is already there was there before the visitor arrived

    for (const message of messages) {
      const status = now.get(message.id);
      const previous = before.get(message.id);
      if (status === previous) continue;
      const isNew = previous === undefined;
      if (message.role === 'notice') {
        if (isNew) announce(message.text.peek());
      } else if (message.role === 'assistant') {
        const wasRunning = isNew || previous === 'waiting' || previous === 'streaming';
        const error = message.error.peek();
        if (wasRunning && status === 'done') announce(answerFrom(model.settings.peek().name, message.text.peek()));
        else if (wasRunning && error !== null && (status === 'failed' || status === 'interrupted')) {
          announce(answerFailed(error));
        }
      } else if (status === 'failed') {
        const error = message.error.peek();
        if (error !== null) announce(error);
      }
    }
  });

  return { current, announce };
}

/**
 * Polite, and separate from the (silent) message log. Each announcement is a new node, so the same words twice
 * in a row ("Copied", then "Copied") are still read twice.
 */
export function LiveRegion({ announcement }: { announcement: Announcement | null }): JSX.Element {
  return (
    <div class="cw-sr-only" role="status" aria-live="polite" aria-atomic="true">
      {announcement !== null && <p key={announcement.key}>{announcement.text}</p>}
    </div>
  );
}
