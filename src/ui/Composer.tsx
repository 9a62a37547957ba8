import type { JSX, RefObject } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { ConversationModel } from '../model/types.js';
import { ImageButton, PushToTalkButton } from './MediaButtons.js';
import type { ComposerMedia } from './media-slots.js';
import { pickerAccept } from './media/accept.js';
import { useTexts } from './strings.js';

export interface ComposerProps {
  conversation: ConversationModel;
  placeholder: string;
  enableUploadImage: boolean;
  enablePushToTalk: boolean;
  media: ComposerMedia | undefined;
  inputRef: RefObject<HTMLTextAreaElement>;
  /** Whether the panel is shown: a hidden field measures 0, so it is measured again when the panel opens. */
  open: boolean;
  /** While sending is blocked: the id of the notice explaining why (the rate limit). */
  blockedBy: string | undefined;
}

/**
 * The text field grows with its content up to a CSS max-height; Enter sends, Shift+Enter starts a new line.
 * While an answer runs, the send button turns into stop (the same element, so focus stays on it).
 */
export function Composer(props: ComposerProps): JSX.Element {
  const { conversation, inputRef, media } = props;
  const texts = useTexts();
  const draft = conversation.draft.value;
  const busy = conversation.busy.value;
  const hasFiles = media?.hasDraft?.() ?? false;
  const blocked = props.blockedBy !== undefined;
  const canSend = !busy && !blocked && (draft.trim() !== '' || hasFiles);
  const fileInput = useRef<HTMLInputElement>(null);
  const addFiles = props.enableUploadImage ? media?.addFiles : undefined;
  const draftView = media?.renderDraft?.();

  // When the draft, the placeholder or the panel's visibility changes: measure from the smallest height, or the
  // field could never shrink. A hidden panel measures 0; then leave the height to CSS. CSSOM, not a style
  // attribute. Not on other renders: measuring forces a layout, and the render that ends an answer (busy turns
  // false) would force one of the whole answer before its frame (issue 6).
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (input === null) return;
    input.style.height = 'auto';
    const height = input.scrollHeight;
    input.style.height = height > 0 ? `${height + input.offsetHeight - input.clientHeight}px` : '';
  }, [draft, props.placeholder, props.open]);

  const send = (): void => {
    if (canSend && !(hasFiles && media?.sendDraft?.())) void conversation.send(draft);
  };
  const onPaste = (event: ClipboardEvent): void => {
    const clipboard = event.clipboardData;
    const files = Array.from(clipboard?.files ?? []);
    // Text on the clipboard is what was copied: the browser pastes it as usual. Word and Excel add a picture of the
    // copied text, which is not a file to send.
    if (addFiles === undefined || files.length === 0 || clipboard?.getData('text/plain')) return;
    event.preventDefault();
    addFiles(files);
  };
  const onKeyDown = (event: KeyboardEvent): void => {
    // isComposing / 229: Enter that confirms an IME composition (Japanese, Chinese…) must not send.
    if (event.key !== 'Enter' || event.shiftKey || event.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    send();
  };
  const onSubmit = (event: Event): void => {
    event.preventDefault();
    if (busy) conversation.stop();
    else send();
  };

  return (
    <form class={busy ? 'cw-composer cw-composer--busy' : 'cw-composer'} onSubmit={onSubmit}>
      {typeof draftView === 'number' ? (
        // Keyed by the count of failed loads: a new failure is a new alert node, which screen readers say again.
        draftView > 0 && (
          <p key={draftView} class="cw-composer__problem" role="alert">
            {texts.mediaLoadFailed}
          </p>
        )
      ) : (
        draftView
      )}
      <div class="cw-composer__row">
        {addFiles !== undefined && (
          <input
            ref={fileInput}
            type="file"
            class="cw-composer__file"
            hidden
            multiple
            tabIndex={-1}
            accept={pickerAccept(props.enablePushToTalk)}
            onChange={(event) => {
              const files = Array.from(event.currentTarget.files ?? []);
              event.currentTarget.value = ''; // the same file can be picked again
              if (files.length > 0) addFiles(files);
            }}
          />
        )}
        {props.enableUploadImage && (media?.pickImage !== undefined || addFiles !== undefined) && (
          <ImageButton
            onPick={() => {
              media?.pickImage?.();
              fileInput.current?.click();
            }}
            onPrefetch={media?.prefetch}
          />
        )}
        <textarea
          ref={inputRef}
          class="cw-composer__input"
          rows={1}
          dir="auto"
          aria-label={texts.composer}
          aria-describedby={props.blockedBy}
          placeholder={props.placeholder}
          value={draft}
          onInput={(event) => {
            conversation.draft.value = event.currentTarget.value;
          }}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
        />
        {props.enablePushToTalk && media?.pushToTalk !== undefined && (
          <PushToTalkButton control={media.pushToTalk} disabled={busy || blocked} onPrefetch={media.prefetch} />
        )}
        <button
          type="submit"
          class={busy ? 'cw-composer__send cw-composer__send--stop' : 'cw-composer__send'}
          lang={texts.lang}
          aria-label={busy ? texts.stop : texts.send}
          // aria-disabled, not disabled: a disabled button drops focus when the answer ends and it turns back.
          aria-disabled={!busy && !canSend}
          onClick={(event) => {
            // The second click of a double-click on Send lands on Stop, which took its place: it must not stop
            // the answer just asked for. A deliberate Stop is a click of its own (detail 1; 0 from a keyboard).
            if (busy && event.detail > 1) event.preventDefault();
          }}
        >
          {busy ? (
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <rect x="7" y="7" width="10" height="10" rx="1.5" />
            </svg>
          ) : (
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M4 12l16-8-6 16-2.5-6.5z" />
            </svg>
          )}
        </button>
      </div>
    </form>
  );
}
