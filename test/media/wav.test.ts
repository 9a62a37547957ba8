import { describe, expect, it } from 'vitest';
import { inspectFile } from '../../src/media/sniff';
import { encodeWav, floatToInt16, resample } from '../../src/media/wav';

interface ParsedWav {
  riff: string; riffSize: number; wave: string; fmt: string; fmtSize: number; audioFormat: number;
  channels: number; sampleRate: number; byteRate: number; blockAlign: number; bitsPerSample: number;
  data: string; dataSize: number; samples: Int16Array; totalBytes: number;
}

/** A reader written from the RIFF/WAVE layout, independent of the encoder. */
async function parseWav(blob: Blob): Promise<ParsedWav> {
  const buffer = await blob.arrayBuffer();
  const view = new DataView(buffer);
  const text = (offset: number) => String.fromCharCode(...new Uint8Array(buffer, offset, 4));
  const dataSize = view.getUint32(40, true);
  const samples = new Int16Array(dataSize / 2);
  for (let index = 0; index < samples.length; index += 1) samples[index] = view.getInt16(44 + index * 2, true);
  return {
    riff: text(0), riffSize: view.getUint32(4, true), wave: text(8), fmt: text(12), fmtSize: view.getUint32(16, true),
    audioFormat: view.getUint16(20, true), channels: view.getUint16(22, true), sampleRate: view.getUint32(24, true),
    byteRate: view.getUint32(28, true), blockAlign: view.getUint16(32, true), bitsPerSample: view.getUint16(34, true),
    data: text(36), dataSize, samples, totalBytes: buffer.byteLength,
  };
}

describe('encodeWav', () => {
  it('writes a 16-bit PCM mono RIFF/WAVE header with correct sizes', async () => {
    const wav = encodeWav(new Float32Array(1000), 16_000);
    expect(wav.type).toBe('audio/wav');
    expect(await parseWav(wav)).toMatchObject({
      riff: 'RIFF', riffSize: 36 + 2000, wave: 'WAVE', fmt: 'fmt ', fmtSize: 16, audioFormat: 1, channels: 1,
      sampleRate: 16_000, byteRate: 32_000, blockAlign: 2, bitsPerSample: 16, data: 'data', dataSize: 2000,
      totalBytes: 44 + 2000,
    });
  });

  it('round-trips sample values (full scale, zero, fractions) and clips out-of-range ones', async () => {
    const input = Float32Array.from([0, 1, -1, 0.5, -0.5, 0.25, 1.7, -3, Number.NaN]);
    const { samples } = await parseWav(encodeWav(input, 8000));
    expect(Array.from(samples)).toEqual([0, 32767, -32768, 16384, -16384, 8192, 32767, -32768, 0]);
    for (const [index, value] of [0, 1, -1, 0.5, -0.5, 0.25].entries()) {
      const decoded = (samples[index] ?? 0) / ((samples[index] ?? 0) < 0 ? 32768 : 32767);
      expect(decoded).toBeCloseTo(value, 4);
    }
  });

  it('encodes an empty recording as a valid header with no data', async () => {
    expect(await parseWav(encodeWav(new Float32Array(0), 16_000))).toMatchObject({ dataSize: 0, riffSize: 36, totalBytes: 44 });
  });

  it('produces files inspectFile accepts as WAV audio', async () => {
    const tone = Float32Array.from({ length: 16_000 }, (_, index) => Math.sin((2 * Math.PI * 440 * index) / 16_000) * 0.5);
    const verdict = await inspectFile(encodeWav(tone, 16_000), ['audio']);
    expect(verdict).toMatchObject({ ok: true, kind: 'audio', format: 'wav', mimeType: 'audio/wav', fileName: 'recording.wav' });
  });
});

describe('floatToInt16', () => {
  it('maps -1 to -32768 and 1 to 32767', () => {
    expect([floatToInt16(-1), floatToInt16(1), floatToInt16(0)]).toEqual([-32768, 32767, 0]);
  });
});

describe('resample', () => {
  /** Sign changes, skipping samples too close to zero to have a sign. */
  const zeroCrossings = (samples: Float32Array): number => {
    let count = 0;
    let previous = 0;
    for (const value of samples) {
      const sign = Math.abs(value) < 1e-4 ? 0 : Math.sign(value);
      if (sign === 0) continue;
      if (previous !== 0 && sign !== previous) count += 1;
      previous = sign;
    }
    return count;
  };
  const sine = (rate: number, frequency: number, seconds: number) =>
    Float32Array.from({ length: rate * seconds }, (_, index) => Math.sin((2 * Math.PI * frequency * (index + 0.5)) / rate));

  it('48 kHz to 16 kHz keeps the duration, a constant level and a 440 Hz tone', () => {
    expect(resample(new Float32Array(48_000), 48_000, 16_000).length).toBe(16_000);
    expect(Array.from(new Set(resample(new Float32Array(4800).fill(0.3), 48_000, 16_000)))).toEqual([Math.fround(0.3)]);
    const down = resample(sine(48_000, 440, 1), 48_000, 16_000);
    expect(Math.abs(zeroCrossings(down) - 880)).toBeLessThanOrEqual(2);
  });

  it('44.1 kHz to 16 kHz (non-integer ratio) keeps the duration and the tone', () => {
    const down = resample(sine(44_100, 300, 2), 44_100, 16_000);
    expect(down.length).toBe(32_000);
    expect(Math.abs(zeroCrossings(down) - 1200)).toBeLessThanOrEqual(2);
  });

  it('attenuates a tone above the new Nyquist frequency instead of folding it in at full level', () => {
    const high = resample(sine(48_000, 11_000, 1), 48_000, 16_000);
    const peak = high.reduce((max, value) => Math.max(max, Math.abs(value)), 0);
    expect(peak).toBeLessThan(0.6);
  });

  it('never raises the rate: equal or lower input rates come back untouched', () => {
    const same = Float32Array.from([0.1, 0.2]);
    expect(resample(same, 16_000, 16_000)).toBe(same);
    expect(resample(same, 8000, 16_000)).toBe(same);
  });
});
