import { cleanup, screen, within } from '@testing-library/preact';
import { afterEach, expect, test } from 'vitest';
import { createFakeModel } from '../helpers/fake-model';
import { renderPanel } from '../helpers/render-ui';

afterEach(cleanup);

test('sent media stay visible in the history by their served URL; unsafe URLs are not used', async () => {
  const model = createFakeModel({ mode: 'inline' });
  model.conversation.add({
    role: 'user',
    text: 'What about these?',
    attachments: [
      { kind: 'image', fileId: 1, name: 'kitchen.png', size: 120_000, mimeType: 'image/png', url: 'https://files.example/1' },
      { kind: 'audio', fileId: 2, name: 'question.wav', size: 64_000, mimeType: 'audio/wav', url: 'https://files.example/2' },
      { kind: 'video', fileId: 3, name: 'tour.mp4', size: 5_400_000, mimeType: 'video/mp4', url: 'https://files.example/3' },
      { kind: 'image', fileId: 4, name: 'evil.png', size: 10, mimeType: 'image/png', url: 'javascript:alert(1)' },
    ],
  });
  await renderPanel(model);
  const log = screen.getByRole('log');

  const thumb = within(log).getByRole('img', { name: 'Attached image: kitchen.png' });
  expect(thumb.getAttribute('src')).toBe('https://files.example/1');
  // The thumbnail is a button that opens the image larger (test/ui/media-history.test.tsx).
  expect(thumb.closest('button')?.getAttribute('aria-haspopup')).toBe('dialog');

  const audio = log.querySelector('audio');
  expect(audio?.getAttribute('src')).toBe('https://files.example/2');
  expect(audio?.hasAttribute('controls')).toBe(true);
  expect(audio?.getAttribute('aria-label')).toBe('Voice message: question.wav');

  expect(log.textContent).toContain('Attached video: tour.mp4 (5.1 MB)');
  expect(log.textContent).toContain('Attached image: evil.png (10 B)');
  expect(log.innerHTML).not.toContain('javascript:');
});
