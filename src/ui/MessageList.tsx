import type { JSX, RefObject } from 'preact';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { dayOf } from '../model/time.js';
import type { ConversationModel } from '../model/types.js';
import { Message } from './Message.js';
import { MessageText } from './MessageText.js';
import { useTexts } from './strings.js';

export interface MessageListProps {
  conversation: ConversationModel;
  botName: string;
  welcome: string;
  timeZone: string | undefined;
  locale: string | undefined;
  announce: (text: string) => void;
  /** The log element, which the panel focuses when the control that had focus goes away. */
  listRef: RefObject<HTMLDivElement>;
  focusComposer: () => void;
}

/** How close to the bottom (px) still counts as "reading the latest": absorbs rounding and sub-pixel scroll. */
const BOTTOM_SLACK = 24;

/**
 * The conversation log. It follows the newest text while the visitor is at the bottom; once they scroll up it
 * stays put and offers "jump to latest". Scrolling happens in layout effects (after a message renders, before
 * paint), at most once per render, never per chunk event.
 */
export function MessageList({
  conversation, botName, welcome, timeZone, locale, announce, listRef, focusComposer,
}: MessageListProps): JSX.Element {
  const messages = conversation.messages.value;
  const loaded = conversation.loaded.value;
  const texts = useTexts();
  const followRef = useRef(true);
  const [following, setFollowing] = useState(true);
  const seenCount = useRef(messages.length);
  // A message of today shows its time without the date. A panel left open past midnight (in the chatbot's zone)
  // renders its messages again when the day changes, so yesterday's gain their date: one check a minute, and a
  // render only when the day it gives is new.
  const today = (): string => dayOf(Date.now(), timeZone, locale);
  const [day, setDay] = useState(today);
  useEffect(() => {
    const timer = setInterval(() => setDay(today()), 60_000);
    return () => clearInterval(timer);
  }, [timeZone, locale]);

  const keepInView = useCallback(() => {
    const list = listRef.current;
    if (list !== null && followRef.current) list.scrollTop = list.scrollHeight;
  }, []);
  const follow = (value: boolean): void => {
    followRef.current = value;
    setFollowing(value);
  };

  // The visitor's own new question brings the view back down, even if they had scrolled up to read.
  const added = messages.slice(seenCount.current);
  seenCount.current = messages.length;
  const askedNow = added.some((message) => message.role === 'user');
  useLayoutEffect(() => {
    if (askedNow) follow(true);
    keepInView();
  });

  // The newest message's height changes after the frame's own layout: as a streaming answer grows (Message leaves
  // it to this observer) and as blocks content-visibility skipped (panel.css) get their real height near the view.
  // The view goes back to the bottom then, before the paint; layout is up to date in the callback, so reading the
  // height there is cheap.
  const newestObserver = useMemo(() => new ResizeObserver(() => keepInView()), [keepInView]);
  const observed = useRef<Element | null>(null);
  useLayoutEffect(() => {
    const newest = listRef.current?.lastElementChild ?? null;
    if (newest === observed.current) return;
    if (observed.current !== null) newestObserver.unobserve(observed.current);
    if (newest !== null) newestObserver.observe(newest);
    observed.current = newest;
  });
  useLayoutEffect(() => () => newestObserver.disconnect(), [newestObserver]);

  const onScroll = (): void => {
    const list = listRef.current;
    if (list === null) return;
    const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight <= BOTTOM_SLACK;
    if (atBottom !== followRef.current) follow(atBottom);
  };
  const focusLog = useCallback(() => listRef.current?.focus(), [listRef]);
  const jumpToLatest = (): void => {
    follow(true);
    keepInView();
    focusLog();
  };

  // Same vnodes while only a message's own signals change: Preact then skips them, and each Message re-renders
  // itself from its signals.
  const items = useMemo(
    () =>
      messages.map((message) => (
        <Message
          key={message.id}
          message={message}
          conversation={conversation}
          botName={botName}
          timeZone={timeZone}
          locale={locale}
          day={day}
          announce={announce}
          onLayout={keepInView}
          focusLog={focusLog}
          focusComposer={focusComposer}
        />
      )),
    [messages, conversation, botName, timeZone, locale, announce, keepInView, focusLog, focusComposer, day],
  );

  return (
    <div class="cw-panel__body">
      {/* A log, but silent: the separate live region announces each finished answer once, not every chunk. */}
      <div
        ref={listRef}
        class="cw-log"
        role="log"
        aria-live="off"
        aria-label={texts.conversation}
        tabIndex={0}
        onScroll={onScroll}
        onLoadCapture={keepInView}
      >
        {welcome !== '' && (
          <div class="cw-msg cw-msg--assistant cw-msg--welcome">
            <span class="cw-sr-only">{botName}: </span>
            <div class="cw-msg__bubble" dir="auto">
              <MessageText text={welcome} markdown />
            </div>
          </div>
        )}
        {loaded ? items : <p class="cw-log__loading" lang={texts.lang} dir={texts.dir}>{texts.panelLoading}</p>}
      </div>
      {!following && (
        <button type="button" class="cw-jump" lang={texts.lang} dir={texts.dir} onClick={jumpToLatest}>
          {texts.jumpToLatest}
        </button>
      )}
    </div>
  );
}
