import type { JSX } from 'preact';
import { useRef, useState } from 'preact/hooks';
import type { ComposerMedia } from './media-slots.js';
import { useTexts } from './strings.js';

export function ImageButton({ onPick, onPrefetch }: { onPick: () => void; onPrefetch?: (() => void) | undefined }): JSX.Element {
  const texts = useTexts();
  return (
    <button
      type="button"
      class="cw-composer__media cw-composer__image"
      lang={texts.lang}
      aria-label={texts.attachFiles}
      onClick={onPick}
      onPointerEnter={onPrefetch}
      onFocus={onPrefetch}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <rect x="3" y="5" width="18" height="14" rx="2" />
        <path d="M3 16l5-5 4 4 3-3 6 6" />
        <circle cx="15.5" cy="9.5" r="1.5" />
      </svg>
    </button>
  );
}

type PushToTalk = NonNullable<ComposerMedia['pushToTalk']>;

/**
 * Hold to record: pointer down (captured, so release anywhere ends it) or Space while focused starts; release
 * sends, unless the pointer was released outside the button or Escape was pressed, which cancel. A click that is
 * not part of such a press (Enter, a screen reader, voice control, switch access) toggles instead: the first starts,
 * the second stops and sends, which is what aria-pressed says.
 */
export function PushToTalkButton({
  control,
  disabled,
  onPrefetch,
}: {
  control: PushToTalk;
  disabled: boolean;
  onPrefetch?: (() => void) | undefined;
}): JSX.Element {
  const [pressed, setPressed] = useState(false);
  const texts = useTexts();
  const recordingRef = useRef(false);
  // Once the media code is there it knows best: a recording refused, failed (no microphone) or stopped at its time
  // limit is over, though nothing here ended it.
  const recording = control.recording() ?? pressed;

  const start = (): void => {
    // A recording this button started may have ended without it (refused, failed, at its time limit).
    if ((recordingRef.current && control.recording() !== false) || disabled) return;
    recordingRef.current = true;
    setPressed(true);
    control.start();
  };
  const end = (send: boolean): void => {
    if (!recordingRef.current) return;
    recordingRef.current = false;
    setPressed(false);
    control.end(send);
  };

  return (
    <button
      type="button"
      class={recording ? 'cw-composer__media cw-composer__mic cw-composer__mic--recording' : 'cw-composer__media cw-composer__mic'}
      lang={texts.lang}
      aria-label={texts.pushToTalk}
      aria-pressed={recording}
      // aria-disabled, not disabled (as the send button): a disabled button drops focus while the answer runs.
      aria-disabled={disabled && !recording}
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        event.preventDefault();
        event.currentTarget.setPointerCapture(event.pointerId);
        start();
      }}
      onPointerUp={(event) => {
        const box = event.currentTarget.getBoundingClientRect();
        const inside =
          event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
        end(inside);
      }}
      onPointerCancel={() => end(false)}
      // Detail 0: a click no pointer press made (a pointer's click follows its own pointerdown and pointerup, which
      // have started and ended the hold). Space makes none: its keydown is prevented.
      onClick={(event) => {
        if (event.detail !== 0) return;
        if (recording) return end(true);
        recordingRef.current = false;
        start();
      }}
      onKeyDown={(event) => {
        if (event.key === ' ' && !event.repeat) {
          event.preventDefault();
          start();
        } else if (event.key === 'Escape' && recordingRef.current) {
          // Cancel the recording only; the panel must not close as well.
          event.preventDefault();
          event.stopPropagation();
          end(false);
        }
      }}
      onKeyUp={(event) => {
        if (event.key === ' ') {
          event.preventDefault();
          end(true);
        }
      }}
      onBlur={() => end(false)}
      onPointerEnter={onPrefetch}
      onFocus={onPrefetch}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <rect x="9" y="3" width="6" height="11" rx="3" />
        <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
      </svg>
    </button>
  );
}
