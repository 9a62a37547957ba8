import type { JSX, RefObject } from 'preact';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { WidgetModel } from '../model/types.js';
import { Composer } from './Composer.js';
import { LiveRegion, useAnnouncer } from './LiveRegion.js';
import type { ComposerMedia } from './media-slots.js';
import { MessageList } from './MessageList.js';
import { PanelHeader } from './PanelHeader.js';
import { PanelFooter, RateLimitBanner, SuggestedMessages } from './PanelParts.js';
import { useMediaQuery, useVisualViewport } from './panel-hooks.js';
import { contrastRatio, parseRgb, WHITE } from '../model/color.js';
import { failureMessage } from '../model/failures.js';
import { fill } from '../model/texts.js';
import { panelTexts, TextsProvider } from './strings.js';
import panelCss from './panel.css?inline';

/*
 * The lazily loaded half of the UI: src/boot/panel-host.tsx renders it, loaded on first open (or launcher
 * hover/focus); the launcher adopts `panelCss` into the shadow root when it arrives.
 */
export { panelCss };

export interface PanelProps {
  model: WidgetModel;
  id: string;
  floating: boolean;
  open: boolean;
  /** Open from the start (the page's open option): it shows without taking focus. */
  quiet?: boolean;
  /** Close from inside the panel (close button, Escape); the launcher then takes focus back. */
  onClose: () => void;
  dialogRef: RefObject<HTMLDivElement>;
  media: ComposerMedia | undefined;
}

/**
 * A colour within 3:1 of the white panel (WCAG's contrast for a component's shape): a white or pale yellow header,
 * send button or bubble would have no visible edge, so panel.css draws one in its text colour.
 */
const isPale = (color: string): boolean => contrastRatio(parseRgb(color) ?? WHITE, WHITE) < 3;

/** Must match the full-screen breakpoint in panel.css. */
const FULL_SCREEN_QUERY = '(max-width: 479.98px)';

export function Panel({ model, id, floating, open, quiet, onClose, dialogRef, media }: PanelProps): JSX.Element {
  const { conversation } = model;
  const settings = model.settings.value;
  const config = model.config.value;
  const messages = conversation.messages.value;
  const rateLimit = conversation.rateLimit.value;
  const loaded = conversation.loaded.value;
  // Before the chatbot's settings are known, defaults would flash its name and welcome text: show neither.
  const known = model.configKnown.value;
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const texts = useMemo(() => panelTexts(model.texts), [model]);
  const { lang, dir } = texts;
  // An answer that ends while a floating panel is closed marks the launcher (a dot, panel.css, and a description for
  // screen readers): the visitor closed it to wait, and would not know it had come. Until the panel opens, or the
  // conversation is gone (a new one, here or in another tab, or the site's logout): no answer is there to read then.
  const launcher = (): Element | null | undefined =>
    (dialogRef.current?.getRootNode() as ShadowRoot | undefined)?.querySelector('.cw-launcher');
  const announcer = useAnnouncer(
    model,
    texts,
    () => model.isOpen.peek() || launcher()?.setAttribute('aria-description', texts.newAnswer),
  );
  useLayoutEffect(() => {
    if (open || !messages.length) launcher()?.removeAttribute('aria-description');
  }, [open, messages]);
  // Closed, the panel is hidden and its live region with it: the region waits outside, so what ends meanwhile is heard.
  const liveRegion = <LiveRegion announcement={announcer.current} />;
  const fullScreen = useMediaQuery(FULL_SCREEN_QUERY) && floating;
  useVisualViewport(floating && open, dialogRef);
  const dropScroll = useFileDrop(dialogRef, settings.enableUploadImage ? media : undefined);
  const dropping = dropScroll !== null;

  const name = settings.name;
  const contact = settings.talkToHuman;
  const titleId = `${id}-title`;
  const limitId = `${id}-limit`;

  const suggesting = loaded && messages.length === 0 && settings.suggestedMessages.length > 0;
  // A panel too short for all it holds scrolls under its header (panel.css). Its view then ends at the text
  // field, so what shows above the field is the log, not the footer below it (focus alone would centre the field).
  const showComposer = (): void => {
    const panel = dialogRef.current;
    const form = inputRef.current?.form;
    if (panel && form) panel.scrollTop = form.offsetTop + form.offsetHeight - panel.clientHeight;
  };
  // Focus goes to the text field when a floating panel opens, unless it is open from the start beside the page (full
  // screen it covers the page, whose focused field would take keys unseen). An inline panel is part of the page: it
  // never takes focus on its own.
  useEffect(() => {
    if (floating && open) {
      if (!quiet || fullScreen) inputRef.current?.focus({ preventScroll: true });
      showComposer();
    }
  }, [floating, open]);
  // A config that failed while the chat was closed (the network was down as the page loaded) is asked for again as the
  // visitor opens it: the panel said "unavailable" of a service that may well be back, until they pressed Retry. Not
  // for a panel shown from the start (inline, or open): it would ask again at once, at page load, what just failed.
  useEffect(() => {
    if (open && !quiet && config.status === 'failed') model.reloadConfig();
  }, [open]);
  // The suggestions above the text field come with the conversation's loading and go with its first message, the
  // rate limit's notice with a question it holds back: the view keeps ending at the field. (panel.css turns scroll
  // anchoring off: it followed the log's own scrolling.)
  useLayoutEffect(showComposer, [suggesting, rateLimit !== null]);
  // So does the composer as it grows: files added to the tray pushed the field, send and the focused attach button
  // out of view at 200 % zoom or on a phone with its keyboard open.
  useLayoutEffect(() => {
    const observer = new ResizeObserver(showComposer);
    observer.observe(inputRef.current!.form!);
    return () => observer.disconnect();
  }, []);

  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape' && floating && !event.defaultPrevented) {
      event.preventDefault();
      onClose();
    } else if (event.key === 'Tab' && fullScreen && dialogRef.current !== null) {
      keepFocusInside(dialogRef.current, event);
    }
    keepTyping(event);
  };

  // Open beside the page, the panel covers part of it, where a page link Tab reaches is hidden: Escape on the page
  // closes the panel and leaves focus there, now in view (WCAG 2.4.11). One the panel or the page acted on is its own.
  // (close() leaves an inline panel, always open, as it is.)
  useEffect(() => {
    const doc = dialogRef.current!.ownerDocument;
    const onPageKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape' && !event.defaultPrevented && model.isOpen.peek()) model.close();
    };
    doc.addEventListener('keydown', onPageKey);
    return () => doc.removeEventListener('keydown', onPageKey);
  }, []);

  const focusComposer = useCallback(() => inputRef.current?.focus(), []);
  // A control that goes while it has focus (update() turning image upload off, a suggestion another tab answered)
  // would drop focus to the page's body, out of the dialog: it goes to the text field instead. Read while rendering,
  // before the control leaves the DOM; a removed element leaves the shadow root's activeElement null.
  const root = dialogRef.current?.getRootNode() as ShadowRoot | undefined;
  const focusInside = open && root !== undefined && dialogRef.current!.contains(root.activeElement);
  useLayoutEffect(() => {
    if (focusInside && root.activeElement === null) focusComposer();
  });
  // Focus goes to the text field, which a screen reader then reads: what happened is said after it.
  const startOver = (): void => {
    conversation.newConversation();
    focusComposer();
    announcer.announce(texts.conversationCleared);
  };

  return (
    <TextsProvider value={texts}>
    {!open && liveRegion}
    <div
      ref={dialogRef}
      id={id}
      class={`cw-panel${fullScreen ? ' cw-panel--full' : ''}${dropping ? ' cw-panel--drop' : ''}${known ? '' : ' cw-panel--pending'}${
        isPale(settings.bubbleColor) ? ' cw-panel--pale-accent' : ''}${isPale(settings.userMessageColor) ? ' cw-panel--pale-user' : ''}`}
      // Floating, it opens over the page: a dialog. Inline, it is part of the page, always there: a region (a landmark
      // named by its title), not a dialog.
      role={floating ? 'dialog' : 'region'}
      aria-labelledby={titleId}
      aria-modal={fullScreen ? 'true' : undefined}
      hidden={!open}
      onKeyDown={onKeyDown}
      onKeyPress={keepTyping}
      onKeyUp={keepTyping}
    >
      {dropping && (
        // Over the part of the panel in view: a panel too short for all it holds is scrolled (to its text field).
        <div class="cw-panel__drop" aria-hidden="true" style={{ top: dropScroll + 8, bottom: 8 - dropScroll }}>
          {texts.dropFiles}
        </div>
      )}
      <PanelHeader
        titleId={titleId}
        name={known ? name : null}
        loading={config.status === 'loading'}
        avatarUrl={settings.avatarUrl}
        canStartOver={messages.length > 0}
        onNewConversation={startOver}
        onClose={floating ? onClose : undefined}
      />
      {config.status === 'loading' && <p class="cw-panel__status" lang={lang} dir={dir}>{texts.connecting}</p>}
      {config.status === 'failed' && (
        <div class="cw-panel__status cw-panel__status--error" role="alert">
          <span>{fill(texts.configUnavailable, { error: failureMessage(config.error, texts) })}</span>{' '}
          <button
            type="button"
            class="cw-link-button"
            lang={lang}
            dir={dir}
            onClick={() => {
              // The button goes while the settings load: focus moves to the text field, not out of the dialog.
              focusComposer();
              model.reloadConfig();
            }}
          >
            {texts.retry}
          </button>
        </div>
      )}
      <MessageList
        conversation={conversation}
        botName={name}
        welcome={known ? settings.welcomeMessage : ''}
        timeZone={settings.timeZone}
        locale={model.locale}
        announce={announcer.announce}
        listRef={logRef}
        focusComposer={focusComposer}
      />
      {open && liveRegion}
      {suggesting && (
        <SuggestedMessages
          items={settings.suggestedMessages}
          onPick={(text) => {
            void conversation.send(text);
            // The suggestions go away with the first message: focus goes where the answer will appear. One the rate
            // limit held back (send() adds a question it takes at once) sends nothing: focus stays on the suggestion,
            // there to press again, while the limit's notice says why; the log would have nothing new to read.
            if (conversation.messages.peek().length) logRef.current?.focus();
          }}
        />
      )}
      {rateLimit !== null && <RateLimitBanner id={limitId} notice={rateLimit} locale={model.locale} />}
      <Composer
        conversation={conversation}
        placeholder={settings.placeholder}
        enableUploadImage={settings.enableUploadImage}
        enablePushToTalk={settings.enablePushToTalk}
        media={media}
        inputRef={inputRef}
        open={open}
        blockedBy={rateLimit !== null ? limitId : undefined}
      />
      <PanelFooter
        privacyPolicy={settings.privacyPolicy}
        contactLinks={settings.contactLinks}
        onTalkToHuman={
          // Its reply is said here, where it was asked for: another tab's or widget's is not this panel's news.
          contact !== null ? () => (model.talkToHuman(), announcer.announce(contact.responseMessage)) : undefined
        }
      />
    </div>
    </TextsProvider>
  );
}

/**
 * Keys typed into the text field stay in the widget. Outside its shadow root they seem to come from the host element,
 * which a page's shortcut guard (skip what is typed into INPUT, TEXTAREA or contenteditable) does not recognise: "/"
 * or a space in a question ran the page's search or play shortcut, and the text went to the page.
 */
function keepTyping(event: KeyboardEvent): void {
  if ((event.target as Element).localName === 'textarea') event.stopPropagation();
}

/**
 * Files dragged over the panel show a drop zone; dropped, they go to the media draft. Listeners are added by hand:
 * Preact would name the drag events by their DOM property, which not every DOM implementation has. Returns the
 * panel's scroll offset while files are over it (the zone covers the part in view), else null: read at the drag,
 * not at every render, as reading it lays the page out.
 */
function useFileDrop(panel: RefObject<HTMLElement>, media: ComposerMedia | undefined): number | null {
  const [scrolledAt, setScrolledAt] = useState<number | null>(null);
  const addFiles = media?.addFiles;
  useEffect(() => {
    const element = panel.current;
    if (element === null || addFiles === undefined) return;
    // dragenter/dragleave fire for every child crossed; the zone shows while the count is above zero.
    let depth = 0;
    const handlers: Record<string, (event: DragEvent) => void> = {
      dragenter() {
        depth += 1;
        if (depth === 1) media?.prefetch?.();
        setScrolledAt(element.scrollTop);
      },
      dragover(event) {
        if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
      },
      dragleave() {
        depth -= 1;
        if (depth <= 0) setScrolledAt(null);
      },
      drop(event) {
        depth = 0;
        setScrolledAt(null);
        const files = Array.from(event.dataTransfer?.files ?? []);
        if (files.length > 0) addFiles(files);
      },
    };
    const listener = (event: Event): void => {
      const drag = event as DragEvent;
      if (!drag.dataTransfer?.types.includes('Files')) return; // text or a link dragged over: not ours
      if (drag.type !== 'dragleave') drag.preventDefault(); // allows the drop; keeps the browser from opening the file
      handlers[drag.type]?.(drag);
    };
    for (const type of Object.keys(handlers)) element.addEventListener(type, listener);
    return () => {
      for (const type of Object.keys(handlers)) element.removeEventListener(type, listener);
    };
  }, [panel, addFiles, media]);
  return addFiles === undefined ? null : scrolledAt;
}

const FOCUSABLE = ':is(a[href], button, textarea, input, audio[controls], [tabindex]):not([disabled], [tabindex="-1"])';

/** Full screen, the panel is modal: Tab and Shift+Tab wrap around inside it instead of reaching the hidden page. */
function keepFocusInside(dialog: HTMLElement, event: KeyboardEvent): void {
  const focusable = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (first === undefined || last === undefined) return;
  const active = (dialog.getRootNode() as ShadowRoot | Document).activeElement;
  if (event.shiftKey && (active === first || !dialog.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}
