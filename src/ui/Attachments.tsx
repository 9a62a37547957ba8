import type { JSX } from 'preact';
import type { Attachment } from '../model/types';
import { safeUrl } from '../model/urls';
import { ATTACHED_AUDIO, ATTACHED_IMAGE, ATTACHED_VIDEO, OPENS_IN_NEW_TAB } from './strings';

/** Media sent with a question, shown in the history by the URL the service serves them from. */
export function Attachments({ items }: { items: readonly Attachment[] }): JSX.Element {
  return (
    <ul class="cw-msg__files">
      {items.map((item) => (
        <li key={item.fileId} class={`cw-msg__file cw-msg__file--${item.kind}`}>
          <AttachmentView item={item} />
        </li>
      ))}
    </ul>
  );
}

function AttachmentView({ item }: { item: Attachment }): JSX.Element {
  const src = safeUrl(item.url);
  if (item.kind === 'image' && src !== null) {
    return (
      <a href={src} target="_blank" rel="noopener noreferrer">
        <img class="cw-msg__thumb" src={src} alt={`${ATTACHED_IMAGE}: ${item.name}`} loading="lazy" />
        <span class="cw-sr-only"> {OPENS_IN_NEW_TAB}</span>
      </a>
    );
  }
  if (item.kind === 'audio' && src !== null) {
    return <audio class="cw-msg__audio" controls preload="none" src={src} aria-label={`${ATTACHED_AUDIO}: ${item.name}`} />;
  }
  const label = item.kind === 'image' ? ATTACHED_IMAGE : item.kind === 'audio' ? ATTACHED_AUDIO : ATTACHED_VIDEO;
  return (
    <span class="cw-msg__file-name">
      {label}: {item.name} ({formatBytes(item.size)})
    </span>
  );
}

export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
