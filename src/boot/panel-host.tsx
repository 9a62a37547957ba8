/**
 * The lazy side of the boundary (see README.md): Preact, its signals integration, the panel UI, markdown and the
 * panel's CSS arrive in this chunk on first open (or launcher hover/focus). The launcher (launcher.ts) renders
 * the panel through mountPanel into a slot of the widget's shadow root.
 */
import '@preact/signals'; // makes components re-render when the model signals they read change
import { createRef, render } from 'preact';
import type { WidgetModel } from '../model/types';
import type { ComposerMedia } from '../ui/media-slots';
import { Panel, panelCss } from '../ui/Panel';

export { panelCss };

export interface PanelOptions {
  model: WidgetModel;
  id: string;
  floating: boolean;
  /** Close from inside the panel (close button, Escape): the launcher takes focus back. */
  onClose: () => void;
  media?: ComposerMedia;
}

export interface PanelHandle {
  /** Shows or hides the panel. */
  update(open: boolean): void;
  /** The dialog element, for focus decisions. */
  dialog(): HTMLElement | null;
  destroy(): void;
}

export function mountPanel(slot: HTMLElement, options: PanelOptions): PanelHandle {
  const dialogRef = createRef<HTMLDivElement>();
  const draw = (open: boolean): void =>
    render(
      <Panel
        model={options.model}
        id={options.id}
        floating={options.floating}
        open={open}
        onClose={options.onClose}
        dialogRef={dialogRef}
        media={options.media}
      />,
      slot,
    );
  return {
    update: draw,
    dialog: () => dialogRef.current,
    destroy: () => render(null, slot),
  };
}
