import { describe, expect, it } from 'vitest';
import { inspectFile, MEDIA_LIMITS, uploadFileName, type FileVerdict } from '../../src/media/sniff';
import { encodeWav } from '../../src/media/wav';
import { avi, bytes, file, flv, gif, jpeg, matroska, mp4, mpeg, padded, png, wavHeader, webp } from './fixtures';

function expectAccepted(verdict: FileVerdict, format: string, mimeType: string): void {
  expect(verdict).toMatchObject({ ok: true, format, mimeType });
}

function expectRejected(verdict: FileVerdict, rule: string, reason: RegExp): void {
  expect(verdict.ok).toBe(false);
  if (verdict.ok) return;
  expect(verdict.rule).toBe(rule);
  expect(verdict.reason).toMatch(reason);
}

describe('inspectFile: images', () => {
  it.each([
    ['png', png(), 'image/png'],
    ['jpeg', jpeg(), 'image/jpeg'],
    ['webp', webp(), 'image/webp'],
    ['gif', gif(), 'image/gif'],
  ])('accepts a valid %s', async (format, content, mimeType) => {
    const verdict = await inspectFile(file(content, `picture.${format}`), ['image']);
    expectAccepted(verdict, format, mimeType);
    expect(verdict).toMatchObject({ kind: 'image' });
  });

  it('accepts a static GIF with local colour tables and a comment full of block-introducer bytes', async () => {
    const comment = bytes(',,,,!!!!;;;;', new Uint8Array(600).fill(0x2c));
    expectAccepted(await inspectFile(file(gif({ localColourTables: true, comment }), 'a.gif'), ['image']), 'gif', 'image/gif');
  });

  it('rejects an animated GIF (NETSCAPE2.0 loop, 3 frames) with the rule in its message', async () => {
    const verdict = await inspectFile(file(gif({ frames: 3, loop: true }), 'dance.gif'), ['image']);
    expectRejected(verdict, 'animated', /"dance\.gif" is an animated GIF\. Animated GIFs are not supported\./);
  });

  it('rejects a 2-frame GIF without a loop extension, and frames found after a 100 KB comment', async () => {
    expectRejected(await inspectFile(file(gif({ frames: 2 }), 'two.gif'), ['image']), 'animated', /animated/);
    const longComment = new Uint8Array(100_000).fill(0x2c); // spans more than one 64 KB read window
    expectRejected(await inspectFile(file(gif({ frames: 2, comment: longComment }), 'c.gif'), ['image']), 'animated', /animated/);
    expectAccepted(await inspectFile(file(gif({ comment: longComment }), 'c.gif'), ['image']), 'gif', 'image/gif');
  });

  it('stops walking a GIF at its second frame (what follows is never read)', async () => {
    const twoFramesThenGarbage = bytes(gif({ frames: 2, omitTrailer: true }).slice(0, -5), [0x99, 0x99]);
    expectRejected(await inspectFile(file(twoFramesThenGarbage, 'x.gif'), ['image']), 'animated', /animated/);
  });

  it('accepts a GIF without its trailer, and one with bytes after the trailer', async () => {
    expectAccepted(await inspectFile(file(gif({ omitTrailer: true }), 'a.gif'), ['image']), 'gif', 'image/gif');
    expectAccepted(await inspectFile(file(bytes(gif(), new Uint8Array(100)), 'a.gif'), ['image']), 'gif', 'image/gif');
  });

  it('rejects a damaged GIF: no frame, an unknown block, or data cut inside a frame', async () => {
    const header = gif({ frames: 0 });
    expectRejected(await inspectFile(file(header, 'empty.gif'), ['image']), 'damaged', /"empty\.gif" looks like a GIF file but is damaged/);
    expectRejected(await inspectFile(file(bytes(header.slice(0, -1), [0x55]), 'u.gif'), ['image']), 'damaged', /damaged/);
    const cut = gif().slice(0, -3);
    expectRejected(await inspectFile(file(cut, 'cut.gif'), ['image']), 'damaged', /damaged/);
  });

  it('judges by bytes, not name or MIME: a PNG named .jpg is a PNG and is uploaded as .png', async () => {
    const verdict = await inspectFile(file(png(), 'holiday.jpg', 'image/jpeg'), ['image']);
    expectAccepted(verdict, 'png', 'image/png');
    expect(verdict).toMatchObject({ fileName: 'holiday.png' });
  });

  it('rejects a text file named .png with a PNG MIME type', async () => {
    const verdict = await inspectFile(file(bytes('just some notes\n'), 'notes.png', 'image/png'), ['image']);
    expectRejected(verdict, 'type', /^"notes\.png" is not a PNG, JPEG, WEBP or GIF image\.$/);
  });

  it('rejects media of another kind, naming the accepted formats', async () => {
    expectRejected(await inspectFile(file(mp4(), 'clip.png', 'image/png'), ['image']), 'type', /is not a PNG, JPEG, WEBP or GIF image/);
    expectRejected(await inspectFile(file(png(), 'pic.wav', 'audio/wav'), ['audio']), 'type', /"pic\.wav" is not a WAV audio file/);
  });

  it('rejects formats the service does not take (HEIC, MP3) as not one of the accepted ones', async () => {
    expectRejected(await inspectFile(file(mp4('heic', ['mif1', 'heic']), 'IMG_1.HEIC', 'image/heic'), ['image']), 'type',
      /^"IMG_1\.HEIC" is not a PNG, JPEG, WEBP or GIF image\.$/);
    expectRejected(await inspectFile(file(bytes('ID3', [4, 0, 0, 0, 0, 0, 0]), 'song.mp3', 'audio/mpeg'), ['audio']), 'type', /is not a WAV audio file/);
  });

  it('rejects an empty file', async () => {
    expectRejected(await inspectFile(file(new Uint8Array(0), 'zero.png'), ['image']), 'empty', /"zero\.png" is empty/);
  });

  it('turns a read failure into a verdict instead of throwing', async () => {
    const broken = { name: 'gone.png', size: 10, slice: () => ({ arrayBuffer: () => Promise.reject(new Error('NotReadableError')) }) };
    const verdict = await inspectFile(broken as unknown as Blob & { name: string }, ['image']);
    expectRejected(verdict, 'unreadable', /"gone\.png" could not be read/);
  });

  it('falls back to a generic name for unnamed blobs (pasted images)', async () => {
    expectRejected(await inspectFile(new Blob([bytes('text')], { type: 'image/png' }), ['image']), 'type', /^"image" is not/);
    expect(await inspectFile(new Blob([png()]), ['image'])).toMatchObject({ ok: true, fileName: 'image.png' });
  });
});

describe('inspectFile: audio', () => {
  it('accepts a WAV made by encodeWav', async () => {
    const wav = encodeWav(new Float32Array(1600).fill(0.25), 16_000);
    expectAccepted(await inspectFile(wav, ['audio']), 'wav', 'audio/wav');
  });

  it('rejects other RIFF forms as audio (AVI, WEBP)', async () => {
    expectRejected(await inspectFile(file(avi(), 'a.wav', 'audio/wav'), ['audio']), 'type', /not a WAV audio file/);
    expectRejected(await inspectFile(file(webp(), 'b.wav', 'audio/wav'), ['audio']), 'type', /not a WAV audio file/);
  });
});

describe('inspectFile: video', () => {
  it.each([
    ['mp4 (isom)', mp4('isom'), 'mp4', 'video/mp4'],
    ['mp4 (mp42)', mp4('mp42', ['mp42', 'mp41']), 'mp4', 'video/mp4'],
    ['mp4 (avc1)', mp4('avc1', ['avc1', 'isom']), 'mp4', 'video/mp4'],
    ['mkv', matroska('matroska'), 'mkv', 'video/x-matroska'],
    ['mkv without DocType (defaults to matroska)', matroska(null), 'mkv', 'video/x-matroska'],
    ['avi', avi(), 'avi', 'video/x-msvideo'],
    ['flv', flv(), 'flv', 'video/x-flv'],
    ['mpeg program stream', mpeg('pack'), 'mpeg', 'video/mpeg'],
    ['mpeg video sequence', mpeg('sequence'), 'mpeg', 'video/mpeg'],
  ])('accepts %s', async (_label, content, format, mimeType) => {
    expectAccepted(await inspectFile(file(content, 'movie.bin'), ['video']), format, mimeType);
  });

  it('rejects WebM (Matroska-based but not one of the service formats)', async () => {
    expectRejected(await inspectFile(file(matroska('webm'), 'talk.webm', 'video/webm'), ['video']), 'type',
      /^"talk\.webm" is not an MP4, MKV, AVI, FLV or MPEG video\.$/);
  });

  it.each([['qt  '], ['heic'], ['avif'], ['M4A '], ['crx ']])('rejects ftyp brand %j (QuickTime, HEIC, AVIF, M4A, raw) as not MP4', async (brand) => {
    expectRejected(await inspectFile(file(mp4(brand, [brand]), 'IMG_2.MOV', 'video/quicktime'), ['video']), 'type', /is not an MP4, MKV, AVI, FLV or MPEG video/);
  });

  it('accepts an MKV named .mp4 as mkv and uploads it as .mkv', async () => {
    const verdict = await inspectFile(file(matroska(), 'film.mp4', 'video/mp4'), ['video']);
    expect(verdict).toMatchObject({ ok: true, format: 'mkv', fileName: 'film.mkv' });
  });

  it('rejects an EBML file with an unknown DocType and a truncated ftyp box', async () => {
    expectRejected(await inspectFile(file(matroska('other'), 'x.mkv', 'video/x-matroska'), ['video']), 'type', /not an MP4, MKV, AVI, FLV or MPEG video/);
    expectRejected(await inspectFile(file(bytes([0, 0, 0, 8], 'ftyp'), 'x.mp4', 'video/mp4'), ['video']), 'type', /not an MP4/);
  });
});

describe('inspectFile: size limits (exactly at the limit accepted, one byte over rejected)', () => {
  it.each([
    ['image (PNG)', 'image' as const, png(), MEDIA_LIMITS.image, /"big\.bin" is larger than 20 MB, the limit for images\./],
    ['image (GIF, padding after the trailer)', 'image' as const, gif(), MEDIA_LIMITS.image, /larger than 20 MB/],
    ['audio (WAV)', 'audio' as const, wavHeader(0), MEDIA_LIMITS.audio, /"big\.bin" is larger than 25 MB, the limit for audio files\./],
    ['video (MP4)', 'video' as const, mp4(), MEDIA_LIMITS.video, /"big\.bin" is larger than 100 MB, the limit for videos\./],
  ])('%s', async (_label, kind, head, limit, message) => {
    expect((await inspectFile(file(padded(head, limit), 'big.bin'), [kind])).ok).toBe(true);
    expectRejected(await inspectFile(file(padded(head, limit + 1), 'big.bin'), [kind]), 'size', message);
  });

  it('uses the limits the service states (20 MB images, 100 MB video) and 25 MB for audio', () => {
    expect(MEDIA_LIMITS).toEqual({ image: 20_971_520, audio: 26_214_400, video: 104_857_600 });
  });
});

describe('inspectFile: the kinds the chat takes', () => {
  it('accepts a file of any of them, as its own kind', async () => {
    const kinds = ['image', 'video', 'audio'] as const;
    expect(await inspectFile(file(mp4(), 'clip.mp4'), kinds)).toMatchObject({ ok: true, kind: 'video', format: 'mp4' });
    expect(await inspectFile(file(wavHeader(3200), 'hi.wav'), kinds)).toMatchObject({ ok: true, kind: 'audio' });
    expect(await inspectFile(file(png(), 'a.png'), kinds)).toMatchObject({ ok: true, kind: 'image' });
  });

  it('checks the size and the frames for the kind the bytes show', async () => {
    const bigImage = file(padded(png(), MEDIA_LIMITS.image + 1), 'big.png');
    expectRejected(await inspectFile(bigImage, ['video', 'image']), 'size', /^"big\.png" is larger than 20 MB, the limit for images\.$/);
    expectRejected(await inspectFile(file(gif({ frames: 2 }), 'two.gif'), ['audio', 'image']), 'animated', /animated/);
  });

  it('refuses another kind for the kind its MIME type claims, else with the list of what the chat takes', async () => {
    const wavClaimingImage = file(wavHeader(3200), 'voice.png', 'image/png');
    expectRejected(await inspectFile(wavClaimingImage, ['video', 'image']), 'type', /^"voice\.png" is not a PNG, JPEG, WEBP or GIF image\.$/);
    expectRejected(
      await inspectFile(file(wavHeader(3200), 'voice.wav', 'audio/wav'), ['image', 'video']),
      'type',
      /^"voice\.wav" is not a file this chat takes\. You can attach a PNG, JPEG, WEBP or GIF image, or an MP4, MKV, AVI, FLV or MPEG video\.$/,
    );
    expectRejected(await inspectFile(new Blob([bytes('text')]), ['image', 'video']), 'type', /^"The file" is not a file this chat takes/);
  });

  it('names an empty or unreadable unnamed file after the first kind', async () => {
    expectRejected(await inspectFile(new Blob([]), ['audio', 'image']), 'empty', /^"recording" is empty\.$/);
  });
});

describe('inspectFile reads only the bytes it needs', () => {
  function countingBlob(content: Blob, name: string): { blob: Blob & { name: string }; bytesRead: () => number } {
    let read = 0;
    const wrap = (blob: Blob): Blob =>
      new Proxy(blob, {
        get(target, property) {
          if (property === 'slice') {
            return (start?: number, end?: number) => {
              const part = target.slice(start, end);
              read += part.size;
              return part;
            };
          }
          if (property === 'name') return name;
          const value: unknown = Reflect.get(target, property, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    return { blob: wrap(content) as Blob & { name: string }, bytesRead: () => read };
  }

  it('reads a few dozen bytes of a 90 MB MP4 and the header of an MKV', async () => {
    const video = countingBlob(padded(mp4(), 90 * 1024 * 1024), 'v.mp4');
    expect((await inspectFile(video.blob, ['video'])).ok).toBe(true);
    expect(video.bytesRead()).toBeLessThanOrEqual(64);
    const mkv = countingBlob(padded(matroska(), 50 * 1024 * 1024), 'v.mkv');
    expect((await inspectFile(mkv.blob, ['video'])).ok).toBe(true);
    expect(mkv.bytesRead()).toBeLessThanOrEqual(128);
  });

  it('reads the first bytes once, whatever the number of kinds', async () => {
    const video = countingBlob(padded(mp4(), 90 * 1024 * 1024), 'v.mp4');
    expect(await inspectFile(video.blob, ['image', 'audio', 'video'])).toMatchObject({ ok: true, kind: 'video' });
    expect(video.bytesRead()).toBeLessThanOrEqual(32);
  });

  it('does not read past the second frame of a large animated GIF', async () => {
    const animated = countingBlob(padded(gif({ frames: 2 }), 10 * 1024 * 1024), 'a.gif');
    expect((await inspectFile(animated.blob, ['image'])).ok).toBe(false);
    expect(animated.bytesRead()).toBeLessThanOrEqual(64 * 1024 + 64);
  });
});

describe('uploadFileName', () => {
  it.each([
    ['photo.JPG', 'jpeg', 'photo.JPG'],
    ['photo.jpeg', 'jpeg', 'photo.jpeg'],
    ['photo.jpg', 'png', 'photo.png'],
    ['C:\\fakepath\\scan.tiff', 'png', 'scan.png'],
    ['Shot 2024.05.01', 'png', 'Shot 2024.05.01.png'],
    ['notes.v2.final', 'gif', 'notes.v2.final.gif'],
    ['', 'wav', 'recording.wav'],
    [undefined, 'mpeg', 'video.mpg'],
  ] as const)('%s as %s → %s', (name, format, expected) => {
    expect(uploadFileName(name, format)).toBe(expected);
  });
});
