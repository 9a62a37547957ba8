/**
 * The media chunk's tray as the visitor meets it, on the real draft, conversation and service client over a fake
 * fetch (the PUT through an XMLHttpRequest stand-in), for what can hold an upload up: the site's `headers` function
 * (a token refresh) that never settles, and a service whose answer never ends.
 */
import '@preact/signals'; // as the panel's file does: components re-render when the draft's signals change
import { act, cleanup, render, screen } from '@testing-library/preact';
import { afterEach, expect, test, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '../../src/api/time-limit';
import { createMediaController } from '../../src/ui/media/controller';
import { createHarness } from '../helpers/conversation-harness';
import { bytes, createFakeFetch, envelopeResponse, streamResponse } from '../helpers/fake-fetch';
import { xhrOverFetch } from '../helpers/xhr-over-fetch';
import { png } from '../media/fixtures';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

test("a site's headers function that never settles fails the upload as unreachable after the time limit, with nothing sent; the file stays and Retry uploads it", async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const harness = createHarness({ settings: { enableUploadImage: true } });
  const network = createFakeFetch((request) => {
    if (request.url.endsWith('/chat/User/GetPreUploadUrl')) return envelopeResponse({ FileStoreId: 42, PreUploadUrl: '/upload/42?token=t' });
    if (request.method === 'PUT') return envelopeResponse({ FileStoreId: 42 });
    return envelopeResponse(1);
  });
  let refreshing = true; // a token refresh on a dead network, until the network is back
  const controller = await createMediaController({
    model: { settings: harness.settings, conversation: { load: async () => harness.conversation } },
    clientOptions: {
      baseUrl: 'https://chat.example',
      fetch: network.fetch,
      xhr: xhrOverFetch(network.fetch),
      headers: () => (refreshing ? new Promise<Record<string, string>>(() => undefined) : { 'x-site-token': 't1' }),
    },
    emit: harness.emit,
  });
  render(<div>{controller.renderDraft()}</div>);

  await act(async () => {
    controller.addFiles([new File([png()], 'porch.png', { type: 'image/png' })]);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
  });
  expect(screen.getByRole('progressbar', { name: 'Uploading porch.png' })).toBeTruthy();
  await act(async () => void (await vi.advanceTimersByTimeAsync(1)));
  expect(screen.queryByRole('progressbar')).toBeNull();
  expect(screen.getByText('"porch.png" did not upload: Could not reach the chat service. Check your connection.')).toBeTruthy();
  expect(network.requests).toEqual([]);
  expect(harness.events.filter((event) => event.name === 'error').map((event) => event.payload)).toEqual([
    { message: '"porch.png" did not upload: Could not reach the chat service. Check your connection.', kind: 'upload-failed' },
  ]);

  refreshing = false;
  await act(async () => {
    screen.getByRole('button', { name: 'Retry uploading porch.png' }).click();
    await vi.advanceTimersByTimeAsync(100);
  });
  expect(screen.queryByRole('button', { name: 'Retry uploading porch.png' })).toBeNull();
  expect(screen.getByRole('button', { name: 'Remove porch.png' })).toBeTruthy();
  expect(network.requests.map((request) => request.headers['x-site-token'] ?? request.method)).toEqual(['t1', 'PUT', 't1']);
  controller.dispose();
});

test('a finish whose answer never ends fails the upload as unreachable at the time limit; the file stays and Retry uploads it', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const harness = createHarness({ settings: { enableUploadImage: true } });
  let hanging = true; // a proxy that sends the headers and then nothing, until it is fixed
  const network = createFakeFetch((request) => {
    if (request.url.endsWith('/chat/User/GetPreUploadUrl')) return envelopeResponse({ FileStoreId: 42, PreUploadUrl: '/upload/42?token=t' });
    if (request.method === 'PUT') return envelopeResponse({ FileStoreId: 42 });
    if (hanging) return streamResponse({ chunks: [bytes('{"Data":')], contentType: 'application/json', end: 'hang', signal: request.signal });
    return envelopeResponse(1);
  });
  const controller = await createMediaController({
    model: { settings: harness.settings, conversation: { load: async () => harness.conversation } },
    clientOptions: { baseUrl: 'https://chat.example', fetch: network.fetch, xhr: xhrOverFetch(network.fetch) },
    emit: harness.emit,
  });
  render(<div>{controller.renderDraft()}</div>);

  await act(async () => {
    controller.addFiles([new File([png()], 'porch.png', { type: 'image/png' })]);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
  });
  expect(network.requests.map((request) => request.url.split('/').pop())).toEqual(['GetPreUploadUrl', '42?token=t', 'FinishUpload']);
  expect(screen.getByRole('progressbar', { name: 'Uploading porch.png' })).toBeTruthy();
  await act(async () => void (await vi.advanceTimersByTimeAsync(1)));
  expect(screen.queryByRole('progressbar')).toBeNull();
  expect(screen.getByText('"porch.png" did not upload: Could not reach the chat service. Check your connection.')).toBeTruthy();
  expect(network.requests.at(-1)?.signal?.aborted).toBe(true);

  hanging = false;
  await act(async () => {
    screen.getByRole('button', { name: 'Retry uploading porch.png' }).click();
    await vi.advanceTimersByTimeAsync(100);
  });
  expect(screen.queryByRole('button', { name: 'Retry uploading porch.png' })).toBeNull();
  expect(screen.getByRole('button', { name: 'Remove porch.png' })).toBeTruthy();
  expect(controller.sendDraft()).toBe(true);
  expect((await harness.fake.nextAsk()).request).toMatchObject({ chatAskType: 'Image', fileIds: [42] });
  controller.dispose();
});
