import type { ComponentChildren } from 'preact';

/**
 * Where the media work (issue 4) plugs into the composer. Each button appears only when its setting is on AND its
 * handler is given, so the widget never shows a control that does nothing.
 */
export interface ComposerMedia {
  /** Opens the image picker; shown with settings.enableUploadImage. */
  pickImage?: () => void;
  /**
   * Push-to-talk; shown with settings.enablePushToTalk. `start` on press (pointer down, or Space while the button
   * has focus); `end(true)` on release to send, `end(false)` when cancelled (Escape, or released outside the button).
   */
  pushToTalk?: {
    start: () => void;
    end: (send: boolean) => void;
  };
  /** Drawn above the text field: thumbnails of a draft, a recording meter, upload progress. */
  renderDraft?: () => ComponentChildren;
}
