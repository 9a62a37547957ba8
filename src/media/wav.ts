/**
 * PCM WAV encoding in the browser: the service takes WAV only, and browsers' own recorders give WebM or Ogg.
 *
 * Push-to-talk records at 16 kHz mono (SPEECH_SAMPLE_RATE): speech recognisers work at 16 kHz and speech carries
 * little above 8 kHz, so this is a third of a 48 kHz upload (32 KB a second, 1.9 MB a minute) with nothing lost
 * for understanding.
 */
export const SPEECH_SAMPLE_RATE = 16_000;

const HEADER_BYTES = 44;
const BYTES_PER_SAMPLE = 2;

/**
 * A 16-bit little-endian PCM WAV (RIFF/WAVE, one "fmt " and one "data" chunk). `samples` is one Float32Array
 * per channel (or a single one for mono), values in [-1, 1]; louder values are clipped.
 */
export function encodeWav(samples: Float32Array[] | Float32Array, sampleRate: number): Blob {
  const channels = samples instanceof Float32Array ? [samples] : samples;
  if (channels.length === 0) throw new RangeError('encodeWav needs at least one channel.');
  if (!Number.isInteger(sampleRate) || sampleRate <= 0) {
    throw new RangeError(`encodeWav needs a positive whole sample rate, got ${sampleRate}.`);
  }
  const frames = channels[0]?.length ?? 0;
  if (channels.some((channel) => channel.length !== frames)) {
    throw new RangeError('encodeWav needs channels of equal length.');
  }

  const channelCount = channels.length;
  const blockAlign = channelCount * BYTES_PER_SAMPLE;
  const dataBytes = frames * blockAlign;
  const buffer = new ArrayBuffer(HEADER_BYTES + dataBytes);
  const view = new DataView(buffer);
  const writeAscii = (offset: number, text: string): void => {
    for (let index = 0; index < text.length; index += 1) view.setUint8(offset + index, text.charCodeAt(index));
  };

  writeAscii(0, 'RIFF');
  view.setUint32(4, HEADER_BYTES - 8 + dataBytes, true);
  writeAscii(8, 'WAVE');
  writeAscii(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size for PCM
  view.setUint16(20, 1, true); // audio format 1 = PCM
  view.setUint16(22, channelCount, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * blockAlign, true); // byte rate
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, BYTES_PER_SAMPLE * 8, true);
  writeAscii(36, 'data');
  view.setUint32(40, dataBytes, true);

  let offset = HEADER_BYTES;
  for (let frame = 0; frame < frames; frame += 1) {
    for (const channel of channels) {
      view.setInt16(offset, floatToInt16(channel[frame] ?? 0), true);
      offset += BYTES_PER_SAMPLE;
    }
  }
  return new Blob([buffer], { type: 'audio/wav' });
}

/** [-1, 1] to a 16-bit sample; the asymmetric scale maps -1 to -32768 and 1 to 32767 exactly. */
export function floatToInt16(sample: number): number {
  const clipped = Number.isNaN(sample) ? 0 : Math.max(-1, Math.min(1, sample));
  return Math.round(clipped < 0 ? clipped * 0x8000 : clipped * 0x7fff);
}

/** The average of the channels: one mono signal. */
export function downmixToMono(channels: readonly Float32Array[]): Float32Array {
  const first = channels[0];
  if (first === undefined) return new Float32Array(0);
  if (channels.length === 1) return first;
  const mono = new Float32Array(first.length);
  for (const channel of channels) {
    for (let index = 0; index < mono.length; index += 1) mono[index] = (mono[index] ?? 0) + (channel[index] ?? 0);
  }
  for (let index = 0; index < mono.length; index += 1) mono[index] = (mono[index] ?? 0) / channels.length;
  return mono;
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
