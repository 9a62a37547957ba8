/**
 * The draft tray above the text field: the recording meter, each attached file (thumbnail or card, upload
 * progress, cancel / remove, retry) and the notices (refused files, failed uploads, microphone problems), which
 * sit in a polite live region so a screen reader hears them. Its CSS is adopted when it first mounts, so the
 * panel's own stylesheet carries none of it.
 */
import type { JSX } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { DraftItem, MediaDraft } from '../../model/media-draft.js';
import { formatBytes } from '../Attachments.js';
import { UI_LANG } from '../strings.js';
import { adoptStyles } from '../styles.js';
import mediaCss from './media.css?inline';
import { mediaStrings as text } from './strings.js';

export function MediaTray({ draft }: { draft: MediaDraft }): JSX.Element {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => adoptStyles(ref.current?.getRootNode() as ShadowRoot | Document, mediaCss), []);
  const items = draft.items.value;
  const notices = draft.notices.value;

  return (
    // The widget's words, and the names of the visitor's files.
    <div ref={ref} class="cw-media" lang={UI_LANG} onClickCapture={moveFocusOffGoingButton}>
      {draft.recording.value && <RecordingMeter draft={draft} />}
      {items.length > 0 && (
        <ul class="cw-msg__files cw-media__items" aria-label={text.attachments}>
          {items.map((item) => (
            <DraftItemView key={item.id} item={item} draft={draft} />
          ))}
        </ul>
      )}
      {draft.sendPending.value && <p class="cw-media__note">{text.sendPending}</p>}
      <div class="cw-media__notices" role="status" aria-live="polite">
        {notices.map((notice) => (
          <p key={notice.id} class="cw-media__notice">
            <span>{notice.text}</span>
            <button type="button" class="cw-media__icon-button" aria-label={text.dismiss} onClick={() => draft.dismissNotice(notice.id)}>
              <Cross />
            </button>
          </p>
        ))}
      </div>
    </div>
  );
}

function DraftItemView({ item, draft }: { item: DraftItem; draft: MediaDraft }): JSX.Element {
  const state = item.state.value;
  const percent = state.phase === 'uploading' ? Math.floor((100 * state.loaded) / Math.max(1, state.total)) : 100;
  // By code point, so the cut never splits a character; the ellipsis goes in the first part (media.css).
  const name = [...item.name];
  return (
    <li class={`cw-media__item cw-media__item--${item.kind} cw-media__item--${state.phase}`}>
      {item.preview !== null ? (
        <img class="cw-media__thumb" src={item.preview} alt="" />
      ) : (
        <span class="cw-media__glyph" aria-hidden="true">
          {item.kind === 'video' ? '▶' : '♪'}
        </span>
      )}
      <span class="cw-media__info">
        <span class="cw-media__name" dir="auto">
          <span>{name.slice(0, -12).join('')}</span>
          {name.slice(-12).join('')}
        </span>
        <span class="cw-media__detail">
          {state.phase === 'failed' ? text.failed : `${formatBytes(item.size)}${state.phase === 'uploading' ? ` · ${percent}%` : ''}`}
        </span>
        {state.phase === 'uploading' && (
          <progress class="cw-media__progress" max={100} value={percent} aria-label={text.uploading(item.name)} />
        )}
      </span>
      {state.phase === 'failed' && !state.permanent && (
        <button type="button" class="cw-media__retry" aria-label={text.retry(item.name)} onClick={() => draft.retry(item.id)}>
          {text.retryShort}
        </button>
      )}
      <button
        type="button"
        class="cw-media__icon-button"
        aria-label={state.phase === 'uploading' ? text.cancel(item.name) : text.remove(item.name)}
        onClick={() => draft.remove(item.id)}
      >
        <Cross />
      </button>
    </li>
  );
}

/**
 * Every button of the tray goes when pressed (its file or notice leaves; Retry goes while the file uploads again).
 * Before it acts, focus moves on, so it does not fall to <body>: to the next button of its entry (Retry: the cancel
 * button), else the same button of the next entry or the previous one (the last of each), else the text field.
 */
function moveFocusOffGoingButton({ target }: Event): void {
  const button = (target as Element).closest('button');
  const entry = button?.parentElement;
  const next = button?.nextElementSibling ?? (entry?.nextElementSibling ?? entry?.previousElementSibling)?.lastElementChild;
  ((next ?? entry?.closest('form')?.querySelector('textarea')) as HTMLElement | null | undefined)?.focus();
}

/** Redrawn ten times a second while recording: the recorder's level and length are plain numbers, not signals. */
function RecordingMeter({ draft }: { draft: MediaDraft }): JSX.Element {
  const [, redraw] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => redraw((count) => count + 1), 100);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.floor(draft.elapsedMs() / 1000);
  return (
    <div class="cw-media__recording">
      <span class="cw-media__dot" aria-hidden="true" />
      <span>{text.recording}</span>
      <time class="cw-media__elapsed">{`${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`}</time>
      {/* Speech is mostly 0.02..0.3 RMS: scaled so talking fills most of the meter (a meter's range is 0..1 by default). */}
      <meter class="cw-media__level" value={Math.min(1, draft.level() * 4)} aria-label={text.level} />
      <span class="cw-media__hint">{text.recordingHint}</span>
    </div>
  );
}

function Cross(): JSX.Element {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M7 7l10 10M17 7L7 17" />
    </svg>
  );
}
