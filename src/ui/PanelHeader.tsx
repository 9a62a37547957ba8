import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { useTexts } from './strings.js';

export interface PanelHeaderProps {
  titleId: string;
  /** Null while the chatbot's settings are not known (first visit, GetConfig pending or failed): no name yet. */
  name: string | null;
  /** With no name: GetConfig is still on its way (a placeholder bar stands in for the name). */
  loading: boolean;
  avatarUrl: string | null;
  canStartOver: boolean;
  onNewConversation: () => void;
  /** Absent in inline mode: an inline panel cannot be closed. */
  onClose: (() => void) | undefined;
}

export function PanelHeader(props: PanelHeaderProps): JSX.Element {
  // Starting over erases the conversation (in every tab) and sits next to Close: it takes a second press, on the
  // same button, which then says what it will do. Leaving the button, or Escape, forgets the first press.
  const [confirming, setConfirming] = useState(false);
  // A picture that does not load (moved, expired, offline) shows the initial, as no picture would, not the browser's
  // broken-image glyph. A new address is tried again.
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const texts = useTexts();
  return (
    // A div, not <header>: in the host page that would be a second banner landmark (axe: landmark-no-duplicate-banner).
    <div class="cw-panel__header">
      {props.avatarUrl !== null && props.avatarUrl !== brokenUrl ? (
        <img class="cw-panel__avatar" src={props.avatarUrl} alt="" onError={() => setBrokenUrl(props.avatarUrl)} />
      ) : (
        <span class="cw-panel__avatar cw-panel__avatar--initial" aria-hidden="true">
          {initialOf(props.name ?? '')}
        </span>
      )}
      {/* While the button asks "Clear chat?", the question takes the name's place on screen: beside it the name had
          too little room at 320 px and was cut off. Still there for the panel's name, which it gives. */}
      <h2 id={props.titleId} class={confirming ? 'cw-panel__title cw-sr-only' : 'cw-panel__title'} dir="auto">
        {props.name ??
          (props.loading ? (
            <>
              <span class="cw-panel__placeholder" aria-hidden="true" />
              <span class="cw-sr-only">{texts.chatTitle}</span>
            </>
          ) : (
            texts.chatTitle
          ))}
      </h2>
      <button
        type="button"
        class={confirming ? 'cw-icon-button cw-panel__new cw-panel__new--confirm' : 'cw-icon-button cw-panel__new'}
        lang={texts.lang}
        dir={texts.dir}
        aria-label={confirming ? undefined : texts.newConversation}
        title={texts.newConversation}
        aria-disabled={!props.canStartOver}
        onClick={() => {
          if (!props.canStartOver) return;
          if (confirming) props.onNewConversation();
          setConfirming(!confirming);
        }}
        onBlur={() => setConfirming(false)}
        onKeyDown={(event) => {
          // Escape takes the first press back, as leaving does, and keeps focus here: it was the question that was
          // dismissed, not the chat, nor a dialog of the page's own.
          if (event.key === 'Escape' && confirming) {
            event.preventDefault();
            event.stopPropagation();
            setConfirming(false);
          }
        }}
      >
        {confirming ? (
          texts.confirmNewConversation
        ) : (
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M4 12a8 8 0 1 0 2.3-5.6M4 4v4h4" />
          </svg>
        )}
      </button>
      {props.onClose !== undefined && (
        <button type="button" class="cw-icon-button cw-panel__close" lang={texts.lang} aria-label={texts.closePanel} title={texts.closePanel} onClick={props.onClose}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      )}
    </div>
  );
}

function initialOf(name: string): string {
  // First grapheme-ish character, so an emoji or an accented letter is not cut in half. Spread, not Array.from: MooTools
  // (Joomla's sites) replaces Array.from with one that wraps a string whole, and the avatar held the whole name.
  return [...name.trim()][0]?.toUpperCase() ?? '';
}
