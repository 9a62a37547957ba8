import type { JSX, Ref } from 'preact';
import { closeChatLabel, openChatLabel } from './launcher-strings';

export interface LauncherProps {
  name: string;
  /** Already checked by settings (http(s) only); null draws the built-in chat icon. */
  iconUrl: string | null;
  open: boolean;
  /** id of the panel, once it exists (aria-controls must not point at nothing). */
  controls: string | undefined;
  buttonRef: Ref<HTMLButtonElement>;
  onToggle: () => void;
  /** Hover or focus: the visitor may open soon, so start fetching the panel's code. */
  onPrefetch: () => void;
}

export function Launcher(props: LauncherProps): JSX.Element {
  const { open, iconUrl } = props;
  return (
    <button
      ref={props.buttonRef}
      type="button"
      class={open ? 'cw-launcher cw-launcher--open' : 'cw-launcher'}
      aria-label={open ? closeChatLabel(props.name) : openChatLabel(props.name)}
      aria-expanded={open}
      aria-controls={props.controls}
      onClick={props.onToggle}
      onPointerEnter={props.onPrefetch}
      onFocus={props.onPrefetch}
    >
      {open ? (
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      ) : iconUrl !== null ? (
        <img class="cw-launcher__icon" src={iconUrl} alt="" />
      ) : (
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M6 4h12a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H9l-5 4V6a2 2 0 0 1 2-2z" />
        </svg>
      )}
    </button>
  );
}
