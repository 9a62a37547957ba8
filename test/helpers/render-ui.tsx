import '@preact/signals'; // components re-render when model signals change, as panel-host.tsx installs it
import { render, screen, type RenderResult } from '@testing-library/preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { WidgetModel } from '../../src/model/types';
import launcherCss from '../../src/ui/launcher.css?inline';
import type { ComposerMedia } from '../../src/ui/media-slots';
import { Panel, panelCss } from '../../src/ui/Panel';
import { adoptStyles } from '../../src/ui/styles';

export interface PanelUiOptions {
  media?: ComposerMedia;
}

/**
 * The panel as the product draws it (src/boot/launcher.ts through panel-host.tsx): open while the model is (always
 * when inline), closed from inside through the model, with the widget's styles adopted. Rendered in the document,
 * not a shadow root, so `screen` queries reach it; test/boot/launcher.test.tsx covers the launcher around it.
 */
function PanelHarness({ model, media }: { model: WidgetModel } & PanelUiOptions) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const floating = model.mode !== 'inline';
  useLayoutEffect(() => {
    const removers = [adoptStyles(document, launcherCss), adoptStyles(document, panelCss)];
    return () => removers.forEach((remove) => remove());
  }, []);
  return (
    <div class={`cw-root cw-root--${floating ? 'floating' : 'inline'}`}>
      <Panel
        model={model}
        id="cw-panel-test"
        floating={floating}
        open={!floating || model.isOpen.value}
        onClose={() => model.close()}
        dialogRef={dialogRef}
        media={media}
      />
    </div>
  );
}

/** Renders the panel for `model` (cleaned up by @testing-library's cleanup). */
export function renderPanelUi(model: WidgetModel, options: PanelUiOptions = {}): RenderResult {
  return render(<PanelHarness model={model} {...options} />);
}

/**
 * Renders the panel for an open or inline `model` and waits until its effects have run. The panel is found by its
 * role: a dialog when floating, a region (part of the page) when inline.
 */
export async function renderPanel(
  model: WidgetModel,
  options: PanelUiOptions = {},
): Promise<{ panel: HTMLElement; container: Element }> {
  const { container } = renderPanelUi(model, options);
  const panel = await screen.findByRole(model.mode === 'inline' ? 'region' : 'dialog');
  await afterPaint();
  return { panel, container };
}

/**
 * Waits until effects Preact scheduled after paint have run (it runs them in a timeout after the next animation
 * frame): renders that happen outside act() (a signal changed by the model's own timers) schedule them so.
 */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** The polite live region that announces finished answers (separate from the message log). */
export function liveRegion(container: Element): HTMLElement {
  const region = container.querySelector<HTMLElement>('[aria-live="polite"]');
  if (region === null) throw new Error('no polite live region');
  return region;
}
