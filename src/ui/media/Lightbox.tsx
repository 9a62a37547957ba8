/**
 * A sent image opened larger: a modal <dialog> inside the widget's shadow root (the top layer keeps it above the
 * page; the page behind is inert while it is open). Escape, the close button or a click beside the image close
 * it, and focus goes back to the thumbnail that opened it. Part of the panel chunk (history needs it).
 */
import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { useTexts } from '../strings.js';

export function ImageThumb({ src, label, onError }: { src: string; label: string; onError: () => void }): JSX.Element {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const close = (): void => {
    setOpen(false);
    opener.current?.focus();
  };
  return (
    <>
      <button ref={opener} type="button" class="cw-msg__thumb-button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <img class="cw-msg__thumb" src={src} alt={label} loading="lazy" onError={onError} />
        <span class="cw-sr-only"> ({useTexts().viewLarger})</span>
      </button>
      {open && <Lightbox src={src} label={label} onClose={close} />}
    </>
  );
}

function Lightbox({ src, label, onClose }: { src: string; label: string; onClose: () => void }): JSX.Element {
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const texts = useTexts();
  useEffect(() => {
    dialog.current?.showModal();
    closeButton.current?.focus();
  }, []);
  // The dialog is closed first and onClose runs on its close event: while a modal dialog is open the page behind
  // it is inert, and focus cannot go back to the thumbnail.
  const close = (): void => dialog.current?.close();
  return (
    <dialog
      ref={dialog}
      class="cw-lightbox"
      lang={texts.lang}
      aria-label={label}
      onClose={onClose}
      // Escape closes the picture only, not the chat panel around it.
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        close();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      {/* The dialog's name already says what the picture is: alt text too, and a screen reader entering the dialog
          reads the same words twice (its name, then its content). */}
      <img class="cw-lightbox__image" src={src} alt="" />
      <div class="cw-lightbox__bar">
        <a class="cw-lightbox__link" href={src} target="_blank" rel="noopener noreferrer">
          {texts.openInNewTab}
        </a>
        <button ref={closeButton} type="button" class="cw-lightbox__close" onClick={close}>
          {texts.close}
        </button>
      </div>
    </dialog>
  );
}
