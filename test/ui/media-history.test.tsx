/**
 * Sent media in the history: an image opens larger in a modal dialog inside the widget (Escape or Close closes it
 * and only it; focus returns to the thumbnail), and a file the service no longer serves falls back to its name.
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, expect, test } from 'vitest';
import { createFakeModel } from '../helpers/fake-model';
import { renderPanel } from '../helpers/render-ui';

afterEach(cleanup);

const kitchen = { kind: 'image', fileId: 1, name: 'kitchen.png', size: 120_000, mimeType: 'image/png', url: 'https://files.example/1' } as const;

test('a sent image opens larger in a dialog; Escape closes it, not the panel, and focus goes back', async () => {
  const model = createFakeModel({ mode: 'floating', open: true });
  model.conversation.add({ role: 'user', text: '', attachments: [kitchen] });
  await renderPanel(model);
  const opener = screen.getByRole('button', { name: /Attached image: kitchen\.png/ });
  expect(opener.textContent).toContain('View larger');
  fireEvent.click(opener);

  const lightbox = screen.getByRole('dialog', { name: 'Attached image: kitchen.png' }) as HTMLDialogElement;
  expect(lightbox.open).toBe(true);
  expect(lightbox.querySelector('img')?.getAttribute('src')).toBe('https://files.example/1');
  // Its name is said once: nothing in it says the name again (the picture's alt text did, so a screen reader
  // entering the dialog read it twice).
  expect(within(lightbox).queryAllByRole(() => true, { name: /kitchen\.png/ })).toEqual([]);
  const link = within(lightbox).getByRole('link', { name: 'Open in a new tab' });
  expect(link.getAttribute('target')).toBe('_blank');
  expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  const close = within(lightbox).getByRole('button', { name: 'Close' });
  expect(document.activeElement).toBe(close);

  fireEvent.keyDown(close, { key: 'Escape' });
  expect(document.querySelector('dialog.cw-lightbox')).toBeNull();
  expect(model.isOpen.value).toBe(true);
  expect(document.activeElement).toBe(opener);

  fireEvent.click(opener);
  fireEvent.click(screen.getByRole('button', { name: 'Close' }));
  expect(document.querySelector('dialog.cw-lightbox')).toBeNull();
});

test('an image the service no longer serves shows its name and size instead', async () => {
  const model = createFakeModel({ mode: 'inline' });
  model.conversation.add({ role: 'user', text: 'This one', attachments: [kitchen] });
  await renderPanel(model);
  fireEvent.error(screen.getByRole('img', { name: 'Attached image: kitchen.png' }));
  expect(screen.queryByRole('img')).toBeNull();
  expect(screen.getByRole('log').textContent).toContain('Attached image: kitchen.png (117 KB)');
});

test('an image that failed to load (restored offline) is tried again when the browser is back online', async () => {
  const model = createFakeModel({ mode: 'inline' });
  model.conversation.add({ role: 'user', text: 'This one', attachments: [kitchen] });
  await renderPanel(model);
  fireEvent.error(screen.getByRole('img', { name: 'Attached image: kitchen.png' }));
  expect(screen.queryByRole('img')).toBeNull();
  act(() => void window.dispatchEvent(new Event('online')));
  const again = screen.getByRole('img', { name: 'Attached image: kitchen.png' });
  expect(again.getAttribute('src')).toBe('https://files.example/1');
  // Still gone: the name and size again, and the next time the network comes back, another try.
  fireEvent.error(again);
  expect(screen.queryByRole('img')).toBeNull();
  expect(screen.getByRole('log').textContent).toContain('Attached image: kitchen.png (117 KB)');
  act(() => void window.dispatchEvent(new Event('online')));
  expect(screen.getByRole('img', { name: 'Attached image: kitchen.png' })).toBeTruthy();
});
