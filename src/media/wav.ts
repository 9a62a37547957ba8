/**
 * PCM WAV encoding in the browser: the service takes WAV only, and browsers' own recorders give WebM or Ogg.
 *
 * Push-to-talk records at 16 kHz mono (SPEECH_SAMPLE_RATE): speech recognisers work at 16 kHz and speech carries
 * little above 8 kHz, so this is a third of a 48 kHz upload (32 KB a second, 1.9 MB a minute) with nothing lost
 * for understanding.
 */
export const SPEECH_SAMPLE_RATE = 16_000;

/**
 * A 16-bit little-endian mono PCM WAV (RIFF/WAVE, one "fmt " and one "data" chunk) of `samples` in [-1, 1];
 * louder values are clipped. Mono only: the recorder's audio node mixes the microphone down to one channel.
 */
export function encodeWav(samples: Float32Array, sampleRate: number): Blob {
  const dataBytes = samples.length * 2;
  const view = new DataView(new ArrayBuffer(44 + dataBytes));
  // The 44-byte header as eleven 32-bit fields; pairs of 16-bit fields are packed low half first.
  const header = [
    'RIFF', 36 + dataBytes, 'WAVE',
    'fmt ', 16, 0x1_0001 /* format 1 (PCM), 1 channel */, sampleRate, sampleRate * 2 /* bytes a second */,
    0x10_0002 /* 2 bytes a frame, 16 bits a sample */,
    'data', dataBytes,
  ];
  header.forEach((field, index) => {
    if (typeof field === 'number') view.setUint32(index * 4, field, true);
    else for (let char = 0; char < 4; char += 1) view.setUint8(index * 4 + char, field.charCodeAt(char));
  });
  samples.forEach((sample, index) => view.setInt16(44 + index * 2, floatToInt16(sample), true));
  return new Blob([view.buffer], { type: 'audio/wav' });
}

/** [-1, 1] to a 16-bit sample; the asymmetric scale maps -1 to -32768 and 1 to 32767 exactly. */
export function floatToInt16(sample: number): number {
  const clipped = Number.isNaN(sample) ? 0 : Math.max(-1, Math.min(1, sample));
  return Math.round(clipped < 0 ? clipped * 0x8000 : clipped * 0x7fff);
}

/**
 * Lowers the sample rate: each output sample is the average of the input it covers (a box filter: a cheap
 * low-pass that keeps aliasing out of speech). Never raises it (upsampling adds no sound, only bytes): at or
 * below `toRate` the samples come back as they are, and the recorder writes the WAV at their own rate.
 */
export function resample(samples: Float32Array, fromRate: number, toRate: number): Float32Array {
  const ratio = fromRate / toRate;
  if (!(ratio > 1)) return samples;
  const output = new Float32Array(Math.round(samples.length / ratio));
  for (let index = 0; index < output.length; index += 1) {
    const start = Math.floor(index * ratio);
    const end = Math.min(samples.length, Math.max(start + 1, Math.floor((index + 1) * ratio)));
    let sum = 0;
    for (let source = start; source < end; source += 1) sum += samples[source]!;
    output[index] = sum / (end - start);
  }
  return output;
}
