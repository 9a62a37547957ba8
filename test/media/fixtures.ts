/**
 * Real media bytes built in the tests, small but structurally complete, so the validation is exercised on what
 * browsers and decoders actually see. The still images decode in Chromium (checked once with createImageBitmap
 * when these builders were written); the video builders produce the container headers the service's formats
 * start with, followed by a little payload.
 */
import { deflateSync } from 'node:zlib';

export function bytes(...parts: Array<number[] | Uint8Array | string>): Uint8Array<ArrayBuffer> {
  const arrays = parts.map((part) =>
    typeof part === 'string' ? new TextEncoder().encode(part) : part instanceof Uint8Array ? part : Uint8Array.from(part),
  );
  const all = new Uint8Array(arrays.reduce((sum, array) => sum + array.length, 0));
  let offset = 0;
  for (const array of arrays) {
    all.set(array, offset);
    offset += array.length;
  }
  return all;
}

const u32be = (value: number): number[] => [(value >>> 24) & 255, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
const u32le = (value: number): number[] => [value & 255, (value >>> 8) & 255, (value >>> 16) & 255, (value >>> 24) & 255];
const u16le = (value: number): number[] => [value & 255, (value >>> 8) & 255];

// ---- PNG: signature, IHDR, IDAT (zlib), IEND, each chunk with its CRC-32 ----------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 255] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Uint8Array): Uint8Array<ArrayBuffer> {
  const typeAndData = bytes(type, data);
  return bytes(u32be(data.length), typeAndData, u32be(crc32(typeAndData)));
}

/** A grey 8-bit PNG of width x height, every pixel `grey`. */
export function png(width = 1, height = 1, grey = 0x80): Uint8Array<ArrayBuffer> {
  const ihdr = bytes(u32be(width), u32be(height), [8, 0, 0, 0, 0]);
  const rows = new Uint8Array(height * (width + 1));
  for (let row = 0; row < height; row += 1) rows.fill(grey, row * (width + 1) + 1, (row + 1) * (width + 1));
  return bytes(
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', new Uint8Array(deflateSync(rows))),
    pngChunk('IEND', new Uint8Array(0)),
  );
}

// ---- JPEG: baseline 8x8 grey; one block whose DC difference is 0 and AC is all zero ---------------------------

export function jpeg(): Uint8Array<ArrayBuffer> {
  const segment = (marker: number, body: number[] | Uint8Array): Uint8Array =>
    bytes([0xff, marker, ((body.length + 2) >> 8) & 255, (body.length + 2) & 255], body);
  return bytes(
    [0xff, 0xd8], // SOI
    segment(0xe0, bytes('JFIF', [0, 1, 1, 0, 0, 1, 0, 1, 0, 0])), // APP0 JFIF 1.1, aspect 1:1, no thumbnail
    segment(0xdb, bytes([0x00], new Uint8Array(64).fill(1))), // DQT table 0, all ones
    segment(0xc0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0]), // SOF0: 8-bit, 8x8, one component, table 0
    // DHT: DC table 0 and AC table 0, each a single 1-bit code for symbol 0 (DC category 0 / AC end-of-block)
    segment(0xc4, bytes([0x00, 1], new Uint8Array(15), [0x00])),
    segment(0xc4, bytes([0x10, 1], new Uint8Array(15), [0x00])),
    segment(0xda, [1, 1, 0x00, 0, 63, 0]), // SOS
    [0x3f], // bits 0 (DC diff 0), 0 (EOB), padded with ones
    [0xff, 0xd9], // EOI
  );
}

// ---- WEBP: RIFF/WEBP with a lossless (VP8L) 1x1 bitstream ----------------------------------------------------

/** The 1x1 lossless WebP browsers' feature tests use (e.g. Modernizr's webp-lossless check). */
const VP8L_1X1 = [0x2f, 0x00, 0x00, 0x00, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07];

export function webp(): Uint8Array<ArrayBuffer> {
  const chunk = bytes('VP8L', u32le(VP8L_1X1.length), VP8L_1X1, [0]); // 13 data bytes + a pad byte to even length
  return bytes('RIFF', u32le(4 + chunk.length), 'WEBP', chunk);
}

// ---- GIF: header, screen descriptor, colour tables, extensions, frames, trailer -------------------------------

function subBlocks(data: Uint8Array): Uint8Array<ArrayBuffer> {
  const parts: Uint8Array[] = [];
  for (let offset = 0; offset < data.length; offset += 255) {
    const piece = data.subarray(offset, offset + 255);
    parts.push(bytes([piece.length], piece));
  }
  return bytes(...parts, [0]);
}

export interface GifOptions {
  frames?: number;
  /** The NETSCAPE2.0 looping extension animated GIFs carry. */
  loop?: boolean;
  /** A comment extension before the first frame (its bytes may look like block introducers). */
  comment?: Uint8Array;
  /** Give each frame its own 2-colour local colour table. */
  localColourTables?: boolean;
  /** Leave out the trailer byte. */
  omitTrailer?: boolean;
}

/** A 1x1 GIF89a; each frame is the classic single-pixel LZW stream (code size 2: clear, 0, end). */
export function gif(options: GifOptions = {}): Uint8Array<ArrayBuffer> {
  const { frames = 1, loop = false, comment, localColourTables = false, omitTrailer = false } = options;
  const parts: Array<number[] | Uint8Array | string> = ['GIF89a', [1, 0, 1, 0, 0x80, 0, 0], [0, 0, 0, 255, 255, 255]];
  if (loop) parts.push([0x21, 0xff, 11], 'NETSCAPE2.0', [3, 1, 0, 0, 0]);
  if (comment) parts.push([0x21, 0xfe], subBlocks(comment));
  for (let frame = 0; frame < frames; frame += 1) {
    parts.push([0x21, 0xf9, 4, 0x04, 10, 0, 0, 0]); // graphic control: 100 ms delay
    parts.push([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, localColourTables ? 0x80 : 0]);
    if (localColourTables) parts.push([255, 0, 0, 0, 0, 255]);
    parts.push([2, 2, 0x44, 0x01, 0]);
  }
  if (!omitTrailer) parts.push([0x3b]);
  return bytes(...parts);
}

// ---- Video containers ----------------------------------------------------------------------------------------

/** An ISO base media file: ftyp box with `majorBrand`, then an empty free box and a small mdat. */
export function mp4(majorBrand = 'isom', compatible: string[] = ['isom', 'iso2', 'avc1', 'mp41']): Uint8Array<ArrayBuffer> {
  const ftyp = bytes(u32be(16 + 4 * compatible.length), 'ftyp', majorBrand, u32be(0x200), ...compatible);
  return bytes(ftyp, u32be(8), 'free', u32be(16), 'mdat', new Uint8Array(8));
}

function ebmlElement(id: number[], data: Uint8Array | number[] | string): Uint8Array<ArrayBuffer> {
  const body = bytes(data);
  if (body.length > 126) throw new RangeError('fixture EBML elements use 1-byte sizes');
  return bytes(id, [0x80 | body.length], body);
}

/** An EBML header (Matroska family) with the given DocType (none when null), then an unknown-size Segment. */
export function matroska(docType: string | null = 'matroska'): Uint8Array<ArrayBuffer> {
  const children = [
    ebmlElement([0x42, 0x86], [1]), // EBMLVersion
    ebmlElement([0x42, 0xf7], [1]), // EBMLReadVersion
    ebmlElement([0x42, 0xf2], [4]), // EBMLMaxIDLength
    ebmlElement([0x42, 0xf3], [8]), // EBMLMaxSizeLength
    ...(docType === null ? [] : [ebmlElement([0x42, 0x82], docType)]),
    ebmlElement([0x42, 0x87], [4]), // DocTypeVersion
    ebmlElement([0x42, 0x85], [2]), // DocTypeReadVersion
  ];
  const header = ebmlElement([0x1a, 0x45, 0xdf, 0xa3], bytes(...children));
  return bytes(header, [0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], new Uint8Array(16));
}

/** RIFF/AVI with the start of its hdrl list (main AVI header, 56 bytes). */
export function avi(): Uint8Array<ArrayBuffer> {
  const avih = bytes('avih', u32le(56), u32le(40_000), new Uint8Array(52));
  const hdrl = bytes('LIST', u32le(4 + avih.length), 'hdrl', avih);
  return bytes('RIFF', u32le(4 + hdrl.length), 'AVI ', hdrl);
}

/** FLV header (version 1, audio + video) and PreviousTagSize0. */
export function flv(): Uint8Array<ArrayBuffer> {
  return bytes('FLV', [1, 0x05], u32be(9), u32be(0));
}

/** MPEG program stream pack header (00 00 01 BA, MPEG-2 form) or video sequence header (00 00 01 B3). */
export function mpeg(start: 'pack' | 'sequence' = 'pack'): Uint8Array<ArrayBuffer> {
  return start === 'pack'
    ? bytes([0, 0, 1, 0xba, 0x44, 0, 4, 0, 4, 1, 0x01, 0x89, 0xc3, 0xf8], [0, 0, 1, 0xb9])
    : bytes([0, 0, 1, 0xb3, 0x14, 0x00, 0xf0, 0x13, 0xff, 0xff, 0xe0, 0x18], [0, 0, 1, 0xb7]);
}

/** RIFF/WAVE header as encodeWav writes it, for `dataBytes` of 16-bit mono audio (no samples); 16 kHz unless told. */
export function wavHeader(dataBytes: number, sampleRate = 16_000): Uint8Array<ArrayBuffer> {
  return bytes(
    'RIFF', u32le(36 + dataBytes), 'WAVE',
    'fmt ', u32le(16), u16le(1), u16le(1), u32le(sampleRate), u32le(sampleRate * 2), u16le(2), u16le(16),
    'data', u32le(dataBytes),
  );
}

/** A File (Node 20 has the global) with a name and a browser-style MIME guess. */
export function file(content: Uint8Array<ArrayBuffer> | Blob, name: string, type = ''): File {
  return new File([content], name, { type });
}

/** `head` followed by zeros up to exactly `totalBytes`. */
export function padded(head: Uint8Array<ArrayBuffer>, totalBytes: number): Blob {
  return new Blob([head, new Uint8Array(totalBytes - head.length)]);
}
