/**
 * The launcher that loads before the chat opens (src/boot/launcher.ts, plain DOM), in a shadow root as mount()
 * uses it, with the real lazily loaded panel: labels, aria-expanded/controls, prefetch, icon, alignment, focus
 * hand-back, Escape, the welcome popup, inline mode, a panel that fails to load, and a clean teardown.
 */
import { fireEvent, waitFor, within } from '@testing-library/preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, test } from 'vitest';
import { renderLauncher, type PanelModule } from '../../src/boot/launcher';
import { createFakeModel, type FakeModel } from '../helpers/fake-model';

const teardowns: Array<() => void> = [];
afterEach(() => {
  for (const teardown of teardowns.splice(0)) teardown();
  document.body.replaceChildren();
});

const loadPanel = (): Promise<PanelModule> => import('../../src/boot/panel-host');

function setup(model: FakeModel = createFakeModel(), load: () => Promise<PanelModule> = loadPanel) {
  const host = document.createElement('div');
  document.body.append(host);
  const shadow = host.attachShadow({ mode: 'open' });
  const remove = renderLauncher(shadow, model, { loadPanel: load });
  teardowns.push(remove);
  const ui = within(shadow as unknown as HTMLElement);
  return { model, shadow, ui, remove };
}

async function openPanel() {
  const context = setup();
  const launcher = context.ui.getByRole('button', { name: 'Open chat with Test bot' });
  fireEvent.click(launcher);
  const dialog = await context.ui.findByRole('dialog');
  return { ...context, launcher, dialog };
}

describe('launcher', () => {
  test('is a labelled button whose aria-expanded and aria-controls follow the panel', async () => {
    const { ui, model } = setup();
    const launcher = ui.getByRole('button', { name: 'Open chat with Test bot' });
    expect(launcher.getAttribute('aria-expanded')).toBe('false');
    expect(launcher.hasAttribute('aria-controls')).toBe(false);
    fireEvent.click(launcher);
    expect(model.calls).toContain('toggle');
    const dialog = await ui.findByRole('dialog');
    expect(launcher.getAttribute('aria-expanded')).toBe('true');
    expect(launcher.getAttribute('aria-label')).toBe('Close chat with Test bot');
    expect(launcher.getAttribute('aria-controls')).toBe(dialog.id);
  });

  test('hover or focus prefetches the conversation and the panel, which stays hidden', async () => {
    const { ui, model, shadow } = setup();
    fireEvent.focus(ui.getByRole('button', { name: /open chat/i }));
    expect(model.calls).toContain('prefetch');
    await waitFor(() => expect(shadow.querySelector('.cw-panel')).not.toBeNull());
    expect((shadow.querySelector('.cw-panel') as HTMLElement).hidden).toBe(true);
  });

  test('shows the chatbot icon when settings give one, and follows alignment', () => {
    const { shadow, model } = setup(createFakeModel({ settings: { launcherIconUrl: 'https://cdn.example/icon.png' } }));
    expect(shadow.querySelector('.cw-launcher__icon')?.getAttribute('src')).toBe('https://cdn.example/icon.png');
    expect(shadow.querySelector('.cw-root')?.classList.contains('cw-root--left')).toBe(false);
    act(() => {
      model.settings.value = { ...model.settings.peek(), align: 'left' };
    });
    expect(shadow.querySelector('.cw-root')?.classList.contains('cw-root--left')).toBe(true);
  });
});

describe('panel dialog', () => {
  test('is a dialog labelled by the chatbot name, not modal on a large screen', async () => {
    const { dialog, shadow } = await openPanel();
    const title = shadow.getElementById(dialog.getAttribute('aria-labelledby') ?? '');
    expect(title?.textContent).toBe('Test bot');
    expect(dialog.hasAttribute('aria-modal')).toBe(false);
  });

  test('focus moves to the composer on open and back to the launcher on close', async () => {
    const { ui, shadow, launcher, dialog } = await openPanel();
    const composer = ui.getByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(shadow.activeElement).toBe(composer));
    fireEvent.click(ui.getByRole('button', { name: 'Close chat' }));
    await waitFor(() => expect(shadow.activeElement).toBe(launcher));
    expect(dialog.hidden).toBe(true);
    expect(launcher.getAttribute('aria-expanded')).toBe('false');
  });

  test('Escape closes the panel and returns focus to the launcher', async () => {
    const { ui, shadow, launcher, model } = await openPanel();
    const composer = ui.getByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(shadow.activeElement).toBe(composer));
    fireEvent.keyDown(composer, { key: 'Escape' });
    expect(model.calls).toContain('close');
    await waitFor(() => expect(shadow.activeElement).toBe(launcher));
  });

  test('Escape on the launcher closes the open panel (Shift+Tab from the panel lands there)', async () => {
    const { launcher, model } = await openPanel();
    launcher.focus();
    // The open panel's listener on the page closes it; it starts with the panel's effects, after its first paint.
    await waitFor(() => {
      fireEvent.keyDown(launcher, { key: 'Escape' });
      expect(model.isOpen.value).toBe(false);
    });
    expect(model.calls.filter((call) => call === 'close')).toHaveLength(1);
    fireEvent.keyDown(launcher, { key: 'Escape' });
    expect(model.calls.filter((call) => call === 'close')).toHaveLength(1);
  });

  test('a panel open from the start shows without taking focus from the page; a later open takes it', async () => {
    const outside = document.createElement('input');
    document.body.append(outside);
    outside.focus();
    const { ui, shadow, model } = setup(createFakeModel({ open: true }));
    const dialog = await ui.findByRole('dialog');
    expect(dialog.hidden).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 20)); // effects have run
    expect(document.activeElement).toBe(outside);
    act(() => model.close());
    act(() => model.open());
    await waitFor(() => expect(shadow.activeElement).toBe(ui.getByRole('textbox', { name: 'Message' })));
  });

  test('a teardown with focus inside hands it back to where the visitor came from', async () => {
    const outside = document.createElement('button');
    document.body.append(outside);
    outside.focus();
    const { ui, shadow, remove } = setup();
    const launcher = ui.getByRole('button', { name: /open chat/i });
    launcher.focus(); // as Tab from the page's button would
    fireEvent.click(launcher);
    const composer = await ui.findByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(shadow.activeElement).toBe(composer));
    remove();
    teardowns.length = 0;
    expect(document.activeElement).toBe(outside);
  });

  test('a teardown while the visitor is elsewhere leaves their focus alone', async () => {
    const { shadow, remove } = await openPanel();
    await waitFor(() => expect(shadow.activeElement).not.toBeNull());
    const outside = document.createElement('input');
    document.body.append(outside);
    outside.focus();
    remove();
    teardowns.length = 0;
    expect(document.activeElement).toBe(outside);
  });

  test('a close from page code while the visitor is elsewhere does not move their focus', async () => {
    const outside = document.createElement('input');
    document.body.append(outside);
    const { ui, shadow, model, launcher } = await openPanel();
    await waitFor(() => expect(shadow.activeElement).toBe(ui.getByRole('textbox', { name: 'Message' })));
    outside.focus();
    act(() => model.close());
    expect(launcher.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(outside);
  });
});

describe('welcome popup', () => {
  test('shows beside the launcher; its text opens the chat, its button dismisses it', async () => {
    const model = createFakeModel();
    model.popup.value = 'Hi there!';
    const { ui, shadow } = setup(model);
    expect(ui.getByText('Hi there!').getAttribute('dir')).toBe('auto');
    const dismiss = ui.getByRole('button', { name: 'Dismiss message' });
    dismiss.focus(); // pressed from the keyboard
    fireEvent.click(dismiss);
    expect(model.calls).toContain('dismissPopup');
    expect(ui.queryByText('Hi there!')).toBeNull();
    // Focus moves on to the launcher rather than falling back to the page with the button.
    expect(shadow.activeElement).toBe(ui.getByRole('button', { name: 'Open chat with Test bot' }));
    act(() => {
      model.popup.value = 'Hello again';
    });
    fireEvent.click(ui.getByRole('button', { name: 'Hello again' }));
    expect(model.calls).toContain('open');
    await ui.findByRole('dialog');
    expect(ui.queryByText('Hello again')).toBeNull(); // not beside an open panel
  });
  test('Escape in the popup dismisses it, and focus moves on to the launcher', () => {
    const model = createFakeModel();
    model.popup.value = 'Hi there!';
    const { ui, shadow } = setup(model);
    const text = ui.getByRole('button', { name: 'Hi there!' });
    text.focus();
    fireEvent.keyDown(text, { key: 'Escape' });
    expect(model.calls).toContain('dismissPopup');
    expect(model.calls).not.toContain('open');
    expect(ui.queryByText('Hi there!')).toBeNull();
    expect(shadow.activeElement).toBe(ui.getByRole('button', { name: 'Open chat with Test bot' }));
  });

  test("shows the welcome's words without its markdown, which only the panel renders", () => {
    const model = createFakeModel();
    model.popup.value =
      '# Welcome to **Harbor Homes**\n> Ask about [our listings](https://harbor.example/list) or ![the map](https://harbor.example/m.png)\n' +
      '- `Flats` and __houses__, ~~lofts~~\n1. Call #5: 3 * 4 = 12 rooms, snake_case [stays]';
    const { shadow } = setup(model);
    expect(shadow.querySelector('.cw-popup__text')?.textContent).toBe(
      'Welcome to Harbor Homes\nAsk about our listings or the map\nFlats and houses, lofts\n1. Call #5: 3 * 4 = 12 rooms, snake_case [stays]',
    );
  });
  test.each(['![](https://harbor.example/banner.png)', '**', '[](https://harbor.example/)'])(
    'a welcome of markdown marks alone (%s) leaves no words: no popup, not an empty nameless button',
    (welcome) => {
      const model = createFakeModel();
      model.popup.value = welcome;
      const { shadow, ui } = setup(model);
      expect(shadow.querySelector('.cw-popup')).toBeNull();
      expect(ui.queryByRole('button', { name: '' })).toBeNull();
      act(() => {
        model.popup.value = '![Welcome!](https://harbor.example/banner.png)';
      });
      expect(ui.getByRole('button', { name: 'Welcome!' })).not.toBeNull();
    },
  );
});

describe('inline mode and failures', () => {
  test('inline: the panel at once, a region, no launcher, no close button, no focus grab; Escape does not hide it', async () => {
    const { ui, shadow, model } = setup(createFakeModel({ mode: 'inline' }));
    // Part of the page, always there: a region named by its title, not a dialog.
    const panel = await ui.findByRole('region', { name: 'Test bot' });
    expect(ui.queryByRole('dialog')).toBeNull();
    expect(panel.hidden).toBe(false);
    expect(shadow.querySelector('.cw-launcher')).toBeNull();
    expect(ui.queryByRole('button', { name: 'Close chat' })).toBeNull();
    expect(shadow.querySelector('.cw-root--inline')).not.toBeNull();
    expect(shadow.activeElement).toBeNull();
    fireEvent.keyDown(ui.getByRole('textbox', { name: 'Message' }), { key: 'Escape' });
    expect(model.calls).not.toContain('close');
    expect(panel.hidden).toBe(false);
  });

  test('a panel that fails to load says so while open, and loads on the next try', async () => {
    let attempts = 0;
    const flaky = (): Promise<PanelModule> => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new Error('offline')) : loadPanel();
    };
    const { ui, model } = setup(createFakeModel(), flaky);
    fireEvent.click(ui.getByRole('button', { name: /open chat/i }));
    expect((await ui.findByRole('alert')).textContent).toMatch(/could not be loaded/);
    act(() => model.close());
    expect(ui.queryByRole('alert')).toBeNull();
    act(() => model.open());
    await ui.findByRole('dialog');
    expect(ui.queryByRole('alert')).toBeNull();
    expect(attempts).toBe(2);
  });

  test('after a failed prefetch (hover while offline), the next open says nothing of it while it loads', async () => {
    let attempts = 0;
    let finishLoad: (() => void) | undefined;
    const flaky = (): Promise<PanelModule> => {
      attempts += 1;
      if (attempts === 1) return Promise.reject(new Error('offline'));
      return new Promise<void>((resolve) => (finishLoad = resolve)).then(loadPanel);
    };
    const { ui, shadow } = setup(createFakeModel(), flaky);
    const launcher = ui.getByRole('button', { name: /open chat/i });
    fireEvent.pointerEnter(launcher);
    await waitFor(() => expect(attempts).toBe(1));
    await act(async () => undefined); // the failure settles
    fireEvent.click(launcher);
    await waitFor(() => expect(attempts).toBe(2));
    // Loading, not failed: no alert, and the launcher's glyph is followed by the empty panel slot it pulses for.
    expect(ui.queryByRole('alert')).toBeNull();
    expect(shadow.querySelector('.cw-launcher--open + :empty:last-child')).not.toBeNull();
    finishLoad!();
    await ui.findByRole('dialog');
    expect(ui.queryByRole('alert')).toBeNull();
  });

  test('teardown removes everything it drew and stops following the model', async () => {
    const { shadow, model, remove } = await openPanel();
    remove();
    teardowns.length = 0;
    expect(shadow.childNodes.length).toBe(0);
    act(() => model.close());
    expect(shadow.childNodes.length).toBe(0);
  });
});
