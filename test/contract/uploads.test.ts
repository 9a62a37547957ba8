/**
 * Contract: the upload flow (GetPreUploadUrl -> PUT -> FinishUpload -> GET), content checks by bytes not names,
 * size limits, URL expiry, media questions with fileIds, and profile pictures via Edit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceClient } from '../../src/api';
import { MEDIA_LIMITS } from '../../src/media';
import { SECOND_SERIAL_NUMBER } from '../../demo/server/index';
import { startTestService, type TestService } from '../helpers/service';
import {
  adminClient, anonymousClient, blob, expectBusiness, expectHttp, gifBytes, mkvBytes, mp4Bytes, namedBlob, pdfBytes, pngBytes,
  readDataFile, visitor, wavBytes,
} from './fixtures';

const VIDEO_LIMIT = 64 * 1024;
let service: TestService;
let admin: ServiceClient;
let clock = Date.UTC(2025, 5, 1, 9, 0, 0);

beforeAll(async () => {
  service = await startTestService({ now: () => clock, uploadLimits: { videoBytes: VIDEO_LIMIT } });
  admin = adminClient(service);
});
afterAll(async () => {
  await service?.close();
});

async function upload(client: ServiceClient, bytes: Uint8Array, name: string): Promise<number> {
  return client.uploadFile(namedBlob(bytes, name));
}

describe('upload flow', () => {
  it('gives a pre-upload URL on this service, stores the PUT bytes, finishes, and serves them back typed', async () => {
    const { client } = await visitor(service);
    const png = pngBytes();
    const target = await client.preUpload({ fileName: 'house.png' });
    expect(target.PreUploadUrl.startsWith(`${service.url}/upload/${target.FileStoreId}?token=`)).toBe(true);
    await client.putFile(target.PreUploadUrl, blob(png));
    expect(await client.finishUpload({ FileStoreId: target.FileStoreId })).toBe(1);
    const served = await fetch(target.PreUploadUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);
    const range = await fetch(target.PreUploadUrl, { headers: { Range: 'bytes=0-7' } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer())).toEqual(png.subarray(0, 8));
  });

  it.each([
    ['photo.jpg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60)]), 'image/jpeg'],
    ['still.gif', gifBytes(1), 'image/gif'],
    ['pic.webp', Buffer.concat([Buffer.from('RIFF'), Buffer.from([40, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(32)]), 'image/webp'],
    ['voice.wav', wavBytes(0.5), 'audio/wav'],
    ['clip.mp4', mp4Bytes(), 'video/mp4'],
    ['clip.mkv', mkvBytes(), 'video/x-matroska'],
    ['clip.avi', Buffer.concat([Buffer.from('RIFF'), Buffer.from([40, 0, 0, 0]), Buffer.from('AVI LIST'), Buffer.alloc(32)]), 'video/x-msvideo'],
    ['clip.flv', Buffer.concat([Buffer.from('FLV'), Buffer.from([1, 5, 0, 0, 0, 9]), Buffer.alloc(32)]), 'video/x-flv'],
    ['clip.mpg', Buffer.concat([Buffer.from([0, 0, 1, 0xba]), Buffer.alloc(60)]), 'video/mpeg'],
  ])('accepts %s and serves it as %s', async (name, bytes, mime) => {
    const id = await upload(admin, bytes, name);
    const { PreUploadUrl } = readFileRecordUrl(id);
    const served = await fetch(PreUploadUrl);
    expect(served.headers.get('content-type')).toBe(mime);
  });

  it('judges by content: a PDF named .png is refused with 415 and a clear message; nothing is stored', async () => {
    const target = await admin.preUpload({ fileName: 'looks-like.png' });
    const before = readDataFile(service);
    await expectHttp(admin.putFile(target.PreUploadUrl, blob(pdfBytes())), 415, 'File type not accepted', 'PDF');
    expect(readDataFile(service)).toEqual(before);
    await expectBusiness(admin.finishUpload({ FileStoreId: target.FileStoreId }), 409, 'no bytes yet');
  });

  it('refuses an animated GIF, an MP3, an empty file, and unknown bytes', async () => {
    await expectHttp(upload(admin, gifBytes(3), 'anim.gif'), 415, 'animated GIF');
    await expectHttp(upload(admin, Buffer.concat([Buffer.from('ID3'), Buffer.alloc(40)]), 'song.wav'), 415, 'MP3');
    await expectHttp(upload(admin, Buffer.alloc(0), 'empty.png'), 400, 'empty');
    await expectHttp(upload(admin, Buffer.from('just some text, not media at all'), 'notes.jpg'), 415, 'not a recognised');
  });

  it('refuses an image one byte over 20 MB with 413', async () => {
    const big = Buffer.alloc(20 * 1024 * 1024 + 1);
    pngBytes().copy(big);
    await expectHttp(upload(admin, big, 'huge.png'), 413, 'at most 20 MB');
  });

  it('takes a WAV as large as the widget lets through (25 MB) and refuses one byte more with 413', async () => {
    const wavOf = (size: number): Buffer => {
      const bytes = Buffer.alloc(size);
      const header = wavBytes(0);
      header.writeUInt32LE(size - 8, 4);
      header.writeUInt32LE(size - header.length, 40);
      header.copy(bytes);
      return bytes;
    };
    expect(await upload(admin, wavOf(MEDIA_LIMITS.audio), 'long.wav')).toBeGreaterThan(0);
    await expectHttp(upload(admin, wavOf(MEDIA_LIMITS.audio + 1), 'longer.wav'), 413, 'at most 25 MB');
  });

  it('refuses a video over the (lowered) video limit with 413, and accepts one at the limit', async () => {
    await expectHttp(upload(admin, mp4Bytes(VIDEO_LIMIT + 1), 'long.mp4'), 413, 'at most 64 KB');
    expect(await upload(admin, mp4Bytes(VIDEO_LIMIT), 'fits.mp4')).toBeGreaterThan(0);
  });

  it('refuses a PUT after 5 minutes (410), with a wrong token (404), and after FinishUpload (409)', async () => {
    const target = await admin.preUpload({ fileName: 'late.png' });
    clock += 5 * 60 * 1000 + 1;
    await expectHttp(admin.putFile(target.PreUploadUrl, blob(pngBytes())), 410, 'expired');
    const fresh = await admin.preUpload({ fileName: 'fresh.png' });
    await expectHttp(admin.putFile(fresh.PreUploadUrl.replace(/token=[^&]+/, 'token=forged'), blob(pngBytes())), 404);
    await admin.putFile(fresh.PreUploadUrl, blob(pngBytes()));
    await admin.finishUpload({ FileStoreId: fresh.FileStoreId });
    await expectHttp(admin.putFile(fresh.PreUploadUrl, blob(gifBytes(1))), 409, 'already finished');
  });

  it('needs a credential and a fileName; FinishUpload of an unknown id is a 404', async () => {
    await expectHttp(anonymousClient(service).preUpload({ fileName: 'a.png' }), 401);
    await expectBusiness(admin.preUpload({ fileName: '' }), 400, 'fileName');
    await expectBusiness(admin.finishUpload({ FileStoreId: 424242 }), 404, 'FileStoreId');
    await expectBusiness(admin.finishUpload({ FileStoreId: 'x' as never }), 400, 'FileStoreId', 'integer');
  });
});

describe('media questions', () => {
  it('acknowledges images by name, type and size', async () => {
    const { client, sessionID } = await visitor(service);
    const first = await upload(client, pngBytes(), 'kitchen.png');
    const second = await upload(client, gifBytes(1), 'garden.gif');
    const answer = await client.ask({ sessionID, content: '', chatAskType: 'Image', fileIds: [first, second] });
    expect(answer.content).toMatch(/I received 2 images: kitchen\.png \(PNG, \d+ bytes\) and garden\.gif \(GIF, \d+ bytes\)/);
  });

  it('acknowledges a WAV recording with its length in seconds, and answers its text too', async () => {
    const { client, sessionID } = await visitor(service);
    const id = await upload(client, wavBytes(2.5), 'voice.wav');
    const answer = await client.ask({ sessionID, content: 'homes in Denver', chatAskType: 'Audio', fileIds: [id] });
    expect(answer.content).toContain('I received a RIFF/WAVE recording of 2.5 seconds');
    expect(answer.content).toContain('Denver');
  });

  it('acknowledges a video', async () => {
    const { client, sessionID } = await visitor(service);
    const id = await upload(client, mkvBytes(), 'tour.mkv');
    const answer = await client.ask({ sessionID, content: '', chatAskType: 'Video', fileIds: [id] });
    expect(answer.content).toContain('I received a video: tour.mkv (MKV');
  });

  it('refuses wrong fileIds: unknown, unfinished, wrong kind, wrong count, another chatbot’s — counting nothing', async () => {
    const { client, sessionID } = await visitor(service);
    const image = await upload(client, pngBytes(), 'a.png');
    const audio = await upload(client, wavBytes(0.2), 'a.wav');
    const unfinished = await client.preUpload({ fileName: 'b.png' });
    await client.putFile(unfinished.PreUploadUrl, blob(pngBytes()));
    const other = await visitor(service, {}, SECOND_SERIAL_NUMBER);
    const theirs = await upload(other.client, pngBytes(), 'theirs.png');
    const before = readDataFile(service);
    const ask = (chatAskType: 'Image' | 'Audio' | 'Video', fileIds: number[]) => client.ask({ sessionID, content: '', chatAskType, fileIds });
    await expectBusiness(ask('Image', [999_999]), 404, 'fileIds', '999999');
    await expectBusiness(ask('Image', [unfinished.FileStoreId]), 409, 'fileIds', 'not finished');
    await expectBusiness(ask('Image', [audio]), 400, 'fileIds', 'WAV audio');
    await expectBusiness(ask('Audio', [image]), 400, 'fileIds', 'PNG image');
    await expectBusiness(ask('Audio', [audio, audio]), 400, 'fileIds', 'exactly one');
    await expectBusiness(ask('Video', []), 400, 'fileIds');
    await expectBusiness(ask('Image', [theirs]), 404, 'fileIds');
    expect(readDataFile(service)).toEqual(before);
  });

  it("a visitor cannot count its way to another visitor's files: ids next to its own are nobody's", async () => {
    const alice = await visitor(service);
    const hers = await upload(alice.client, pngBytes(), 'passport-alice.png');
    const bob = await visitor(service);
    const his = await upload(bob.client, pngBytes(), 'bob.png');
    for (let step = -5; step <= 5; step++) {
      if (step === 0 || his + step < 1) continue;
      const asked = bob.client.ask({ sessionID: bob.sessionID, content: '', chatAskType: 'Image', fileIds: [his + step] });
      await expectBusiness(asked, 404, 'fileIds');
    }
    const answer = await alice.client.ask({ sessionID: alice.sessionID, content: '', chatAskType: 'Image', fileIds: [hers] });
    expect(answer.content).toContain('passport-alice.png');
  });

  it('refuses image and audio questions when the chatbot turned them off (403)', async () => {
    const { client, sessionID } = await visitor(service);
    const image = await upload(client, pngBytes(), 'a.png');
    await admin.edit({ serialNumber: service.serialNumber, EnableUploadImage: false });
    try {
      await expectBusiness(client.ask({ sessionID, content: '', chatAskType: 'Image', fileIds: [image] }), 403, 'EnableUploadImage');
    } finally {
      await admin.edit({ serialNumber: service.serialNumber, EnableUploadImage: true });
    }
  });
});

describe('profile picture and icon', () => {
  it('Edit takes finished image uploads; GetConfig gives their absolute URLs, which serve the bytes', async () => {
    const icon = await upload(admin, pngBytes(), 'icon.png');
    const face = await upload(admin, gifBytes(1), 'face.gif');
    await admin.edit({ serialNumber: service.serialNumber, ChatIcon: String(icon), ChatProfilePicture: String(face) });
    const { config } = await visitor(service);
    expect(config.ChatIcon).toBe(String(icon));
    expect(config.ChatIconUrl).toMatch(new RegExp(`^${service.url}/upload/${icon}\\?token=`));
    expect((await fetch(config.ChatIconUrl ?? '')).headers.get('content-type')).toBe('image/png');
    expect((await fetch(config.ChatProfilePictureUrl ?? '')).headers.get('content-type')).toBe('image/gif');
    await admin.edit({ serialNumber: service.serialNumber, ChatIcon: '' });
    expect((await visitor(service)).config.ChatIconUrl).toBe('');
  });

  it('refuses a video or an unfinished upload as ChatIcon', async () => {
    const video = await upload(admin, mp4Bytes(), 'v.mp4');
    await expectBusiness(admin.edit({ serialNumber: service.serialNumber, ChatIcon: String(video) }), 400, 'ChatIcon', 'not an image');
    const pending = await admin.preUpload({ fileName: 'p.png' });
    await expectBusiness(admin.edit({ serialNumber: service.serialNumber, ChatIcon: String(pending.FileStoreId) }), 409, 'ChatIcon');
  });
});

/** The served URL of a file, as the data file records it. */
function readFileRecordUrl(id: number): { PreUploadUrl: string } {
  const files = readDataFile(service).files as Record<string, { token: string }>;
  const token = files[String(id)]?.token ?? '';
  return { PreUploadUrl: `${service.url}/upload/${id}?token=${token}` };
}
