/**
 * The lazy side of the boundary (see README.md): Preact, its signals integration, the panel UI, markdown and the
 * panel's CSS arrive in this chunk on first open (or launcher hover/focus). The launcher (launcher.ts) renders
 * the panel through mountPanel into a slot of the widget's shadow root.
 */
import '@preact/signals'; // makes components re-render when the model signals they read change
import { createRef, render } from 'preact';
import { createMediaSlot, type MediaController } from '../ui/media/slot.js';
import { Panel, panelCss, type PanelProps } from '../ui/Panel.js';

export { panelCss };

/**
 * What the launcher hands the panel: everything but its open state and the dialog's ref, which mountPanel keeps, and
 * instead of the media slot what loads the media chunk: the slot is made here, so the first download does not carry it.
 */
export type PanelOptions = Omit<PanelProps, 'open' | 'quiet' | 'dialogRef' | 'media'> & {
  loadMedia?: () => Promise<MediaController>;
};

export interface PanelHandle {
  /** Shows or hides the panel; `quiet`: it shows without taking focus. */
  update(open: boolean, quiet?: boolean): void;
  /** The dialog element, for focus decisions. */
  dialog(): HTMLElement | null;
  destroy(): void;
}

export function mountPanel(slot: HTMLElement, { loadMedia, ...options }: PanelOptions): PanelHandle {
  const dialogRef = createRef<HTMLDivElement>();
  const media = loadMedia && createMediaSlot(loadMedia);
  const draw = (open: boolean, quiet?: boolean): void =>
    render(<Panel {...options} media={media} open={open} quiet={quiet} dialogRef={dialogRef} />, slot);
  return {
    update: draw,
    dialog: () => dialogRef.current,
    destroy() {
      render(null, slot);
      media?.dispose();
    },
  };
}
