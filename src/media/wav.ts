/**
 * PCM WAV encoding in the browser: the service takes WAV only, and browsers' own recorders give WebM or Ogg.
 *
 * Push-to-talk records at 16 kHz mono (SPEECH_SAMPLE_RATE): speech recognisers work at 16 kHz and speech carries
 * little above 8 kHz, so this is a third of a 48 kHz upload (32 KB a second, 1.9 MB a minute) with nothing lost
 * for understanding.
 */
export const SPEECH_SAMPLE_RATE = 16_000;

const HEADER_BYTES = 44;

/**
 * A 16-bit little-endian mono PCM WAV (RIFF/WAVE, one "fmt " and one "data" chunk) of `samples` in [-1, 1];
 * louder values are clipped. Mono only: the recorder's audio node mixes the microphone down to one channel.
 */
export function encodeWav(samples: Float32Array, sampleRate: number): Blob {
  const dataBytes = samples.length * 2;
  const view = new DataView(new ArrayBuffer(HEADER_BYTES + dataBytes));
  const writeAscii = (offset: number, text: string): void => {
    for (let index = 0; index < 4; index += 1) view.setUint8(offset + index, text.charCodeAt(index));
  };

  writeAscii(0, 'RIFF');
  view.setUint32(4, HEADER_BYTES - 8 + dataBytes, true);
  writeAscii(8, 'WAVE');
  writeAscii(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size for PCM
  view.setUint16(20, 1, true); // audio format 1 = PCM
  view.setUint16(22, 1, true); // one channel
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // byte rate
  view.setUint16(32, 2, true); // block align: bytes per frame
  view.setUint16(34, 16, true); // bits per sample
  writeAscii(36, 'data');
  view.setUint32(40, dataBytes, true);
  for (let index = 0; index < samples.length; index += 1) {
    view.setInt16(HEADER_BYTES + index * 2, floatToInt16(samples[index] ?? 0), true);
  }
  return new Blob([view.buffer], { type: 'audio/wav' });
}

/** [-1, 1] to a 16-bit sample; the asymmetric scale maps -1 to -32768 and 1 to 32767 exactly. */
export function floatToInt16(sample: number): number {
  const clipped = Number.isNaN(sample) ? 0 : Math.max(-1, Math.min(1, sample));
  return Math.round(clipped < 0 ? clipped * 0x8000 : clipped * 0x7fff);
}

/**
 * Changes the sample rate. Going down, each output sample is the average of the input it covers (a box filter:
 * a cheap low-pass that keeps aliasing out of speech); going up, linear interpolation.
 */
export function resample(samples: Float32Array, fromRate: number, toRate: number): Float32Array {
  if (!(fromRate > 0) || !(toRate > 0)) throw new RangeError('resample needs positive sample rates.');
  if (fromRate === toRate || samples.length === 0) return samples;
  const ratio = fromRate / toRate;
  const output = new Float32Array(Math.max(1, Math.round(samples.length / ratio)));
  if (ratio > 1) {
    for (let index = 0; index < output.length; index += 1) {
      const start = Math.floor(index * ratio);
      const end = Math.min(samples.length, Math.max(start + 1, Math.floor((index + 1) * ratio)));
      let sum = 0;
      for (let source = start; source < end; source += 1) sum += samples[source] ?? 0;
      output[index] = sum / (end - start);
    }
    return output;
  }
  const last = samples.length - 1;
  for (let index = 0; index < output.length; index += 1) {
    const position = Math.min(last, index * ratio);
    const before = Math.floor(position);
    const after = Math.min(last, before + 1);
    const weight = position - before;
    output[index] = (samples[before] ?? 0) * (1 - weight) + (samples[after] ?? 0) * weight;
  }
  return output;
}
