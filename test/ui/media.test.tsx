/**
 * The media UI on the real draft model (real byte checks) behind the real media slot, with held uploads and a fake
 * recorder: picking, pasting and dropping files, the tray (thumbnails, progress, cancel, retry, notices), sending,
 * push-to-talk, and sent images opening larger.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, test } from 'vitest';
import type { Recording } from '../../src/media';
import { createMediaDraft, type Recorder, type UploadCall } from '../../src/model/media-draft';
import type { WidgetSettings } from '../../src/model/settings';
import { controllerFor, mediaKinds } from '../../src/ui/media/controller';
import { ENGLISH_TEXTS } from '../../src/english-texts';
import { createMediaSlot } from '../../src/ui/media/slot';
import { inspectFile } from '../../src/media';
import { createFakeModel, type FakeModel } from '../helpers/fake-model';
import { renderPanel } from '../helpers/render-ui';
import { gif, png, wavHeader } from '../media/fixtures';

afterEach(cleanup);

interface HeldUpload {
  name: string;
  call: UploadCall;
  succeed(fileId: number): void;
  fail(message: string): void;
}

function fakeRecorder(): Recorder & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    start: async () => void calls.push('start'),
    stop: async (): Promise<Recording> => {
      calls.push('stop');
      return { wav: new Blob([wavHeader(32_000)], { type: 'audio/wav' }), durationMs: 1000 };
    },
    cancel: () => void calls.push('cancel'),
    level: () => 0.1,
    elapsedMs: () => 3200,
  };
}

/** `loadFailures`: how many times loading the media code fails first (the network dropped) before it loads. */
async function setup(settings: Partial<WidgetSettings> = { enableUploadImage: true, enablePushToTalk: true }, loadFailures = 0) {
  const model: FakeModel = createFakeModel({ mode: 'floating', open: true, settings });
  const uploads: HeldUpload[] = [];
  const recorder = fakeRecorder();
  const draft = createMediaDraft({
    inspect: inspectFile,
    upload: (_file, name, _type, call) =>
      new Promise((resolve, reject) => {
        uploads.push({
          name,
          call,
          succeed: (fileId) => resolve({ fileId, url: `https://files.example/${fileId}` }),
          fail: (message) => reject(new Error(message)),
        });
      }),
    describeFailure: (error) => (error as Error).message,
    kinds: () => mediaKinds(model.settings.peek()),
    ask(text, attachments) {
      void model.conversation.send(text, attachments);
      return model.conversation.sendResult.ok;
    },
    busy: model.conversation.busy,
    text: () => model.conversation.draft.peek(),
    recorder,
    preview: { createObjectURL: () => 'blob:thumbnail', revokeObjectURL: () => undefined },
  });
  const media = createMediaSlot(async () => {
    if ((loadFailures -= 1) >= 0) throw new Error('offline');
    return controllerFor(draft);
  });
  await renderPanel(model, { media });
  return { model, uploads, recorder, draft, media };
}

function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (input === null) throw new Error('no file input');
  return input;
}

function pick(...files: File[]): void {
  const input = fileInput();
  Object.defineProperty(input, 'files', { configurable: true, value: files });
  fireEvent.change(input);
}

const textbox = () => screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
const sendButton = () => screen.getByRole('button', { name: 'Send message' });
const notices = () => document.querySelector<HTMLElement>('.cw-media__notices');

describe('attaching images', () => {
  test('the picker accepts images and videos (and WAV with push-to-talk); picked images show with upload progress', async () => {
    const { uploads } = await setup();
    expect(fileInput().accept).toContain('image/png');
    expect(fileInput().accept).toContain('.mp4');
    expect(fileInput().accept).toContain('.wav');
    expect(fileInput().multiple).toBe(true);

    pick(new File([png()], 'kitchen.png'));
    const progress = await screen.findByRole('progressbar', { name: 'Uploading kitchen.png' });
    expect(progress.getAttribute('value')).toBe('0');
    const item = progress.closest('li') as HTMLElement;
    expect(item.querySelector('img')?.getAttribute('src')).toBe('blob:thumbnail');
    act(() => uploads[0]?.call.onProgress({ loaded: 30, total: 40 }));
    expect(progress.getAttribute('value')).toBe('75');
    expect(item.textContent).toContain('75%');
    expect(within(item).getByRole('button', { name: 'Cancel the upload of kitchen.png' })).toBeTruthy();
  });

  test('without push-to-talk the picker does not offer WAV; without EnableUploadImage there is no picker', async () => {
    await setup({ enableUploadImage: true, enablePushToTalk: false });
    expect(fileInput().accept).not.toContain('.wav');
    cleanup();
    await setup({ enableUploadImage: false, enablePushToTalk: true });
    expect(document.querySelector('input[type="file"]')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Attach images or a video' })).toBeNull();
  });

  test('a refused file says why in the live region; the typed text and the rest of the draft stay', async () => {
    await setup();
    fireEvent.input(textbox(), { target: { value: 'Is this the one?' } });
    pick(new File([png()], 'porch.png'));
    await screen.findByText('porch.png');
    pick(new File(['not a picture'], 'notes.png', { type: 'image/png' }), new File([gif({ frames: 3 })], 'spin.gif'));
    const region = notices() as HTMLElement;
    await waitFor(() => expect(region.textContent).toContain('"notes.png" is not a PNG, JPEG, WEBP or GIF image.'));
    expect(region.getAttribute('aria-live')).toBe('polite');
    await waitFor(() => expect(region.textContent).toContain('"spin.gif" is an animated GIF.'));
    expect(screen.getByText('porch.png')).toBeTruthy();
    expect(textbox().value).toBe('Is this the one?');

    fireEvent.click(within(region).getAllByRole('button', { name: 'Dismiss' })[0] as HTMLElement);
    expect(region.textContent).not.toContain('notes.png');
  });

  test('images alone can be sent: send waits for the uploads, then asks with their attachments', async () => {
    const { model, uploads } = await setup();
    pick(new File([png()], 'a.png'), new File([png(2, 2)], 'b.png'));
    await screen.findByText('b.png');
    expect(sendButton().getAttribute('aria-disabled')).toBe('false');
    const regions = screen.getAllByRole('status');
    fireEvent.click(sendButton());
    const note = await screen.findByText('Sending when the uploads finish…');
    // Said to screen readers (the press seemed to do nothing): it comes into a live region there before the press.
    expect(regions).toContain(note.closest('[role="status"]'));
    expect(model.conversation.sent).toEqual([]);
    await act(async () => {
      uploads[0]?.succeed(1);
      uploads[1]?.succeed(2);
    });
    await waitFor(() => expect(model.conversation.sent).toHaveLength(1));
    expect(model.conversation.sent[0]?.text).toBe('');
    expect(model.conversation.sent[0]?.attachments?.map((item) => [item.kind, item.fileId, item.name])).toEqual([
      ['image', 1, 'a.png'],
      ['image', 2, 'b.png'],
    ]);
    await waitFor(() => expect(screen.queryByText('a.png')).toBeNull());
  });

  test('text typed while the send waits for the uploads goes with it: what is sent is what the field shows', async () => {
    const { model, uploads } = await setup();
    fireEvent.input(textbox(), { target: { value: 'Is this kitchen' } });
    pick(new File([png()], 'kitchen.png'));
    await screen.findByText('kitchen.png');
    fireEvent.click(sendButton());
    expect(await screen.findByText('Sending when the uploads finish…')).toBeTruthy();
    fireEvent.input(textbox(), { target: { value: 'Is this kitchen renovated recently?' } });
    await act(async () => uploads[0]?.succeed(1));
    await waitFor(() => expect(model.conversation.sent).toHaveLength(1));
    expect(model.conversation.sent[0]?.text).toBe('Is this kitchen renovated recently?');
  });

  test('cancel removes a file while it uploads; a failed upload offers retry and is announced', async () => {
    const { uploads } = await setup();
    pick(new File([png()], 'a.png'), new File([png()], 'b.png'));
    await screen.findByText('b.png');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the upload of a.png' }));
    expect(uploads[0]?.call.signal.aborted).toBe(true);
    expect(screen.queryByText('a.png')).toBeNull();

    await act(async () => uploads[1]?.fail('The network is down.'));
    await waitFor(() => expect(notices()?.textContent).toContain('"b.png" did not upload: The network is down.'));
    expect(screen.getByText('Upload failed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry uploading b.png' }));
    expect(uploads).toHaveLength(3);
    expect(await screen.findByRole('progressbar', { name: 'Uploading b.png' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the upload of b.png' }));
    expect(screen.queryByText('b.png')).toBeNull();
  });

  test('removing, cancelling or retrying a file or dismissing a notice keeps focus in the tray, then the text field', async () => {
    const { uploads } = await setup();
    pick(new File([png()], 'a.png'), new File([png()], 'b.png'), new File([png()], 'c.png'));
    await screen.findByText('c.png');
    const press = (name: string) => {
      const button = screen.getByRole('button', { name });
      button.focus();
      fireEvent.click(button);
    };
    const focused = () => document.activeElement?.getAttribute('aria-label');

    press('Cancel the upload of a.png');
    expect(focused()).toBe('Cancel the upload of b.png');
    await act(async () => uploads[2]?.fail('The network is down.'));
    press('Retry uploading c.png');
    expect(focused()).toBe('Cancel the upload of c.png');
    press('Cancel the upload of c.png');
    expect(focused()).toBe('Cancel the upload of b.png');
    await act(async () => uploads[1]?.fail('The network is down.'));
    pick(new File(['not a picture'], 'notes.png', { type: 'image/png' }));
    await waitFor(() => expect(notices()?.textContent).toContain('notes.png'));
    press('Remove b.png');
    expect(document.activeElement).toBe(textbox());
    press('Dismiss');
    expect(document.activeElement).toBe(textbox());
  });

  const paste = (files: File[], text = '') => {
    const event = new Event('paste', { bubbles: true, cancelable: true });
    const clipboardData = { files, getData: (type: string) => (type === 'text/plain' ? text : '') };
    Object.defineProperty(event, 'clipboardData', { value: clipboardData });
    textbox().dispatchEvent(event);
    return event;
  };

  test('images pasted into the text field are attached', async () => {
    await setup();
    expect(paste([new File([png()], 'clip.png')]).defaultPrevented).toBe(true);
    expect(await screen.findByText('clip.png')).toBeTruthy();
  });

  test('a paste of text that comes with a picture of it (Word, Excel) pastes the text and attaches nothing', async () => {
    const { uploads } = await setup();
    expect(paste([new File([png()], 'image.png')], 'Price\t$1,950').defaultPrevented).toBe(false);
    // Time for the byte check an attached file would go through (the image test above finds it by then).
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByText('image.png')).toBeNull();
    expect(uploads).toEqual([]);
  });

  test('files dragged over the panel show a drop zone; dropped, they are attached', async () => {
    await setup();
    const dialog = screen.getByRole('dialog');
    const drag = (type: string, files: File[] = []) => {
      const event = new Event(type, { bubbles: true, cancelable: true });
      Object.defineProperty(event, 'dataTransfer', { value: { types: ['Files'], files, dropEffect: 'none' } });
      act(() => void dialog.dispatchEvent(event));
      return event;
    };
    drag('dragenter');
    expect(dialog.classList.contains('cw-panel--drop')).toBe(true);
    expect(dialog.querySelector('.cw-panel__drop')?.textContent).toBe('Drop images or a video to attach them');
    expect(drag('dragover').defaultPrevented).toBe(true);
    drag('drop', [new File([png()], 'dropped.png')]);
    expect(dialog.classList.contains('cw-panel--drop')).toBe(false);
    expect(await screen.findByText('dropped.png')).toBeTruthy();
  });
});

describe('push-to-talk', () => {
  test('holding the button shows the meter and elapsed time; release uploads the WAV and sends it', async () => {
    const { model, uploads, recorder } = await setup();
    const mic = screen.getByRole('button', { name: 'Hold to record a voice message' });
    fireEvent.pointerEnter(mic); // prefetch: the media code is there before the press
    await act(async () => undefined);
    fireEvent.keyDown(mic, { key: ' ' });
    expect(recorder.calls).toEqual(['start']);
    // <meter> (implicit role meter, which this DOM's role table lacks), labelled for screen readers.
    const meter = await waitFor(() => {
      const element = document.querySelector('meter[aria-label="Microphone level"]');
      if (element === null) throw new Error('no level meter');
      return element;
    });
    await waitFor(() => expect(document.querySelector('.cw-media__elapsed')?.textContent).toBe('0:03'));
    expect(meter.getAttribute('value')).toBe('0.4');
    await act(async () => void fireEvent.keyUp(mic, { key: ' ' }));
    await waitFor(() => expect(uploads.map((upload) => upload.name)).toEqual(['voice-message.wav']));
    expect(document.querySelector('meter')).toBeNull();
    await act(async () => uploads[0]?.succeed(9));
    await waitFor(() => expect(model.conversation.sent).toHaveLength(1));
    expect(model.conversation.sent[0]?.attachments?.[0]).toMatchObject({ kind: 'audio', fileId: 9, mimeType: 'audio/wav' });
  });

  test('a click that is not a press and hold (Enter, a screen reader, voice control, switch access) toggles recording', async () => {
    const { model, uploads, recorder } = await setup();
    const mic = screen.getByRole('button', { name: 'Hold to record a voice message' });
    fireEvent.pointerEnter(mic); // prefetch: the media code is there before the click
    await act(async () => undefined);
    // Such clicks come without a pointer press and carry detail 0 (what element.click() sends).
    await act(async () => void mic.click());
    expect(recorder.calls).toEqual(['start']);
    expect(mic.getAttribute('aria-pressed')).toBe('true');
    expect(document.querySelector('meter[aria-label="Microphone level"]')).not.toBeNull();
    await act(async () => void mic.click());
    expect(recorder.calls).toEqual(['start', 'stop']);
    expect(mic.getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(uploads.map((upload) => upload.name)).toEqual(['voice-message.wav']));
    await act(async () => uploads[0]?.succeed(4));
    await waitFor(() => expect(model.conversation.sent).toHaveLength(1));
  });

  test('a toggled recording that fails (microphone denied) shows as not pressed, and the next hold starts again', async () => {
    const { recorder } = await setup();
    let denied = true;
    const start = recorder.start;
    recorder.start = async () => {
      if (denied) throw new Error('Microphone access was denied.');
      return start();
    };
    const mic = screen.getByRole('button', { name: 'Hold to record a voice message' });
    fireEvent.pointerEnter(mic);
    await act(async () => undefined);
    await act(async () => void mic.click());
    await waitFor(() => expect(mic.getAttribute('aria-pressed')).toBe('false'));
    expect(document.querySelector('.cw-media')?.textContent).toContain('Microphone access was denied.');
    // A hold after it starts a recording (the failed one does not count as still running), and its release sends.
    denied = false;
    fireEvent.keyDown(mic, { key: ' ' });
    await act(async () => undefined);
    expect(recorder.calls).toEqual(['start']);
    expect(mic.getAttribute('aria-pressed')).toBe('true');
    await act(async () => void fireEvent.keyUp(mic, { key: ' ' }));
    expect(recorder.calls).toEqual(['start', 'stop']);
    expect(mic.getAttribute('aria-pressed')).toBe('false');
  });

  test('the click that ends a pointer press and hold does not start another recording', async () => {
    const { recorder } = await setup();
    const mic = screen.getByRole('button', { name: 'Hold to record a voice message' });
    fireEvent.pointerEnter(mic);
    await act(async () => undefined);
    fireEvent.pointerDown(mic, { button: 0, pointerId: 1 });
    await act(async () => void fireEvent.pointerUp(mic, { button: 0, pointerId: 1 }));
    await act(async () => void fireEvent.click(mic, { detail: 1 }));
    expect(recorder.calls).toEqual(['start', 'stop']);
    expect(mic.getAttribute('aria-pressed')).toBe('false');
  });

  test('Escape cancels the recording and leaves the panel open', async () => {
    const { model, uploads, recorder } = await setup();
    const mic = screen.getByRole('button', { name: 'Hold to record a voice message' });
    fireEvent.keyDown(mic, { key: ' ' });
    await waitFor(() => expect(recorder.calls).toEqual(['start']));
    await act(async () => void fireEvent.keyDown(mic, { key: 'Escape' }));
    expect(recorder.calls).toEqual(['start', 'cancel']);
    expect(uploads).toEqual([]);
    expect(model.isOpen.value).toBe(true);
  });
});

test('when the media code cannot be loaded, the composer says so', async () => {
  const model = createFakeModel({ mode: 'inline', settings: { enableUploadImage: true } });
  const media = createMediaSlot(() => Promise.reject(new Error('offline')));
  await renderPanel(model, { media });
  pick(new File([png()], 'a.png'));
  const problem = await screen.findByRole('alert');
  expect(problem.textContent).toBe(ENGLISH_TEXTS.mediaLoadFailed);
});

test('files picked while the media code could not load wait for it: Send loads it again and sends them with the text', async () => {
  const { model, uploads } = await setup(undefined, 2);
  // Focus on the attach button starts loading the code: it fails, and the pick's load fails again.
  fireEvent.focus(screen.getByRole('button', { name: ENGLISH_TEXTS.attachFiles }));
  expect((await screen.findByRole('alert')).textContent).toBe(ENGLISH_TEXTS.mediaLoadFailed);
  await act(async () => pick(new File([png()], 'kitchen.png')));
  // The file is still there to send, with or without words.
  expect(sendButton().getAttribute('aria-disabled')).toBe('false');
  fireEvent.input(textbox(), { target: { value: 'Is this kitchen renovated?' } });
  fireEvent.click(sendButton());
  await screen.findByText('kitchen.png');
  expect(screen.queryByRole('alert')).toBeNull();
  expect(model.conversation.sent).toEqual([]);
  await act(async () => uploads[0]?.succeed(1));
  await waitFor(() => expect(model.conversation.sent).toHaveLength(1));
  expect(model.conversation.sent[0]?.text).toBe('Is this kitchen renovated?');
  expect(model.conversation.sent[0]?.attachments?.map((item) => [item.fileId, item.name])).toEqual([[1, 'kitchen.png']]);
});

/** Runs `event` and lets every promise it started settle (a load that fails fails at once here), then renders. */
async function settled(event: () => void): Promise<void> {
  await act(async () => {
    event();
    await new Promise((resolve) => setTimeout(resolve));
  });
}

test('a Send while the media code still cannot load tries again and, failing again, says so again; text, file and focus stay', async () => {
  const { model, uploads } = await setup(undefined, 2);
  await settled(() => pick(new File([png()], 'kitchen.png')));
  const first = screen.getByRole('alert');
  fireEvent.input(textbox(), { target: { value: 'Is this kitchen renovated?' } });
  sendButton().focus();
  // The second load fails too: the failure is a new alert node (a screen reader says an inserted alert), same words.
  await settled(() => fireEvent.click(sendButton()));
  const again = screen.getByRole('alert');
  expect(again).not.toBe(first);
  expect(again.textContent).toBe(ENGLISH_TEXTS.mediaLoadFailed);
  expect(document.activeElement).toBe(sendButton());
  expect(textbox().value).toBe('Is this kitchen renovated?');
  expect(sendButton().getAttribute('aria-disabled')).toBe('false');
  expect(model.conversation.sent).toEqual([]);
  // The third loads: the file that waited through both failures goes with the text.
  await act(async () => void fireEvent.click(sendButton()));
  await screen.findByText('kitchen.png');
  await act(async () => uploads[0]?.succeed(1));
  await waitFor(() => expect(model.conversation.sent).toHaveLength(1));
  expect(model.conversation.sent[0]?.text).toBe('Is this kitchen renovated?');
  expect(model.conversation.sent[0]?.attachments?.map((item) => item.name)).toEqual(['kitchen.png']);
});

test('a prefetch that fails again (focus passing the attach button offline) does not say it anew', async () => {
  await setup(undefined, 3);
  const attach = screen.getByRole('button', { name: ENGLISH_TEXTS.attachFiles });
  await settled(() => fireEvent.focus(attach));
  const shown = screen.getByRole('alert');
  fireEvent.blur(attach);
  await settled(() => fireEvent.focus(attach));
  expect(screen.getByRole('alert')).toBe(shown);
  // A pick is the visitor's action: said again.
  await settled(() => pick(new File([png()], 'kitchen.png')));
  expect(screen.getByRole('alert')).not.toBe(shown);
});

test("when the media code cannot be loaded, the composer says so in mount()'s texts", async () => {
  const texts = { mediaLoadFailed: 'Anhänge konnten nicht geladen werden.' };
  const model = Object.assign(createFakeModel({ mode: 'inline', settings: { enableUploadImage: true } }), { texts });
  await renderPanel(model, { media: createMediaSlot(() => Promise.reject(new Error('offline'))) });
  pick(new File([png()], 'a.png'));
  expect((await screen.findByRole('alert')).textContent).toBe('Anhänge konnten nicht geladen werden.');
});

test('every cw-media class the tray uses has a rule in media.css', async () => {
  const { readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const dir = join(__dirname, '../../src/ui/media');
  const css = readFileSync(join(dir, 'media.css'), 'utf8');
  const source = readFileSync(join(dir, 'MediaTray.tsx'), 'utf8');
  // Whole names only: `cw-media__item--${kind}` modifiers are hooks for site owners' overrides.
  const used = Array.from(source.matchAll(/\bcw-media[a-z0-9_-]*[a-z0-9]\b(?!-)/g), (match) => match[0]);
  const hooksOnly = new Set(['cw-media', 'cw-media__notices']);
  const unstyled = used.filter((name) => !hooksOnly.has(name) && !new RegExp(`\\.${name}(?![a-z0-9_-])`).test(css));
  expect(used.length).toBeGreaterThan(10);
  expect(unstyled).toEqual([]);
});
