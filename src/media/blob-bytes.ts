/**
 * Reading a few bytes of a Blob at a time. Files can be 100 MB; validation must never pull a whole file into
 * memory just to look at its first bytes. Fewer bytes come back at the end of the blob.
 */
export async function readBytes(blob: Blob, start: number, length: number): Promise<Uint8Array> {
  return new Uint8Array(await blob.slice(start, start + length).arrayBuffer());
}
