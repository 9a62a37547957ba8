/**
 * The draft tray above the text field: the recording meter, each attached file (thumbnail or card, upload
 * progress, cancel / remove, retry) and the notices (refused files, failed uploads, microphone problems), which
 * sit in a polite live region so a screen reader hears them. Its CSS is adopted when it first mounts, so the
 * panel's own stylesheet carries none of it.
 */
import type { JSX } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { DraftItem, MediaDraft } from '../../model/media-draft.js';
import { fill } from '../../model/texts.js';
import { formatBytes } from '../Attachments.js';
import { useTexts } from '../strings.js';
import { adoptStyles } from '../styles.js';
import mediaCss from './media.css?inline';
import type { MediaTexts } from './strings.js';

/** `text`: the media chunk's words (mount()'s texts over MEDIA_TEXTS); their lang and dir are the panel's. */
export function MediaTray({ draft, text }: { draft: MediaDraft; text: MediaTexts }): JSX.Element {
  const { lang, dir } = useTexts();
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => adoptStyles(ref.current?.getRootNode() as ShadowRoot | Document, mediaCss), []);
  const items = draft.items.value;
  const notices = draft.notices.value;

  return (
    // The widget's words, and the names of the visitor's files.
    <div ref={ref} class="cw-media" lang={lang} onClickCapture={moveFocusOffGoingButton}>
      {draft.recording.value && <RecordingMeter draft={draft} text={text} dir={dir} />}
      {items.length > 0 && (
        <ul class="cw-msg__files cw-media__items" aria-label={text.attachedFiles}>
          {items.map((item) => (
            <DraftItemView key={item.id} item={item} draft={draft} text={text} />
          ))}
        </ul>
      )}
      {/* A live region of its own, there with the tray: Send seemed to do nothing to a screen reader while uploads ran. */}
      <div role="status">{draft.sendPending.value && <p class="cw-media__note" dir={dir}>{text.sendPending}</p>}</div>
      <div class="cw-media__notices" role="status" aria-live="polite">
        {notices.map((notice) => (
          <p key={notice.id} class="cw-media__notice">
            <span dir={dir}>{notice.text}</span>
            <button type="button" class="cw-media__icon-button" aria-label={text.dismissNotice} onClick={() => draft.dismissNotice(notice.id)}>
              <Cross />
            </button>
          </p>
        ))}
      </div>
    </div>
  );
}

function DraftItemView({ item, draft, text }: { item: DraftItem; draft: MediaDraft; text: MediaTexts }): JSX.Element {
  const state = item.state.value;
  const { retry } = useTexts();
  const named = { name: item.name };
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
          {state.phase === 'failed' ? text.uploadFailed : `${formatBytes(item.size)}${state.phase === 'uploading' ? ` · ${percent}%` : ''}`}
        </span>
        {state.phase === 'uploading' && (
          <progress class="cw-media__progress" max={100} value={percent} aria-label={fill(text.uploading, named)} />
        )}
      </span>
      {state.phase === 'failed' && !state.permanent && (
        <button type="button" class="cw-media__retry" aria-label={fill(text.retryUpload, named)} onClick={() => draft.retry(item.id)}>
          {retry}
        </button>
      )}
      <button
        type="button"
        class="cw-media__icon-button"
        aria-label={fill(state.phase === 'uploading' ? text.cancelUpload : text.removeFile, named)}
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
function RecordingMeter({ draft, text, dir }: { draft: MediaDraft; text: MediaTexts; dir: 'ltr' | undefined }): JSX.Element {
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
      <meter class="cw-media__level" value={Math.min(1, draft.level() * 4)} aria-label={text.microphoneLevel} />
      <span class="cw-media__hint" dir={dir}>{text.recordingHint}</span>
    </div>
  );
}

function Cross(): JSX.Element {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path d="M7 7l10 10M17 7L7 17" />
    </svg>
  );
}
