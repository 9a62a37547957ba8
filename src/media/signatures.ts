/**
 * Content signatures ("magic numbers") of the formats the service takes. Anything else (WebM, QuickTime, HEIC,
 * MP3...) is simply not one of them: the rejection names the formats that are accepted, which is what a person
 * needs to fix it. Pure functions over the first bytes of a file; no I/O.
 */
export type MediaKind = 'image' | 'audio' | 'video';
export type DetectedFormat = 'png' | 'jpeg' | 'webp' | 'gif' | 'wav' | 'mp4' | 'mkv' | 'avi' | 'flv' | 'mpeg';

export interface FormatInfo {
  kind: MediaKind;
  mimeType: string;
  /** File-name extensions the service recognises for this format; the first is the one to add. */
  extensions: readonly string[];
}

export const FORMATS: Readonly<Record<DetectedFormat, FormatInfo>> = {
  png: { kind: 'image', mimeType: 'image/png', extensions: ['png'] },
  jpeg: { kind: 'image', mimeType: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  webp: { kind: 'image', mimeType: 'image/webp', extensions: ['webp'] },
  gif: { kind: 'image', mimeType: 'image/gif', extensions: ['gif'] },
  wav: { kind: 'audio', mimeType: 'audio/wav', extensions: ['wav'] },
  mp4: { kind: 'video', mimeType: 'video/mp4', extensions: ['mp4', 'm4v'] },
  mkv: { kind: 'video', mimeType: 'video/x-matroska', extensions: ['mkv'] },
  avi: { kind: 'video', mimeType: 'video/x-msvideo', extensions: ['avi'] },
  flv: { kind: 'video', mimeType: 'video/x-flv', extensions: ['flv'] },
  mpeg: { kind: 'video', mimeType: 'video/mpeg', extensions: ['mpg', 'mpeg'] },
};

export type Detection =
  | { format: DetectedFormat }
  /** Starts with an EBML header: Matroska or WebM, decided by its DocType (see readMatroskaDocType). */
  | { ebml: true }
  | { unknown: true };

/** How many leading bytes detectSignature needs. */
export const SIGNATURE_BYTES = 32;

function ascii(bytes: Uint8Array, start: number, length: number): string {
  let text = '';
  for (let index = start; index < start + length && index < bytes.length; index += 1) {
    text += String.fromCharCode(bytes[index] ?? 0);
  }
  return text;
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((value, index) => bytes[offset + index] === value);
}

/**
 * ISO base media files (MP4 and relatives) all start with an ftyp box; its major brand tells MP4 video apart from
 * QuickTime movies (qt), HEIF/HEIC/AVIF still images, audio-only M4A/M4B/M4P/F4A/F4B and camera raw (crx), none
 * of which the service takes. Any other brand (isom, mp41, mp42, avc1, iso2, dash, 3gp*, M4V...) is taken as MP4.
 */
const NON_MP4_BRAND = /^(?:qt {2}|hei[cmsx]|hev[cx]|m[is]f1|avi[fs]|[MF]4[ABP] |crx )$/;

function detectIsoMedia(head: Uint8Array): Detection {
  const boxSize = ((head[0] ?? 0) << 24 | (head[1] ?? 0) << 16 | (head[2] ?? 0) << 8 | (head[3] ?? 0)) >>> 0;
  // An ftyp box holds at least a major brand and a minor version; size 1 means a 64-bit size follows.
  if (boxSize !== 1 && boxSize < 16) return { unknown: true };
  return NON_MP4_BRAND.test(ascii(head, 8, 4)) ? { unknown: true } : { format: 'mp4' };
}

function detectRiff(head: Uint8Array): Detection {
  const form = ascii(head, 8, 4);
  if (form === 'WAVE') return { format: 'wav' };
  if (form === 'AVI ') return { format: 'avi' };
  if (form === 'WEBP') {
    const chunk = ascii(head, 12, 4);
    return chunk === 'VP8 ' || chunk === 'VP8L' || chunk === 'VP8X' ? { format: 'webp' } : { unknown: true };
  }
  return { unknown: true };
}

export function detectSignature(head: Uint8Array): Detection {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { format: 'png' };
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { format: 'jpeg' };
  const first6 = ascii(head, 0, 6);
  if (first6 === 'GIF87a' || first6 === 'GIF89a') return { format: 'gif' };
  if (ascii(head, 0, 4) === 'RIFF') return detectRiff(head);
  if (ascii(head, 4, 4) === 'ftyp') return detectIsoMedia(head);
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return { ebml: true };
  if (startsWith(head, [0x46, 0x4c, 0x56, 0x01])) return { format: 'flv' };
  if (startsWith(head, [0x00, 0x00, 0x01, 0xba]) || startsWith(head, [0x00, 0x00, 0x01, 0xb3])) {
    return { format: 'mpeg' };
  }
  return { unknown: true };
}

// ---- EBML (Matroska/WebM) header -------------------------------------------------------------------------

const EBML_HEADER_ID = 0x1a45dfa3;
const DOCTYPE_ID = 0x4282;
/** The EBML header is a few dozen bytes; more than this is not a real header. */
export const EBML_HEADER_MAX_BYTES = 1024;

interface VarInt {
  value: number;
  length: number;
}

/** An EBML variable-size integer: the count of leading zero bits gives its length (1 to 8 bytes). */
function readVarInt(bytes: Uint8Array, position: number, keepMarker: boolean): VarInt | null {
  const first = bytes[position];
  if (first === undefined || first === 0) return null;
  let length = 1;
  while ((first & (0x80 >> (length - 1))) === 0) length += 1;
  if (position + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let index = 1; index < length; index += 1) value = value * 256 + (bytes[position + index] ?? 0);
  return { value, length };
}

/**
 * The DocType of an EBML header ("matroska", "webm"...), or null when the bytes are not a well-formed EBML
 * header. A header without a DocType element means "matroska", its default in the EBML specification.
 */
export function readMatroskaDocType(bytes: Uint8Array): string | null {
  const headerId = readVarInt(bytes, 0, true);
  if (headerId === null || headerId.value !== EBML_HEADER_ID) return null;
  const headerSize = readVarInt(bytes, headerId.length, false);
  if (headerSize === null) return null;
  let position = headerId.length + headerSize.length;
  const end = Math.min(bytes.length, position + headerSize.value);
  while (position < end) {
    const id = readVarInt(bytes, position, true);
    if (id === null) return null;
    const size = readVarInt(bytes, position + id.length, false);
    if (size === null) return null;
    const dataStart = position + id.length + size.length;
    if (dataStart + size.value > end) return null;
    if (id.value === DOCTYPE_ID) return ascii(bytes, dataStart, size.value).replace(/\0+$/, '');
    position = dataStart + size.value;
  }
  return 'matroska';
}

/** Bytes to read so that the whole EBML header is present: its id, its size field and its content. */
export function ebmlHeaderLength(head: Uint8Array): number | null {
  const headerSize = readVarInt(head, 4, false);
  return headerSize === null ? null : 4 + headerSize.length + headerSize.value;
}
