import type { JSX } from 'preact';
import { DISMISS_POPUP } from './launcher-strings';

export interface PopupProps {
  text: string;
  onOpen: () => void;
  onDismiss: () => void;
}

/** The welcome bubble beside the launcher: clicking its text opens the chat. */
export function Popup({ text, onOpen, onDismiss }: PopupProps): JSX.Element {
  return (
    <div class="cw-popup">
      <button type="button" class="cw-popup__text" dir="auto" onClick={onOpen}>
        {text}
      </button>
      <button type="button" class="cw-popup__dismiss" aria-label={DISMISS_POPUP} onClick={onDismiss}>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M7 7l10 10M17 7L7 17" />
        </svg>
      </button>
    </div>
  );
}
