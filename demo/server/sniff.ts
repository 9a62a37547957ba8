/**
 * File types judged by content, never by name (service-api.md 4.2 file rules): the first bytes decide the type;
 * GIFs are walked to count their frames (animated GIFs are refused); WAV headers give the recording's length.
 */

export type MediaKind = 'image' | 'audio' | 'video';
export type MediaFormat = 'PNG' | 'JPEG' | 'WEBP' | 'GIF' | 'WAV' | 'MP4' | 'MKV' | 'AVI' | 'FLV' | 'MPEG';

export interface MediaType {
  kind: MediaKind;
  format: MediaFormat;
  mime: string;
}

/** How many leading bytes sniffMediaType needs. */
export const SNIFF_BYTES = 16;

export const ACCEPTED_TYPES_TEXT =
  'images PNG, JPEG, WEBP or non-animated GIF; audio WAV; video MP4, MKV, AVI, FLV or MPEG';

const IMAGE_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1', 'avif', 'avis']);
const AUDIO_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ', 'F4A ']);

/** The accepted type of a file from its first SNIFF_BYTES bytes, or a reason it is refused. */
export function sniffMediaType(head: Uint8Array): MediaType | { refused: string } {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  const startsWith = (...bytes: number[]) => bytes.every((byte, index) => head[index] === byte);

  if (startsWith(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return image('PNG', 'image/png');
  if (startsWith(0xff, 0xd8, 0xff)) return image('JPEG', 'image/jpeg');
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return image('GIF', 'image/gif');
  if (ascii(0, 4) === 'RIFF') {
    const form = ascii(8, 12);
    if (form === 'WEBP') return image('WEBP', 'image/webp');
    if (form === 'WAVE') return { kind: 'audio', format: 'WAV', mime: 'audio/wav' };
    if (form === 'AVI ') return video('AVI', 'video/x-msvideo');
    return { refused: `a RIFF file of form "${form.trim()}" is not accepted` };
  }
  if (ascii(4, 8) === 'ftyp') {
    const brand = ascii(8, 12);
    if (IMAGE_BRANDS.has(brand)) return { refused: 'HEIC/AVIF images are not accepted' };
    if (AUDIO_BRANDS.has(brand)) return { refused: 'M4A audio is not accepted (audio must be WAV)' };
    if (brand === 'qt  ') return { refused: 'QuickTime MOV video is not accepted' };
    return video('MP4', 'video/mp4');
  }
  if (startsWith(0x1a, 0x45, 0xdf, 0xa3)) return video('MKV', 'video/x-matroska');
  if (ascii(0, 3) === 'FLV' && head[3] === 0x01) return video('FLV', 'video/x-flv');
  if (startsWith(0x00, 0x00, 0x01, 0xba) || startsWith(0x00, 0x00, 0x01, 0xb3)) return video('MPEG', 'video/mpeg');
  return { refused: describeOther(head, ascii) };
}

function image(format: MediaFormat, mime: string): MediaType {
  return { kind: 'image', format, mime };
}

function video(format: MediaFormat, mime: string): MediaType {
  return { kind: 'video', format, mime };
}

function describeOther(head: Uint8Array, ascii: (from: number, to: number) => string): string {
  if (ascii(0, 4) === '%PDF') return 'a PDF document is not accepted';
  if (ascii(0, 2) === 'PK') return 'a ZIP archive (or Office document) is not accepted';
  if (ascii(0, 3) === 'ID3' || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0)) {
    return 'MP3 audio is not accepted (audio must be WAV)';
  }
  if (ascii(0, 4) === 'OggS') return 'Ogg audio/video is not accepted';
  if (ascii(0, 4) === 'fLaC') return 'FLAC audio is not accepted (audio must be WAV)';
  if (head.length === 0) return 'the file is empty';
  return 'the content is not a recognised file type';
}

/**
 * Counts the image frames of a GIF by walking its blocks. A damaged or truncated file counts the frames found
 * before the damage; the walk stops early once a second frame proves the GIF animated.
 */
export function countGifFrames(bytes: Uint8Array): number {
  let frames = 0;
  let pos = 13;
  const packed = bytes[10] ?? 0;
  if (packed & 0x80) pos += 3 * 2 ** ((packed & 0x07) + 1);
  const skipSubBlocks = () => {
    while (pos < bytes.length) {
      const size = bytes[pos] ?? 0;
      pos += 1;
      if (size === 0) return;
      pos += size;
    }
  };
  while (pos < bytes.length) {
    const marker = bytes[pos];
    if (marker === 0x3b) break;
    if (marker === 0x21) {
      pos += 2;
      skipSubBlocks();
    } else if (marker === 0x2c) {
      frames += 1;
      if (frames > 1) break;
      const localPacked = bytes[pos + 9] ?? 0;
      pos += 10;
      if (localPacked & 0x80) pos += 3 * 2 ** ((localPacked & 0x07) + 1);
      pos += 1;
      skipSubBlocks();
    } else {
      break;
    }
  }
  return frames;
}

export interface WavInfo {
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  durationSeconds: number;
}

/**
 * Reads the fmt and data chunks of a RIFF/WAVE file from its leading bytes. The data length falls back to the
 * file's size when a streaming recorder left the header's length unset.
 */
export function readWavInfo(head: Uint8Array, totalSize: number): WavInfo | { refused: string } {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  let pos = 12;
  let format: Omit<WavInfo, 'durationSeconds'> & { byteRate: number } | undefined;
  while (pos + 8 <= head.length) {
    const id = String.fromCharCode(...head.subarray(pos, pos + 4));
    const size = view.getUint32(pos + 4, true);
    const dataStart = pos + 8;
    if (id === 'fmt ') {
      if (dataStart + 16 > head.length) break;
      format = {
        channels: view.getUint16(dataStart + 2, true),
        sampleRate: view.getUint32(dataStart + 4, true),
        byteRate: view.getUint32(dataStart + 8, true),
        bitsPerSample: view.getUint16(dataStart + 14, true),
      };
    } else if (id === 'data') {
      if (!format || format.byteRate === 0) return { refused: 'the WAV file has no usable fmt chunk before its data' };
      const available = Math.max(0, totalSize - dataStart);
      const dataBytes = size === 0 || size > available ? available : size;
      const { byteRate, ...rest } = format;
      return { ...rest, durationSeconds: dataBytes / byteRate };
    }
    pos = dataStart + size + (size % 2);
  }
  return { refused: 'the WAV file has no fmt and data chunks where expected' };
}
