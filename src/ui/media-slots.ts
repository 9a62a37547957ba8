import type { ComponentChildren } from 'preact';

/**
 * Where the media work (issue 4) plugs into the composer. Each button appears only when its setting is on AND its
 * handler is given, so the widget never shows a control that does nothing. src/ui/media/slot.ts implements it,
 * loading the media code only when a visitor first uses it.
 */
export interface ComposerMedia {
  /** Called when the attach button is pressed, just before the picker opens (a chance to start loading). */
  pickImage?: () => void;
  /**
   * Files from the picker, a paste or a drop onto the panel; with it the composer draws the hidden file input and
   * the panel accepts drops (settings.enableUploadImage).
   */
  addFiles?: (files: File[]) => void;
  /**
   * Push-to-talk; shown with settings.enablePushToTalk. `start` on press (pointer down, or Space while the button
   * has focus); `end(true)` on release to send, `end(false)` when cancelled (Escape, or released outside the button).
   */
  pushToTalk?: {
    start: () => void;
    end: (send: boolean) => void;
    /** Whether the media code is recording; null until it has loaded. */
    recording: () => boolean | null;
  };
  /** The visitor is about to use media (pointer over or focus on a media button, files dragged over the panel). */
  prefetch?: () => void;
  /**
   * Drawn above the text field: thumbnails of a draft, a recording meter, upload progress. A number above 0: the
   * media code could not be loaded, which the composer says (texts.mediaLoadFailed), anew when the number grows (it
   * failed again); 0: nothing to draw.
   */
  renderDraft?: () => ComponentChildren;
  /** True while files are attached: text becomes optional and send goes through sendDraft. */
  hasDraft?: () => boolean;
  /**
   * Sends the attached files with the composer's text as it is when they go (the draft reads it then); false when
   * nothing was attached (the composer then sends the text).
   */
  sendDraft?: () => boolean;
}
