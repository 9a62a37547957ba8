/**
 * Object URLs for previews (image thumbnails, the audio player of a recording) with an owner that revokes them:
 * every URL made through a registry is revoked by `revoke(blob)` or `revokeAll()`, so removing a draft item or
 * closing the panel never leaks the file's memory. One registry per widget (no module-level state).
 */
export interface ObjectUrlApi {
  createObjectURL(blob: Blob): string;
  revokeObjectURL(url: string): void;
}

export interface ObjectUrlRegistry {
  /** The URL for `blob`; the same blob always gets the same URL until it is revoked. */
  urlFor(blob: Blob): string;
  /** Revokes the URL of `blob`, if it has one. */
  revoke(blob: Blob): void;
  /** Revokes every URL this registry made (call on panel close / widget destroy). */
  revokeAll(): void;
  /** How many URLs are live. */
  readonly size: () => number;
}

export function createObjectUrlRegistry(urlApi: ObjectUrlApi = URL): ObjectUrlRegistry {
  const urls = new Map<Blob, string>();
  return {
    urlFor(blob) {
      let url = urls.get(blob);
      if (url === undefined) {
        url = urlApi.createObjectURL(blob);
        urls.set(blob, url);
      }
      return url;
    },
    revoke(blob) {
      const url = urls.get(blob);
      if (url === undefined) return;
      urls.delete(blob);
      urlApi.revokeObjectURL(url);
    },
    revokeAll() {
      for (const url of urls.values()) urlApi.revokeObjectURL(url);
      urls.clear();
    },
    size: () => urls.size,
  };
}
