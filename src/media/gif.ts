import { BlobWindow } from './blob-bytes';

/**
 * Counts the frames (image descriptors) of a GIF by walking its block structure (GIF89a specification):
 * header, logical screen descriptor, optional global colour table, then extension blocks (0x21) and image
 * descriptors (0x2C, optional local colour table, LZW code size, data sub-blocks) until the trailer (0x3B).
 * Stops as soon as `stopAfter` frames are seen, so an animated GIF is recognised without reading it whole.
 */
export interface GifWalk {
  /** Frames seen, at most `stopAfter`. */
  frames: number;
  /** The structure broke: an unknown block, or the data ends inside a block. */
  damaged: boolean;
}

const HEADER_AND_SCREEN_DESCRIPTOR = 13;
const IMAGE_DESCRIPTOR = 10;
const EXTENSION_INTRODUCER = 0x21;
const IMAGE_SEPARATOR = 0x2c;
const TRAILER = 0x3b;

function colourTableBytes(packedFields: number): number {
  return (packedFields & 0x80) === 0 ? 0 : 3 * (1 << ((packedFields & 0x07) + 1));
}

export async function walkGif(blob: Blob, stopAfter = 2): Promise<GifWalk> {
  const data = new BlobWindow(blob);
  let frames = 0;
  const damaged = (): GifWalk => ({ frames, damaged: true });
  const readable = async (position: number, length: number): Promise<boolean> =>
    data.has(position, length) || (await data.ensure(position, length));

  /** Skips a chain of data sub-blocks; returns the position after the terminator, or -1 when truncated. */
  const skipSubBlocks = async (start: number): Promise<number> => {
    let position = start;
    for (;;) {
      if (!(await readable(position, 1))) return -1;
      const length = data.byte(position);
      position += 1 + length;
      if (length === 0) return position;
    }
  };

  if (!(await readable(0, HEADER_AND_SCREEN_DESCRIPTOR))) return damaged();
  let position = HEADER_AND_SCREEN_DESCRIPTOR + colourTableBytes(data.byte(10));

  for (;;) {
    // A file that ends cleanly between blocks without a trailer is common and still decodes.
    if (!(await readable(position, 1))) return { frames, damaged: frames === 0 };
    const introducer = data.byte(position);
    if (introducer === TRAILER) return { frames, damaged: frames === 0 };
    if (introducer === EXTENSION_INTRODUCER) {
      position = await skipSubBlocks(position + 2);
    } else if (introducer === IMAGE_SEPARATOR) {
      frames += 1;
      if (frames >= stopAfter) return { frames, damaged: false };
      if (!(await readable(position, IMAGE_DESCRIPTOR + 1))) return damaged();
      position += IMAGE_DESCRIPTOR + colourTableBytes(data.byte(position + 9));
      position = await skipSubBlocks(position + 1); // + the LZW minimum code size byte
    } else {
      return damaged();
    }
    if (position < 0) return damaged();
  }
}
