/**
 * Reading a few bytes of a Blob at a time. Files can be 100 MB; validation must never pull a whole file into
 * memory just to look at its first bytes.
 */
export async function readBytes(blob: Blob, start: number, length: number): Promise<Uint8Array> {
  const end = Math.min(blob.size, start + length);
  if (end <= start) return new Uint8Array(0);
  return new Uint8Array(await blob.slice(start, end).arrayBuffer());
}

const WINDOW_BYTES = 64 * 1024;

/**
 * Sequential reads through a Blob in 64 KB windows, for formats that have to be walked block by block (GIF).
 * `has` is synchronous so a walker only awaits when it crosses a window boundary.
 */
export class BlobWindow {
  private windowStart = 0;
  private bytes: Uint8Array = new Uint8Array(0);

  constructor(private readonly blob: Blob) {}

  get size(): number {
    return this.blob.size;
  }

  /** True when [position, position + length) is in the loaded window. */
  has(position: number, length: number): boolean {
    return position >= this.windowStart && position + length <= this.windowStart + this.bytes.length;
  }

  /** Loads a window starting at `position` covering at least `length` bytes (fewer at the end of the blob). */
  async load(position: number, length: number): Promise<void> {
    this.bytes = await readBytes(this.blob, position, Math.max(length, WINDOW_BYTES));
    this.windowStart = position;
  }

  /** Makes [position, position + length) readable; false when the blob ends before that. */
  async ensure(position: number, length: number): Promise<boolean> {
    if (position + length > this.blob.size) return false;
    if (!this.has(position, length)) await this.load(position, length);
    return true;
  }

  /** The byte at `position`; call ensure/has first. */
  byte(position: number): number {
    return this.bytes[position - this.windowStart] ?? 0;
  }
}
