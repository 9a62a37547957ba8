import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { onOnline } from '../model/frame.js';
import type { Attachment } from '../model/types.js';
import { safeUrl } from '../model/urls.js';
import { ImageThumb } from './media/Lightbox.js';
import { useTexts } from './strings.js';

/**
 * Media sent with a question, shown in the history by the URL the service serves them from (restored
 * conversations too: storage holds only these references, never bytes). An image opens larger in a dialog; a
 * voice message gets a player; a video shows its name and size. When the URL is unsafe or the file cannot be
 * fetched any more, the name and size remain (an image is tried again when the browser comes back online).
 */
export function Attachments({ items }: { items: readonly Attachment[] }): JSX.Element {
  return (
    // The widget's words, and the names of the visitor's files.
    <ul class="cw-msg__files" lang={useTexts().lang}>
      {items.map((item) => (
        <li key={item.fileId} class={`cw-msg__file cw-msg__file--${item.kind}`}>
          <AttachmentView item={item} />
        </li>
      ))}
    </ul>
  );
}

function AttachmentView({ item }: { item: Attachment }): JSX.Element {
  const [unavailable, setUnavailable] = useState(false);
  // Failed perhaps only for want of a network (a conversation restored offline): tried again when it is back, not
  // only when the panel mounts again. A URL that is gone fails again and shows the name again.
  useEffect(() => (unavailable ? onOnline(() => setUnavailable(false)) : undefined), [unavailable]);
  const texts = useTexts();
  const src = unavailable ? null : safeUrl(item.url);
  const kind = item.kind === 'image' ? texts.attachedImage : item.kind === 'audio' ? texts.attachedAudio : texts.attachedVideo;
  const label = `${kind}: ${item.name}`;
  if (item.kind === 'image' && src !== null) {
    return <ImageThumb src={src} label={label} onError={() => setUnavailable(true)} />;
  }
  if (item.kind === 'audio' && src !== null) {
    return <audio class="cw-msg__audio" controls preload="none" src={src} aria-label={label} />;
  }
  return (
    <span class={`cw-msg__file-name${item.kind === 'video' ? ' cw-msg__file-name--video' : ''}`}>
      {label} ({formatBytes(item.size)})
    </span>
  );
}

export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
