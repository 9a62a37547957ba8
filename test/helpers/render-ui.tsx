import { render, screen } from '@testing-library/preact';
import { Root } from '../../src/ui/Root';
import type { FakeModel } from './fake-model';

/** Renders the widget UI for `model` and waits for its lazily loaded panel. */
export async function renderPanel(model: FakeModel): Promise<{ dialog: HTMLElement; container: Element }> {
  const { container } = render(<Root model={model} />);
  const dialog = await screen.findByRole('dialog');
  await afterPaint();
  return { dialog, container };
}

/**
 * Waits until effects Preact scheduled after paint have run (it runs them in a timeout after the next animation
 * frame). The panel mounts when its dynamic import resolves, outside any act(), so its effects are scheduled so.
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
