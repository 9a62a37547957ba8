import type { JSX, RefObject } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { WidgetModel } from '../model/types';
import { Composer } from './Composer';
import { LiveRegion, useAnnouncer } from './LiveRegion';
import type { ComposerMedia } from './media-slots';
import { MessageList } from './MessageList';
import { PanelHeader } from './PanelHeader';
import { PanelFooter, RateLimitBanner, SuggestedMessages } from './PanelParts';
import { useMediaQuery, useVisualViewport } from './panel-hooks';
import { CONFIG_LOADING, DEFAULT_BOT_NAME, RETRY, configFailed } from './strings';
import panelCss from './panel.css?inline';

/*
 * The lazily loaded half of the UI: Root imports this module on first open (or launcher hover/focus) and adopts
 * `panelCss` into the shadow root when it arrives.
 */
export { panelCss };

export interface PanelProps {
  model: WidgetModel;
  id: string;
  floating: boolean;
  open: boolean;
  /** Close from inside the panel (close button, Escape); Root then gives focus back to the launcher. */
  onClose: () => void;
  dialogRef: RefObject<HTMLDivElement>;
  media: ComposerMedia | undefined;
}

/** Must match the full-screen breakpoint in panel.css. */
const FULL_SCREEN_QUERY = '(max-width: 479.98px)';

export function Panel({ model, id, floating, open, onClose, dialogRef, media }: PanelProps): JSX.Element {
  const { conversation } = model;
  const settings = model.settings.value;
  const config = model.config.value;
  const messages = conversation.messages.value;
  const rateLimit = conversation.rateLimit.value;
  const loaded = conversation.loaded.value;
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const announcer = useAnnouncer(model, dialogRef);
  const fullScreen = useMediaQuery(FULL_SCREEN_QUERY) && floating;
  useVisualViewport(floating && open, dialogRef);

  const name = settings.name || DEFAULT_BOT_NAME;
  const titleId = `${id}-title`;
  const limitId = `${id}-limit`;

  // Focus goes to the text field when a floating panel opens. An inline panel is part of the page: it never
  // takes focus on its own.
  useEffect(() => {
    if (floating && open) inputRef.current?.focus();
  }, [floating, open]);

  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape' && floating && !event.defaultPrevented) {
      event.preventDefault();
      onClose();
    } else if (event.key === 'Tab' && fullScreen && dialogRef.current !== null) {
      keepFocusInside(dialogRef.current, event);
    }
  };

  const startOver = (): void => {
    conversation.newConversation();
    inputRef.current?.focus();
  };

  return (
    <div
      ref={dialogRef}
      id={id}
      class={`cw-panel${fullScreen ? ' cw-panel--full' : ''}`}
      role="dialog"
      aria-labelledby={titleId}
      aria-modal={fullScreen ? 'true' : undefined}
      hidden={!open}
      onKeyDown={onKeyDown}
    >
      <PanelHeader
        titleId={titleId}
        name={name}
        avatarUrl={settings.avatarUrl}
        canStartOver={messages.length > 0}
        onNewConversation={startOver}
        onClose={floating ? onClose : undefined}
      />
      {config.status === 'loading' && <p class="cw-panel__status">{CONFIG_LOADING}</p>}
      {config.status === 'failed' && (
        <div class="cw-panel__status cw-panel__status--error" role="alert">
          <span>{configFailed(config.error)}</span>{' '}
          <button type="button" class="cw-link-button" onClick={() => model.reloadConfig()}>
            {RETRY}
          </button>
        </div>
      )}
      <MessageList
        conversation={conversation}
        botName={name}
        welcome={settings.welcomeMessage}
        timeZone={settings.timeZone}
        announce={announcer.announce}
      />
      <LiveRegion announcement={announcer.current} />
      {loaded && messages.length === 0 && settings.suggestedMessages.length > 0 && (
        <SuggestedMessages items={settings.suggestedMessages} onPick={(text) => void conversation.send(text)} />
      )}
      {rateLimit !== null && <RateLimitBanner id={limitId} notice={rateLimit} />}
      <Composer
        conversation={conversation}
        placeholder={settings.placeholder}
        enableUploadImage={settings.enableUploadImage}
        enablePushToTalk={settings.enablePushToTalk}
        media={media}
        inputRef={inputRef}
        describedBy={rateLimit !== null ? limitId : undefined}
        blocked={rateLimit !== null}
      />
      <PanelFooter
        privacyPolicy={settings.privacyPolicy}
        contactLinks={settings.contactLinks}
        onTalkToHuman={settings.talkToHuman !== null ? () => model.talkToHuman() : undefined}
      />
    </div>
  );
}

const FOCUSABLE =
  'a[href], button:not([disabled]), textarea:not([disabled]), input:not([disabled]), select:not([disabled]), audio[controls], [tabindex]:not([tabindex="-1"])';

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
