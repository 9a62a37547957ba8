/**
 * The media draft's rules on real bytes (src/media's inspectFile judges them) with a held uploader: the tests say
 * when each upload progresses, finishes or fails, and read what the draft would send.
 */
import { signal } from '@preact/signals-core';
import { describe, expect, test } from 'vitest';
import { inspectFile, MicrophoneError, type Recording } from '../../src/media';
import { notTakenMessage } from '../../src/media/messages';
import { businessError } from '../../src/api/envelope';
import { ServiceError } from '../../src/api/errors';
import { httpError } from '../../src/api/http';
import { failureMessage } from '../../src/model/failures';
import { createMediaDraft, DRAFT_TEXTS, MAX_IMAGES, type DraftTexts, type MediaDraftDeps, type Recorder, type UploadCall } from '../../src/model/media-draft';
import type { Attachment, AttachmentKind } from '../../src/model/types';
import { file, gif, jpeg, mp4, padded, png, wavHeader } from '../media/fixtures';

interface HeldUpload {
  name: string;
  mimeType: string;
  call: UploadCall;
  succeed(fileId: number): void;
  fail(error: Error): void;
}

function setup(
  options: {
    kinds?: AttachmentKind[]; accept?: boolean; recorder?: Recorder; describeFailure?: MediaDraftDeps['describeFailure']; texts?: DraftTexts;
  } = {},
) {
  const uploads: HeldUpload[] = [];
  const asked: Array<{ text: string; attachments: readonly Attachment[] }> = [];
  const busy = signal(false);
  const revoked: string[] = [];
  const reported: Array<{ message: string; kind: string }> = [];
  let composerText = '';
  const deps: MediaDraftDeps = {
    inspect: inspectFile,
    upload: (_file, name, mimeType, call) =>
      new Promise((resolve, reject) => {
        uploads.push({
          name,
          mimeType,
          call,
          succeed: (fileId) => resolve({ fileId, url: `https://files.example/${fileId}` }),
          fail: reject,
        });
        call.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
    describeFailure: options.describeFailure ?? ((error) => (error instanceof Error ? error.message : 'failed')),
    report: (message, kind) => void reported.push({ message, kind }),
    kinds: () => options.kinds ?? ['image', 'video', 'audio'],
    ask(text, attachments) {
      if (options.accept === false || busy.peek()) return false;
      asked.push({ text, attachments });
      return true;
    },
    busy,
    text: () => composerText,
    preview: { createObjectURL: () => 'blob:preview', revokeObjectURL: (url) => void revoked.push(url) },
    ...(options.recorder ? { recorder: options.recorder } : {}),
    ...(options.texts ? { texts: options.texts } : {}),
  };
  const draft = createMediaDraft(deps);
  return {
    draft, uploads, asked, busy, revoked, reported,
    setText(text: string) {
      composerText = text;
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const names = (draft: ReturnType<typeof setup>['draft']) => draft.items.value.map((item) => item.name);
const notices = (draft: ReturnType<typeof setup>['draft']) => draft.notices.value.map((notice) => notice.text);

describe('adding files', () => {
  test('images are checked by their bytes; a refused one gets its reason and the rest of the draft stays', async () => {
    const { draft, uploads } = setup();
    await draft.addFiles([file(png(), 'kitchen.png')]);
    await draft.addFiles([
      file(new TextEncoder().encode('just text'), 'notes.png', 'image/png'),
      file(gif({ frames: 2 }), 'party.gif'),
      file(jpeg(), 'garden.jpg'),
    ]);
    expect(names(draft)).toEqual(['kitchen.png', 'garden.jpg']);
    expect(notices(draft)).toEqual([
      '"notes.png" is not a PNG, JPEG, WEBP or GIF image.',
      '"party.gif" is an animated GIF. Animated GIFs are not supported.',
    ]);
    // Uploaded at once, under the name and type of their real format.
    expect(uploads.map((upload) => [upload.name, upload.mimeType])).toEqual([
      ['kitchen.png', 'image/png'],
      ['garden.jpg', 'image/jpeg'],
    ]);
    expect(draft.items.value[0]?.preview).toBe('blob:preview');
  });

  test('a file whose name lies is judged by its bytes and uploaded under an honest name', async () => {
    const { draft, uploads } = setup();
    await draft.addFiles([file(png(), 'photo.jpg', 'image/jpeg')]);
    expect(names(draft)).toEqual(['photo.png']);
    expect(uploads[0]?.mimeType).toBe('image/png');
  });

  test('an image one byte over 20 MB is refused with the size rule', async () => {
    const { draft } = setup();
    await draft.addFiles([file(padded(png(), 20 * 1024 * 1024 + 1), 'huge.png')]);
    expect(names(draft)).toEqual([]);
    expect(notices(draft)).toEqual(['"huge.png" is larger than 20 MB, the limit for images.']);
  });

  test('kinds are not mixed in one question, and audio and video take one file', async () => {
    const { draft } = setup();
    await draft.addFiles([file(png(), 'a.png')]);
    await draft.addFiles([file(mp4(), 'tour.mp4')]);
    expect(names(draft)).toEqual(['a.png']);
    expect(notices(draft)).toEqual([
      '"tour.mp4" was not added: images, voice messages and videos go in separate questions. Send or remove the attached files first.',
    ]);

    draft.remove(draft.items.value[0]!.id);
    await draft.addFiles([file(mp4(), 'tour.mp4'), file(mp4(), 'second.mp4')]);
    expect(names(draft)).toEqual(['tour.mp4']);
    expect(notices(draft)).toEqual(['"second.mp4" was not added: one video per question. Remove the attached one to choose another.']);
  });

  test(`at most ${MAX_IMAGES} images per question`, async () => {
    const { draft } = setup();
    const eleven = Array.from({ length: MAX_IMAGES + 1 }, (_, index) => file(png(), `p${index}.png`));
    await draft.addFiles(eleven);
    expect(draft.items.value).toHaveLength(MAX_IMAGES);
    expect(notices(draft)).toEqual([`"p${MAX_IMAGES}.png" was not added: at most 10 images per question.`]);
  });

  test('a WAV is taken when audio is enabled; a file of a kind the chatbot does not take is refused', async () => {
    const wav = file(wavHeader(3200), 'question.wav');
    const withAudio = setup({ kinds: ['image', 'video', 'audio'] });
    await withAudio.draft.addFiles([wav]);
    expect(withAudio.draft.items.value.map((item) => item.kind)).toEqual(['audio']);

    const imagesOnly = setup({ kinds: ['image', 'video'] });
    await imagesOnly.draft.addFiles([wav, file(new TextEncoder().encode('hello'), 'readme.txt')]);
    expect(names(imagesOnly.draft)).toEqual([]);
    expect(notices(imagesOnly.draft)).toEqual([
      notTakenMessage('question.wav', ['image', 'video']),
      notTakenMessage('readme.txt', ['image', 'video']),
    ]);
  });
});

describe('uploading and sending', () => {
  test('progress is reported; send waits for every upload, then asks with the attachments in order', async () => {
    const { draft, uploads, asked, revoked, setText } = setup();
    await draft.addFiles([file(png(), 'a.png'), file(jpeg(), 'b.jpg')]);
    uploads[0]?.call.onProgress({ loaded: 40, total: 100 });
    expect(draft.items.value[0]?.state.value).toEqual({ phase: 'uploading', loaded: 40, total: 100 });

    setText('  Which is');
    expect(draft.send()).toBe(true);
    expect(draft.sendPending.value).toBe(true);
    uploads[1]?.succeed(8);
    await settle();
    expect(asked).toEqual([]);
    setText('  Which is nicer?  '); // the field stays editable while the send waits: what goes is what it shows
    uploads[0]?.succeed(7);
    await settle();
    expect(asked).toHaveLength(1);
    expect(asked[0]?.text).toBe('Which is nicer?');
    expect(asked[0]?.attachments).toEqual([
      { kind: 'image', fileId: 7, name: 'a.png', size: png().length, mimeType: 'image/png', url: 'https://files.example/7' },
      { kind: 'image', fileId: 8, name: 'b.jpg', size: jpeg().length, mimeType: 'image/jpeg', url: 'https://files.example/8' },
    ]);
    expect(draft.items.value).toEqual([]);
    expect(draft.sendPending.value).toBe(false);
    expect(revoked).toHaveLength(2);
  });

  test('send with nothing attached returns false, so the composer sends the text itself', () => {
    const { draft } = setup();
    expect(draft.send()).toBe(false);
  });

  test('cancelling an upload removes the file and aborts its request; the others stay', async () => {
    const { draft, uploads, revoked } = setup();
    await draft.addFiles([file(png(), 'a.png'), file(png(), 'b.png')]);
    draft.remove(draft.items.value[0]!.id);
    expect(uploads[0]?.call.signal.aborted).toBe(true);
    expect(uploads[1]?.call.signal.aborted).toBe(false);
    expect(names(draft)).toEqual(['b.png']);
    expect(revoked).toHaveLength(1); // the removed image's thumbnail URL
  });

  test('a failed upload keeps the draft, drops the pending send, says why; retry uploads again and send works', async () => {
    const { draft, uploads, asked } = setup();
    await draft.addFiles([file(png(), 'a.png')]);
    draft.send();
    uploads[0]?.fail(new Error('The network is down.'));
    await settle();
    expect(draft.items.value[0]?.state.value).toEqual({ phase: 'failed', error: 'The network is down.', permanent: false });
    expect(draft.sendPending.value).toBe(false);
    expect(notices(draft)).toEqual(['"a.png" did not upload: The network is down.']);
    expect(asked).toEqual([]);

    expect(draft.send()).toBe(true);
    expect(notices(draft)).toContain(DRAFT_TEXTS.uploadFirst);
    expect(asked).toEqual([]);

    draft.retry(draft.items.value[0]!.id);
    expect(uploads).toHaveLength(2);
    expect(draft.items.value[0]?.state.value.phase).toBe('uploading');
    uploads[1]?.succeed(3);
    await settle();
    draft.send();
    expect(asked.map((question) => question.attachments.map((item) => item.fileId))).toEqual([[3]]);
  });

  test('a notice shows once however often its cause repeats; retrying clears the notices about the failure', async () => {
    const { draft, uploads } = setup();
    await draft.addFiles([file(png(), 'a.png')]);
    uploads[0]?.fail(new Error('The network is down.'));
    await settle();
    for (let press = 0; press < 3; press += 1) draft.send();
    expect(notices(draft)).toEqual(['"a.png" did not upload: The network is down.', DRAFT_TEXTS.uploadFirst]);

    draft.retry(draft.items.value[0]!.id);
    uploads[1]?.succeed(3);
    await settle();
    expect(draft.items.value[0]?.state.value.phase).toBe('uploaded');
    expect(notices(draft)).toEqual([]);
  });

  test("removing a file that did not upload takes its notices with it, and the other files' stay", async () => {
    const { draft, uploads } = setup();
    await draft.addFiles([file(png(), 'a.png'), file(png(), 'b.png')]);
    uploads[0]?.fail(new Error('File too large.'));
    uploads[1]?.fail(new Error('The network is down.'));
    await settle();
    draft.send();
    expect(notices(draft)).toEqual([
      '"a.png" did not upload: File too large.', '"b.png" did not upload: The network is down.', DRAFT_TEXTS.uploadFirst,
    ]);
    draft.remove(draft.items.value[0]!.id);
    expect(notices(draft)).toEqual(['"b.png" did not upload: The network is down.', DRAFT_TEXTS.uploadFirst]);
    // No file left that did not upload: nothing is left to fix first either.
    draft.remove(draft.items.value[0]!.id);
    expect(notices(draft)).toEqual([]);
  });

  test('a question the conversation refuses (rate limit) keeps the draft', async () => {
    const { draft, uploads } = setup({ accept: false });
    await draft.addFiles([file(png(), 'a.png')]);
    uploads[0]?.succeed(1);
    await settle();
    draft.send();
    expect(names(draft)).toEqual(['a.png']);
    expect(draft.sendPending.value).toBe(false);
  });

  test('a send made while an answer runs goes when the answer ends', async () => {
    const { draft, uploads, asked, busy } = setup();
    busy.value = true;
    await draft.addFiles([file(png(), 'a.png')]);
    uploads[0]?.succeed(1);
    await settle();
    draft.send();
    expect(asked).toEqual([]);
    busy.value = false;
    await settle();
    expect(asked).toHaveLength(1);
  });

  test('with the platform URL API, a thumbnail is a live blob: URL until the draft is disposed', async () => {
    const draft = createMediaDraft({
      inspect: inspectFile,
      upload: () => new Promise(() => undefined),
      describeFailure: String,
      kinds: () => ['image'],
      ask: () => true,
      busy: signal(false),
      text: () => '',
      preview: URL,
    });
    await draft.addFiles([file(png(), 'a.png')]);
    const url = draft.items.value[0]?.preview ?? '';
    const { resolveObjectURL } = await import('node:buffer');
    expect(resolveObjectURL(url)?.size).toBe(png().length);
    draft.dispose();
    expect(resolveObjectURL(url)).toBeUndefined();
  });

  test('dispose aborts uploads and revokes previews', async () => {
    const { draft, uploads, revoked } = setup();
    await draft.addFiles([file(png(), 'a.png')]);
    draft.dispose();
    expect(uploads[0]?.call.signal.aborted).toBe(true);
    expect(revoked).toHaveLength(1);
  });
});

function fakeRecorder(outcome: { start?: Error; durationMs?: number }) {
  const calls: string[] = [];
  const recorder: Recorder = {
    start: async () => {
      calls.push('start');
      if (outcome.start) throw outcome.start;
    },
    stop: async (): Promise<Recording> => {
      calls.push('stop');
      return { wav: new Blob([wavHeader(0)], { type: 'audio/wav' }), durationMs: outcome.durationMs ?? 2000 };
    },
    cancel: () => void calls.push('cancel'),
    level: () => 0.25,
    elapsedMs: () => 1500,
  };
  return { recorder, calls };
}

describe('push-to-talk', () => {
  test('release sends the recording as one audio question with the typed text', async () => {
    const { recorder, calls } = fakeRecorder({});
    const { draft, uploads, asked, setText } = setup({ recorder });
    setText('About the loft');
    await draft.startRecording();
    expect(draft.recording.value).toBe(true);
    expect(draft.level()).toBe(0.25);
    expect(draft.elapsedMs()).toBe(1500);
    await draft.endRecording(true);
    expect(calls).toEqual(['start', 'stop']);
    expect(uploads.map((upload) => [upload.name, upload.mimeType])).toEqual([['voice-message.wav', 'audio/wav']]);
    uploads[0]?.succeed(11);
    await settle();
    expect(asked).toEqual([
      {
        text: 'About the loft',
        attachments: [
          { kind: 'audio', fileId: 11, name: 'voice-message.wav', size: 44, mimeType: 'audio/wav', url: 'https://files.example/11' },
        ],
      },
    ]);
  });

  test('cancel drops the recording; a slip shorter than a moment is not sent', async () => {
    const cancelled = fakeRecorder({});
    const first = setup({ recorder: cancelled.recorder });
    await first.draft.startRecording();
    await first.draft.endRecording(false);
    expect(cancelled.calls).toEqual(['start', 'cancel']);
    expect(first.uploads).toEqual([]);

    const slip = fakeRecorder({ durationMs: 120 });
    const second = setup({ recorder: slip.recorder });
    await second.draft.startRecording();
    await second.draft.endRecording(true);
    expect(second.uploads).toEqual([]);
    expect(notices(second.draft)).toEqual([DRAFT_TEXTS.recordingTooShort]);
  });

  test('a denied microphone gets its clear message', async () => {
    const denied = new MicrophoneError('denied');
    const { recorder } = fakeRecorder({ start: denied });
    const { draft } = setup({ recorder });
    await draft.startRecording();
    expect(draft.recording.value).toBe(false);
    expect(notices(draft)).toEqual([denied.message]);
  });

  test('recording is refused while images are in the draft, in words about the recording, not a file name', async () => {
    const { recorder, calls } = fakeRecorder({});
    const { draft } = setup({ recorder });
    await draft.addFiles([file(png(), 'a.png')]);
    await draft.startRecording();
    expect(calls).toEqual([]);
    expect(notices(draft)).toEqual([
      'A voice message goes in a question of its own: send or remove the attached files first.',
    ]);
  });
});

describe("telling the page (the 'error' event)", () => {
  test('each failure shown is told once, in its words and with its kind; a cancel, a rule of the draft and a slip are not', async () => {
    const { recorder } = fakeRecorder({ durationMs: 100 });
    const { draft, uploads, reported } = setup({ recorder });
    await draft.addFiles([file(new TextEncoder().encode('just text'), 'notes.png', 'image/png'), file(png(), 'a.png'), file(png(), 'b.png')]);
    await draft.addFiles([file(mp4(), 'tour.mp4')]); // a second kind: the visitor is told the rule
    uploads[0]?.fail(new Error('The network is down.'));
    await settle();
    for (let press = 0; press < 3; press += 1) draft.send(); // "Not sent: ..." is what to do, not a new failure
    draft.remove(draft.items.value[1]!.id); // cancelled by the visitor
    expect(uploads[1]?.call.signal.aborted).toBe(true);
    await settle();
    expect(reported).toEqual([
      { message: '"notes.png" is not a PNG, JPEG, WEBP or GIF image.', kind: 'file-refused' },
      { message: '"a.png" did not upload: The network is down.', kind: 'upload-failed' },
    ]);
    // Failing again after a retry is a new failure.
    draft.retry(draft.items.value[0]!.id);
    uploads[2]?.fail(new Error('The network is down.'));
    await settle();
    expect(reported).toHaveLength(3);
    expect(notices(draft)).toEqual(['"a.png" did not upload: The network is down.']);

    draft.remove(draft.items.value[0]!.id);
    await draft.startRecording();
    await draft.endRecording(false); // cancelled
    await draft.startRecording();
    await draft.endRecording(true); // too short to send: a slip
    expect(reported).toHaveLength(3);
  });

  test('a microphone that cannot start is told by its kind: denied, no device...; any other failure as failed', async () => {
    for (const [error, kind] of [
      [new MicrophoneError('denied'), 'microphone-denied'],
      [new MicrophoneError('no-device'), 'microphone-no-device'],
      [new Error(''), 'microphone-failed'],
    ] as const) {
      const { draft, reported } = setup({ recorder: fakeRecorder({ start: error }).recorder });
      await draft.startRecording();
      await draft.endRecording(true); // the release after the failure is no second one
      expect(reported).toEqual([{ message: notices(draft)[0], kind }]);
    }
    expect(new MicrophoneError('no-device').message).toBe('No microphone was found. Connect a microphone and try again.');
  });
});

describe('an upload the service refuses for good', () => {
  /** The PUT's answer as the reference service gives it: the HTTP status, and an envelope with its own words. */
  const answered = (status: number, message?: string) =>
    httpError('putFile', status, message === undefined ? '<html><body>413 Request Entity Too Large</body></html>' : JSON.stringify({ Data: null, Version: '1.0.0', Success: false, Code: status, Message: message }));

  test.each([
    ['HTTP 413', answered(413, 'File too large: PNG image files may be at most 4 MB.'), 'File too large: PNG image files may be at most 4 MB.'],
    ['HTTP 415', answered(415, 'File type not accepted: animated GIFs are not accepted.'), 'File type not accepted: animated GIFs are not accepted.'],
    ['a business error saying so', businessError('putFile', { code: 400, message: 'Unsupported file type.' }), 'Unsupported file type.'],
    ["a proxy's bare HTTP 413", answered(413), DRAFT_TEXTS.fileTooLarge],
  ])('%s: no retry, and the notice says why', async (_case, error, reason) => {
    const { draft, uploads, reported } = setup({ describeFailure: failureMessage });
    await draft.addFiles([file(png(), 'a.png')]);
    uploads[0]?.fail(error);
    await settle();
    expect(draft.items.value[0]?.state.value).toEqual({ phase: 'failed', error: reason, permanent: true });
    expect(notices(draft)).toEqual([`"a.png" did not upload: ${reason}`]);
    expect(reported).toEqual([{ message: `"a.png" did not upload: ${reason}`, kind: 'upload-refused' }]);
    draft.retry(draft.items.value[0]!.id);
    expect(uploads).toHaveLength(1);
    expect(notices(draft)).toEqual([`"a.png" did not upload: ${reason}`]);
  });

  test('no answer or a server error (HTTP 503) can be retried; retrying one keeps why another was refused', async () => {
    const { draft, uploads, reported } = setup({ describeFailure: failureMessage });
    await draft.addFiles([file(png(), 'a.png'), file(png(), 'b.png')]);
    uploads[0]?.fail(answered(413, 'File too large: PNG image files may be at most 4 MB.'));
    uploads[1]?.fail(answered(503));
    await settle();
    expect(draft.items.value.map((item) => item.state.value)).toEqual([
      { phase: 'failed', error: 'File too large: PNG image files may be at most 4 MB.', permanent: true },
      { phase: 'failed', error: 'The chat service answered with HTTP 503.', permanent: false },
    ]);
    expect(reported.map((report) => report.kind)).toEqual(['upload-refused', 'upload-failed']);
    draft.send();
    draft.retry(draft.items.value[1]!.id);
    expect(uploads).toHaveLength(3);
    expect(notices(draft)).toEqual(['"a.png" did not upload: File too large: PNG image files may be at most 4 MB.']);
    uploads[2]?.fail(new ServiceError('network', 'Could not reach the chat service. Check your connection.', { operation: 'putFile' }));
    await settle();
    expect(draft.items.value[1]?.state.value).toMatchObject({ permanent: false });
    expect(reported.map((report) => report.kind)).toEqual(['upload-refused', 'upload-failed', 'upload-failed']);
  });
});

describe("in mount()'s texts", () => {
  /** German words for some keys (placeholders filled); the ones left out stay English. */
  const GERMAN: DraftTexts = {
    ...DRAFT_TEXTS,
    imageWrongType: '„{name}“ ist kein PNG-, JPEG-, WEBP- oder GIF-Bild.',
    imageTooLarge: '„{name}“ ist größer als {limit} MB, die Grenze für Bilder.',
    notTaken: '„{name}“ nimmt dieser Chat nicht an. Anhängen können Sie {kinds}.',
    imageFormats: 'ein Bild',
    videoFormats: 'ein Video',
    formatsJoin: ' oder ',
    mixedKinds: '„{name}“ nicht hinzugefügt: Bilder, Sprachnachrichten und Videos gehen in getrennte Fragen.',
    videoOnlyOne: '„{name}“ nicht hinzugefügt: ein Video pro Frage.',
    tooManyImages: '„{name}“ nicht hinzugefügt: höchstens {max} Bilder pro Frage.',
    notUploaded: '„{name}“ wurde nicht hochgeladen: {reason}',
    fileTooLarge: 'Die Datei ist zu groß für den Chat-Dienst.',
    uploadFirst: 'Nicht gesendet: erst jede Datei hochladen oder entfernen.',
    recordingTooShort: 'Zu kurz zum Senden.',
    recordingName: 'Sprachnachricht.wav',
    microphoneDenied: 'Kein Zugriff auf das Mikrofon.',
    microphoneFailed: 'Die Aufnahme ist fehlgeschlagen.',
  };
  const network = () => new ServiceError('network', 'Could not reach the chat service. Check your connection.', { operation: 'putFile' });

  test('the byte checks and the draft say them, with their placeholders filled; the page is told in English', async () => {
    const texts = { ...GERMAN, network: 'Keine Verbindung zum Chat-Dienst.' };
    const { draft, uploads, reported } = setup({ kinds: ['image', 'video'], texts, describeFailure: failureMessage });
    await draft.addFiles([
      file(new TextEncoder().encode('just text'), 'notes.png', 'image/png'),
      file(padded(png(), 20 * 1024 * 1024 + 1), 'huge.png'),
      file(new TextEncoder().encode('just text'), 'readme.txt', 'text/plain'),
      file(png(), 'a.png'),
      file(mp4(), 'tour.mp4'),
    ]);
    expect(notices(draft)).toEqual([
      '„notes.png“ ist kein PNG-, JPEG-, WEBP- oder GIF-Bild.',
      '„huge.png“ ist größer als 20 MB, die Grenze für Bilder.',
      '„readme.txt“ nimmt dieser Chat nicht an. Anhängen können Sie ein Bild oder ein Video.',
      '„tour.mp4“ nicht hinzugefügt: Bilder, Sprachnachrichten und Videos gehen in getrennte Fragen.',
    ]);
    uploads[0]?.fail(network());
    await settle();
    draft.send();
    expect(notices(draft).slice(-2)).toEqual([
      '„a.png“ wurde nicht hochgeladen: Keine Verbindung zum Chat-Dienst.',
      'Nicht gesendet: erst jede Datei hochladen oder entfernen.',
    ]);
    expect(draft.items.value[0]?.state.value).toEqual({ phase: 'failed', error: 'Keine Verbindung zum Chat-Dienst.', permanent: false });
    expect(reported).toEqual([
      { message: '"notes.png" is not a PNG, JPEG, WEBP or GIF image.', kind: 'file-refused' },
      { message: '"huge.png" is larger than 20 MB, the limit for images.', kind: 'file-refused' },
      { message: notTakenMessage('readme.txt', ['image', 'video']), kind: 'file-refused' },
      { message: '"a.png" did not upload: Could not reach the chat service. Check your connection.', kind: 'upload-failed' },
    ]);
    expect(reported[2]?.message).toBe(
      '"readme.txt" is not a file this chat takes. You can attach a PNG, JPEG, WEBP or GIF image, or an MP4, MKV, AVI, FLV or MPEG video.',
    );

    draft.remove(draft.items.value[0]!.id);
    await draft.addFiles([file(mp4(), 'tour.mp4'), file(mp4(), 'second.mp4')]);
    expect(notices(draft)).toEqual(['„second.mp4“ nicht hinzugefügt: ein Video pro Frage.']);
    draft.remove(draft.items.value[0]!.id);
    await draft.addFiles(Array.from({ length: MAX_IMAGES + 1 }, (_, index) => file(png(), `p${index}.png`)));
    expect(notices(draft)).toEqual([`„p${MAX_IMAGES}.png“ nicht hinzugefügt: höchstens ${MAX_IMAGES} Bilder pro Frage.`]);
  });

  test("a bare HTTP 413's reason, the microphone's failures, a slip and the recording's name", async () => {
    const refused = setup({ texts: GERMAN, describeFailure: failureMessage });
    await refused.draft.addFiles([file(png(), 'a.png')]);
    refused.uploads[0]?.fail(httpError('putFile', 413, '<html>413</html>'));
    await settle();
    expect(notices(refused.draft)).toEqual(['„a.png“ wurde nicht hochgeladen: Die Datei ist zu groß für den Chat-Dienst.']);
    expect(refused.reported).toEqual([{ message: '"a.png" did not upload: The file is too large for the chat service.', kind: 'upload-refused' }]);

    for (const [error, notice, message] of [
      [new MicrophoneError('denied'), 'Kein Zugriff auf das Mikrofon.', new MicrophoneError('denied').message],
      [new Error(''), 'Die Aufnahme ist fehlgeschlagen.', 'Recording failed. Please try again.'],
      // Words left out stay English.
      [new MicrophoneError('busy'), DRAFT_TEXTS.microphoneBusy, DRAFT_TEXTS.microphoneBusy],
    ] as const) {
      const { draft, reported } = setup({ texts: GERMAN, recorder: fakeRecorder({ start: error }).recorder });
      await draft.startRecording();
      expect(notices(draft)).toEqual([notice]);
      expect(reported).toEqual([{ message, kind: `microphone-${'kind' in error ? error.kind : 'failed'}` }]);
    }

    const slip = setup({ texts: GERMAN, recorder: fakeRecorder({ durationMs: 100 }).recorder });
    await slip.draft.startRecording();
    await slip.draft.endRecording(true);
    expect(notices(slip.draft)).toEqual(['Zu kurz zum Senden.']);
    const spoken = setup({ texts: GERMAN, recorder: fakeRecorder({}).recorder });
    await spoken.draft.startRecording();
    await spoken.draft.endRecording(true);
    expect(names(spoken.draft)).toEqual(['Sprachnachricht.wav']);
    expect(spoken.uploads.map((upload) => upload.name)).toEqual(['Sprachnachricht.wav']);
  });
});
