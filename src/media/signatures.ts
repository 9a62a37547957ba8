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

/** Each format's MIME type (whose major part is its kind), then its extensions. */
const FORMAT_TYPES: Readonly<Record<DetectedFormat, string>> = {
  png: 'image/png png',
  jpeg: 'image/jpeg jpg jpeg',
  webp: 'image/webp webp',
  gif: 'image/gif gif',
  wav: 'audio/wav wav',
  mp4: 'video/mp4 mp4 m4v',
  mkv: 'video/x-matroska mkv',
  avi: 'video/x-msvideo avi',
  flv: 'video/x-flv flv',
  mpeg: 'video/mpeg mpg mpeg',
};

export function formatInfo(format: DetectedFormat): FormatInfo {
  const [mimeType, ...extensions] = FORMAT_TYPES[format].split(' ') as [string, ...string[]];
  return { kind: mimeType.split('/')[0] as MediaKind, mimeType, extensions };
}

/** How many leading bytes detectSignature needs. */
export const SIGNATURE_BYTES = 32;

/** One character per byte, so signatures can be matched as text. */
const latin1 = (bytes: Uint8Array): string => String.fromCharCode(...bytes);

/** Signatures of the first bytes, read as Latin-1 text. 'ebml': Matroska or WebM, told apart by the DocType. */
const SIGNATURES: ReadonlyArray<readonly [RegExp, DetectedFormat | 'ebml']> = [
  [/^\x89PNG\r\n\x1a\n/, 'png'],
  [/^\xff\xd8\xff/, 'jpeg'],
  [/^GIF8[79]a/, 'gif'],
  [/^RIFF....WAVE/s, 'wav'],
  [/^RIFF....AVI /s, 'avi'],
  // Lossy, lossless and extended WebP; RIFF/WEBP with any other first chunk is no image a browser decodes.
  [/^RIFF....WEBPVP8[ LX]/s, 'webp'],
  [/^\x1aE\xdf\xa3/, 'ebml'],
  [/^FLV\x01/, 'flv'],
  // An MPEG program stream pack header or a video sequence header.
  [/^\0\0\x01[\xba\xb3]/, 'mpeg'],
];

/**
 * ISO base media files (MP4 and relatives) all start with an ftyp box; its major brand tells MP4 video apart from
 * QuickTime movies (qt), HEIF/HEIC/AVIF still images, audio-only M4A/M4B/M4P/F4A/F4B and camera raw (crx), none
 * of which the service takes. Any other brand (isom, mp41, mp42, avc1, iso2, dash, 3gp*, M4V...) is taken as MP4.
 */
const NON_MP4_BRAND = /^(?:qt {2}|hei[cmsx]|hev[cx]|m[is]f1|avi[fs]|[MF]4[ABP] |crx )$/;

/** The format the first SIGNATURE_BYTES bytes show, 'ebml' for the Matroska family, or undefined. */
export function detectSignature(head: Uint8Array): DetectedFormat | 'ebml' | undefined {
  const text = latin1(head);
  const known = SIGNATURES.find(([signature]) => signature.test(text));
  if (known !== undefined) return known[1];
  if (text.slice(4, 8) !== 'ftyp') return undefined;
  // An ftyp box holds at least a major brand and a minor version (16 bytes); size 1 means a 64-bit size follows.
  const boxSize = new DataView(head.buffer, head.byteOffset, head.length).getUint32(0);
  return (boxSize === 1 || boxSize >= 16) && !NON_MP4_BRAND.test(text.slice(8, 12)) ? 'mp4' : undefined;
}

// ---- EBML (Matroska/WebM) header -------------------------------------------------------------------------

/** The EBML header is a few dozen bytes; more than this is not a real header. */
export const EBML_HEADER_MAX_BYTES = 1024;

/**
 * The EBML variable-size integer at `position` as [value, byte length]: the leading zero bits of its first byte
 * give its length (1 to 8). An element id keeps its length marker bit. Throws a bare RangeError when malformed or
 * cut off: both callers catch it and answer "not a header".
 */
function varInt(bytes: Uint8Array, position: number, isId?: boolean): [number, number] {
  const first = bytes[position] ?? 0;
  const length = Math.clz32(first) - 23;
  if (length > 8 || position + length > bytes.length) throw new RangeError();
  let value = isId ? first : first & (0xff >> length);
  for (let index = 1; index < length; index += 1) value = value * 256 + bytes[position + index]!;
  return [value, length];
}

/** Bytes to read so that the whole EBML header is present (its 4-byte id, its size and its content), or NaN. */
export function ebmlHeaderLength(head: Uint8Array): number {
  try {
    const [size, length] = varInt(head, 4);
    return 4 + length + size;
  } catch {
    return Number.NaN;
  }
}

/**
 * The DocType ("matroska", "webm"...) of the EBML header `header` holds (as read for ebmlHeaderLength), or null
 * when it is not well formed. A header without a DocType element means "matroska", its default in the EBML
 * specification.
 */
export function readMatroskaDocType(header: Uint8Array): string | null {
  try {
    let position = 4 + varInt(header, 4)[1];
    while (position < header.length) {
      const [id, idLength] = varInt(header, position, true);
      const [size, sizeLength] = varInt(header, position + idLength);
      const start = position + idLength + sizeLength;
      position = start + size;
      if (position > header.length) return null;
      if (id === 0x4282) return latin1(header.subarray(start, position)).replace(/\0+$/, '');
    }
    return 'matroska';
  } catch {
    return null;
  }
}
