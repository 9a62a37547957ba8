import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, test } from 'vitest';
import { Root } from '../../src/ui/Root';
import { createFakeModel } from '../helpers/fake-model';

afterEach(cleanup);

async function openPanel(model = createFakeModel()) {
  render(<Root model={model} />);
  const launcher = screen.getByRole('button', { name: 'Open chat with Test bot' });
  fireEvent.click(launcher);
  const dialog = await screen.findByRole('dialog');
  return { model, launcher, dialog };
}

describe('launcher', () => {
  test('is a labelled button whose aria-expanded follows the panel', async () => {
    const model = createFakeModel();
    render(<Root model={model} />);
    const launcher = screen.getByRole('button', { name: 'Open chat with Test bot' });
    expect(launcher.getAttribute('aria-expanded')).toBe('false');
    expect(launcher.hasAttribute('aria-controls')).toBe(false);

    fireEvent.click(launcher);
    expect(model.calls).toContain('toggle');
    const dialog = await screen.findByRole('dialog');
    expect(launcher.getAttribute('aria-expanded')).toBe('true');
    expect(launcher.getAttribute('aria-label')).toBe('Close chat with Test bot');
    expect(launcher.getAttribute('aria-controls')).toBe(dialog.id);
  });

  test('hover or focus prefetches the conversation', () => {
    const model = createFakeModel();
    render(<Root model={model} />);
    fireEvent.focus(screen.getByRole('button', { name: /open chat/i }));
    expect(model.calls).toContain('prefetch');
  });

  test('shows the chatbot icon when settings give one', () => {
    const model = createFakeModel({ settings: { launcherIconUrl: 'https://cdn.example/icon.png' } });
    const { container } = render(<Root model={model} />);
    expect(container.querySelector('.cw-launcher__icon')?.getAttribute('src')).toBe('https://cdn.example/icon.png');
  });

  test('left alignment is a class on the root', () => {
    const model = createFakeModel({ settings: { align: 'left' } });
    const { container } = render(<Root model={model} />);
    expect(container.querySelector('.cw-root')?.classList.contains('cw-root--left')).toBe(true);
  });
});

describe('panel dialog', () => {
  test('is a dialog labelled by the chatbot name, not modal on a large screen', async () => {
    const { dialog } = await openPanel();
    const title = dialog.querySelector(`#${CSS.escape(dialog.getAttribute('aria-labelledby') ?? '')}`);
    expect(title?.textContent).toBe('Test bot');
    expect(dialog.hasAttribute('aria-modal')).toBe(false);
  });

  test('focus moves to the composer on open and back to the launcher on close', async () => {
    const { launcher } = await openPanel();
    const composer = screen.getByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(document.activeElement).toBe(composer));

    fireEvent.click(screen.getByRole('button', { name: 'Close chat' }));
    await waitFor(() => expect(document.activeElement).toBe(launcher));
    expect(screen.getByRole('dialog', { hidden: true }).hidden).toBe(true);
    expect(launcher.getAttribute('aria-expanded')).toBe('false');
  });

  test('Escape closes the panel and returns focus to the launcher', async () => {
    const { launcher, model } = await openPanel();
    const composer = screen.getByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(document.activeElement).toBe(composer));
    fireEvent.keyDown(composer, { key: 'Escape' });
    expect(model.calls).toContain('close');
    await waitFor(() => expect(document.activeElement).toBe(launcher));
  });

  test('a close from page code while the visitor is elsewhere does not move their focus', async () => {
    const outside = document.createElement('input');
    document.body.append(outside);
    try {
      const { model, launcher } = await openPanel();
      await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' })));
      outside.focus();
      act(() => model.close());
      await waitFor(() => expect(launcher.getAttribute('aria-expanded')).toBe('false'));
      expect(document.activeElement).toBe(outside);
    } finally {
      outside.remove();
    }
  });
});

describe('welcome popup', () => {
  test('shows beside the launcher; its text opens the chat, its button dismisses it', async () => {
    const model = createFakeModel();
    model.popup.value = 'Hi there!';
    render(<Root model={model} />);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(model.calls).toContain('dismissPopup');
    await waitFor(() => expect(screen.queryByText('Hi there!')).toBeNull());

    act(() => {
      model.popup.value = 'Hello again';
    });
    fireEvent.click(screen.getByRole('button', { name: 'Hello again' }));
    expect(model.calls).toContain('open');
    await screen.findByRole('dialog');
  });
});

describe('inline mode', () => {
  test('renders the panel at once, with no launcher, no close button and no focus grab', async () => {
    const model = createFakeModel({ mode: 'inline' });
    const { container } = render(<Root model={model} />);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.hidden).toBe(false);
    expect(container.querySelector('.cw-launcher')).toBeNull();
    expect(screen.queryByRole('button', { name: /open chat/i })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close chat' })).toBeNull();
    expect(container.querySelector('.cw-root--inline')).not.toBeNull();
    expect(document.activeElement).toBe(document.body);
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Message' }), { key: 'Escape' });
    expect(model.calls).not.toContain('close');
    expect(dialog.hidden).toBe(false);
  });
});
