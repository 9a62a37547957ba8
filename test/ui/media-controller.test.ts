/**
 * The media chunk's wiring on the real conversation and the real service client over a fake fetch (the PUT goes
 * through an XMLHttpRequest stand-in that sends with it, as the widget always PUTs with XMLHttpRequest): an upload
 * starts a session first (its key authorises the upload), puts the bytes under their real type, finishes, and
 * the question goes to ClientAsk with chatAskType Image, the fileIds, and the served URL kept for history.
 */
import { expect, test } from 'vitest';
import { ACCEPT_ATTRIBUTE } from '../../src/media';
import type { WidgetEventMap } from '../../src/model/types';
import { createMediaController } from '../../src/ui/media/controller';
import { pickerAccept, PICKER_ACCEPT } from '../../src/ui/media/accept';
import { createHarness, type Harness } from '../helpers/conversation-harness';
import { createFakeFetch, type FakeFetch } from '../helpers/fake-fetch';
import { FakeStorage } from '../helpers/fake-storage';
import { xhrOverFetch } from '../helpers/xhr-over-fetch';
import { png } from '../media/fixtures';

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ Data: data, Version: '1.0.0', Success: true, Code: 200, Message: '' }), {
    headers: { 'content-type': 'application/json' },
  });

const settle = async () => {
  for (let round = 0; round < 20; round += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};

/** The media chunk's controller on the harness's conversation and events, uploading to `network`. */
function controllerOn(harness: Harness, network: FakeFetch, baseUrl = 'https://chat.example') {
  return createMediaController({
    model: { settings: harness.settings, conversation: { load: async () => harness.conversation } },
    clientOptions: { baseUrl, fetch: network.fetch, xhr: xhrOverFetch(network.fetch) },
    emit: harness.emit,
  });
}

// The refusal at either level of service-api.md 7: the HTTP status, or the envelope's Code in an HTTP 200.
test.each([401, 200])('an upload refused for a session the service no longer knows (Code 401, HTTP %i) is made in a fresh session, not failed', async (status) => {
  // A conversation restored from yesterday, with its session.
  const local = new FakeStorage();
  local.setItem('cw:demo-realty:chat:session', JSON.stringify({ id: 7, key: 'expired' }));
  const harness = createHarness({ settings: { enableUploadImage: true }, local });
  const network = createFakeFetch((request) => {
    if (request.url.endsWith('/chat/User/GetPreUploadUrl')) {
      if (request.headers['chatrobot-sessionkey'] !== 'expired') return envelope({ FileStoreId: 42, PreUploadUrl: '/upload/42?token=t' });
      const refusal = { Data: null, Version: '1.0.0', Success: false, Code: 401, Message: 'Unknown or expired session key' };
      return new Response(JSON.stringify(refusal), { status, headers: { 'content-type': 'application/json' } });
    }
    if (request.method === 'PUT') return envelope({ FileStoreId: 42 });
    if (request.url.endsWith('/chat/User/FinishUpload')) return envelope(1);
    return new Response('unexpected', { status: 500 });
  });
  const controller = await controllerOn(harness, network);
  controller.addFiles([new File([png()], 'porch.png', { type: 'image/png' })]);
  await settle();
  expect(network.requests.map((request) => request.headers['chatrobot-sessionkey'] ?? request.method)).toEqual([
    'expired', harness.sessionsIssued[0]?.key, 'PUT', harness.sessionsIssued[0]?.key,
  ]);
  expect(harness.events.filter((event) => event.name === 'error')).toEqual([]);
  expect(controller.sendDraft()).toBe(true);
  const ask = await harness.fake.nextAsk();
  expect(ask.request).toMatchObject({ chatAskType: 'Image', fileIds: [42], sessionID: harness.sessionsIssued[0]?.id });
});

test('the picker hint matches the media layer, so the panel chunk need not import it', () => {
  expect(PICKER_ACCEPT).toEqual(ACCEPT_ATTRIBUTE);
  expect(pickerAccept(false)).toBe(`${ACCEPT_ATTRIBUTE.image},${ACCEPT_ATTRIBUTE.video}`);
});

test('an image is uploaded with the session key and asked about with chatAskType Image', async () => {
  const harness = createHarness({ settings: { enableUploadImage: true } });
  const network = createFakeFetch((request) => {
    if (request.url.endsWith('/chat/User/GetPreUploadUrl')) return envelope({ FileStoreId: 42, PreUploadUrl: '/upload/42?token=t' });
    if (request.method === 'PUT') return envelope({ FileStoreId: 42 });
    if (request.url.endsWith('/chat/User/FinishUpload')) return envelope(1);
    return new Response('unexpected', { status: 500 });
  });
  const controller = await controllerOn(harness, network);

  controller.addFiles([new File([png()], 'porch.jpg', { type: 'image/jpeg' })]);
  await settle();
  const [preUpload, put, finish] = network.requests;
  expect(JSON.parse(preUpload?.bodyText ?? '')).toEqual({ fileName: 'porch.png' });
  expect(preUpload?.headers['chatrobot-sessionkey']).toBe(harness.sessionsIssued[0]?.key);
  expect(put?.url).toBe('https://chat.example/upload/42?token=t');
  expect(put?.headers['content-type']).toBe('image/png');
  expect(put?.bodyBytes).toEqual(png());
  expect(JSON.parse(finish?.bodyText ?? '')).toEqual({ FileStoreId: 42 });
  expect(controller.hasDraft()).toBe(true);

  harness.conversation.draft.value = 'What style is this?';
  expect(controller.sendDraft()).toBe(true);
  const ask = await harness.fake.nextAsk();
  expect(ask.request).toMatchObject({ content: 'What style is this?', chatAskType: 'Image', fileIds: [42] });
  expect(ask.request.sessionID).toBe(harness.sessionsIssued[0]?.id);
  expect(controller.hasDraft()).toBe(false);
  const question = harness.conversation.messages.value.find((message) => message.role === 'user');
  expect(question?.attachments).toEqual([
    { kind: 'image', fileId: 42, name: 'porch.png', size: png().length, mimeType: 'image/png', url: 'https://chat.example/upload/42?token=t' },
  ]);
  // The page's 'message' event carries them too, as copies: a listener that changes them changes no history.
  const [sent] = harness.events.filter((event) => event.name === 'message').map((event) => event.payload as WidgetEventMap['message']);
  expect(sent).toEqual({ id: question?.id, role: 'user', text: 'What style is this?', attachments: question?.attachments });
  expect(sent?.attachments[0]).not.toBe(question?.attachments[0]);
  controller.dispose();
});

test('a question the local rate limit refuses keeps the uploaded draft', async () => {
  const harness = createHarness({
    settings: { enableUploadImage: true, rateLimit: { count: 1, windowSeconds: 60, message: 'Slow down.' } },
  });
  const network = createFakeFetch((request) =>
    request.url.endsWith('GetPreUploadUrl') ? envelope({ FileStoreId: 5, PreUploadUrl: 'https://files.example/5' }) : envelope(1),
  );
  const controller = await controllerOn(harness, network);
  void harness.conversation.send('first question');
  (await harness.fake.nextAsk()).finish('ok');
  await settle();

  controller.addFiles([new File([png()], 'a.png')]);
  await settle();
  expect(controller.sendDraft()).toBe(true);
  expect(harness.conversation.rateLimit.value?.message).toBe('Slow down.');
  expect(controller.hasDraft()).toBe(true);
  controller.dispose();
});

test('a relative PreUploadUrl under a base URL with a path: the history shows the file from where it was PUT', async () => {
  const harness = createHarness({ settings: { enableUploadImage: true } });
  const network = createFakeFetch((request) => {
    if (request.url.endsWith('/chat/User/GetPreUploadUrl')) return envelope({ FileStoreId: 7, PreUploadUrl: '/upload/7' });
    if (request.method === 'PUT') return envelope({ FileStoreId: 7 });
    return envelope(1);
  });
  const controller = await controllerOn(harness, network, 'https://chat.example/api/');
  controller.addFiles([new File([png()], 'a.png')]);
  await settle();
  const put = network.requests.find((request) => request.method === 'PUT');
  expect(put?.url).toBe('https://chat.example/api/upload/7');
  expect(controller.sendDraft()).toBe(true);
  await harness.fake.nextAsk();
  const question = harness.conversation.messages.value.find((message) => message.role === 'user');
  expect(question?.attachments?.[0]?.url).toBe(put?.url);
  controller.dispose();
});

test("an upload that fails is the page's 'error' event, in the words of the tray's notice, once", async () => {
  const harness = createHarness({ settings: { enableUploadImage: true } });
  const network = createFakeFetch((request) => {
    if (request.url.endsWith('/chat/User/GetPreUploadUrl')) return envelope({ FileStoreId: 9, PreUploadUrl: '/upload/9' });
    if (request.method === 'PUT') throw new TypeError('Failed to fetch');
    return envelope(1);
  });
  const controller = await controllerOn(harness, network);
  controller.addFiles([new File([png()], 'a.png')]);
  await settle();
  const failure = '"a.png" did not upload: Could not reach the chat service. Check your connection.';
  expect(harness.events).toEqual([{ name: 'error', payload: { message: failure, kind: 'upload-failed' } }]);
  // Asked to send, the tray says what to do first: no new failure.
  expect(controller.sendDraft()).toBe(true);
  await settle();
  expect(harness.events).toHaveLength(1);
  controller.dispose();
});
