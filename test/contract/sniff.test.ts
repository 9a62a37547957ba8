/**
 * The service's content sniffing (demo/server/sniff.ts) on bytes built here: what the upload contract tests do
 * not reach through HTTP (look-alike containers, damaged GIFs, WAV headers written by streaming recorders).
 */
import { describe, expect, it } from 'vitest';
import { countGifFrames, readWavInfo, sniffMediaType } from '../../demo/server/sniff';
import { gifBytes, mp4Bytes, pngBytes, wavBytes } from './fixtures';

function ftyp(brand: string): Buffer {
  const bytes = mp4Bytes();
  bytes.write(brand, 8, 'ascii');
  return bytes;
}

describe('sniffMediaType', () => {
  it('names the accepted types by their first bytes', () => {
    expect(sniffMediaType(pngBytes())).toEqual({ kind: 'image', format: 'PNG', mime: 'image/png' });
    expect(sniffMediaType(wavBytes(0.1))).toEqual({ kind: 'audio', format: 'WAV', mime: 'audio/wav' });
    expect(sniffMediaType(mp4Bytes())).toEqual({ kind: 'video', format: 'MP4', mime: 'video/mp4' });
  });

  it('refuses ftyp look-alikes that are not MP4 video, and other RIFF forms', () => {
    expect(sniffMediaType(ftyp('heic'))).toEqual({ refused: expect.stringContaining('HEIC') });
    expect(sniffMediaType(ftyp('M4A '))).toEqual({ refused: expect.stringContaining('M4A') });
    expect(sniffMediaType(ftyp('qt  '))).toEqual({ refused: expect.stringContaining('QuickTime') });
    const riff = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('CDXA'), Buffer.alloc(8)]);
    expect(sniffMediaType(riff)).toEqual({ refused: expect.stringContaining('CDXA') });
  });
});

describe('countGifFrames', () => {
  it('counts one frame in a still GIF and stops at two in an animated one', () => {
    expect(countGifFrames(gifBytes(1))).toBe(1);
    expect(countGifFrames(gifBytes(5))).toBe(2);
  });

  it('counts the frames found before damage', () => {
    const still = gifBytes(1);
    expect(countGifFrames(still.subarray(0, still.length - 4))).toBe(1);
    expect(countGifFrames(still.subarray(0, 20))).toBe(0);
  });
});

describe('readWavInfo', () => {
  it('reads channels, rate and duration', () => {
    const wav = wavBytes(1.25, 8000);
    expect(readWavInfo(wav, wav.length)).toEqual({ channels: 1, sampleRate: 8000, bitsPerSample: 16, durationSeconds: 1.25 });
  });

  it('falls back to the file size when a streaming recorder left the data length unset', () => {
    const wav = wavBytes(2, 8000);
    wav.writeUInt32LE(0xffffffff, 40);
    expect(readWavInfo(wav, wav.length)).toMatchObject({ durationSeconds: 2 });
  });

  it('refuses a WAV without a fmt chunk', () => {
    const wav = wavBytes(0.1);
    wav.write('junk', 12, 'ascii');
    expect(readWavInfo(wav, wav.length)).toEqual({ refused: expect.stringContaining('fmt') });
  });
});
