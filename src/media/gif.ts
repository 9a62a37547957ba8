import { readBytes } from './blob-bytes.js';

const EXTENSION_INTRODUCER = 0x21;
const IMAGE_SEPARATOR = 0x2c;
const TRAILER = 0x3b;

/** Bytes of the colour table a GIF's packed fields announce (global after the screen descriptor, or local). */
const colourTableBytes = (packedFields: number): number => (packedFields & 0x80 ? 3 << ((packedFields & 7) + 1) : 0);

/**
 * What is wrong with a GIF for the service: 'animated' (a second frame), 'damaged' (no frame, or an unknown block
 * or data cut inside a frame), or undefined for a still image. Walks the block structure (GIF89a specification):
 * header and logical screen descriptor (13 bytes), optional global colour table, then extension blocks (0x21) and
 * image descriptors (0x2C: 10 bytes, optional local colour table, LZW code size, data sub-blocks) until the
 * trailer (0x3B). Reads the file in 64 KB windows and stops at the second frame, so a large animated GIF is
 * recognised without reading it whole.
 */
export async function gifProblem(blob: Blob): Promise<'animated' | 'damaged' | undefined> {
  let windowStart = 0;
  let loaded: Uint8Array = new Uint8Array(0);
  /** The byte at `position`; undefined past the end of the file. */
  const byteAt = async (position: number): Promise<number | undefined> => {
    if (position < windowStart || position >= windowStart + loaded.length) {
      loaded = await readBytes(blob, position, 64 * 1024);
      windowStart = position;
    }
    return loaded[position - windowStart];
  };
  /** Skips a chain of data sub-blocks: the position after its terminator, or NaN when the file ends first. */
  const skipSubBlocks = async (position: number): Promise<number> => {
    for (let length; (length = await byteAt(position)) !== 0; position += 1 + length) {
      if (length === undefined) return Number.NaN;
    }
    return position + 1;
  };

  let frames = 0;
  let position = 13 + colourTableBytes((await byteAt(10)) ?? 0);
  while (position >= 0) {
    const introducer = await byteAt(position);
    // A file that ends cleanly between blocks without a trailer is common and still decodes.
    if (introducer === undefined || introducer === TRAILER) return frames === 0 ? 'damaged' : undefined;
    if (introducer === EXTENSION_INTRODUCER) {
      position = await skipSubBlocks(position + 2);
    } else if (introducer === IMAGE_SEPARATOR) {
      if (++frames > 1) return 'animated';
      // + the 10-byte descriptor, its local colour table and the LZW minimum code size byte.
      position = await skipSubBlocks(position + 11 + colourTableBytes((await byteAt(position + 9)) ?? 0));
    } else {
      return 'damaged';
    }
  }
  return 'damaged';
}
