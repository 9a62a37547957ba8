/**
 * Uploads: the whole flow (pre-upload URL, PUT of the bytes with the file's Content-Type, finish) over fetch, as
 * in Node, and putFile over an XMLHttpRequest, as in a browser, for its progress events and abort.
 */
import { describe, expect, test, vi } from 'vitest';
import { createClient, type UploadProgress } from '../../src/api';
import { REQUEST_TIMEOUT_MS } from '../../src/api/time-limit';
import { bytes, createFakeFetch, envelopeResponse, jsonResponse, envelope, streamResponse, type RecordedRequest } from '../helpers/fake-fetch';
import { outcomeOf } from '../helpers/outcome';

const BASE = 'https://chat.example';
const PNG_BYTES = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4);

function pngFile(): Blob & { name: string } {
  return Object.assign(new Blob([PNG_BYTES], { type: 'image/png' }), { name: 'kitchen.png' });
}

function uploadService(putAnswer: (request: RecordedRequest) => Response | Promise<Response> = () => new Response(null, { status: 200 }), finishData: unknown = 1) {
  return createFakeFetch((request) => {
    if (request.url.endsWith('/chat/User/GetPreUploadUrl')) return envelopeResponse({ FileStoreId: 31, PreUploadUrl: '/upload/31?token=abc' });
    if (request.url.endsWith('/chat/User/FinishUpload')) return envelopeResponse(finishData);
    if (request.method === 'PUT') return putAnswer(request);
    return new Response('not found', { status: 404 });
  });
}

describe('uploadFile over fetch (no XMLHttpRequest, as in Node)', () => {
  test('pre-upload, PUT with the Content-Type, finish; resolves with the FileStoreId', async () => {
    const fake = uploadService();
    const client = createClient({ baseUrl: BASE, fetch: fake.fetch, sessionKey: 'sk', secretKey: 'secret', xhr: null });
    const progress: UploadProgress[] = [];
    await expect(client.uploadFile(pngFile(), { onProgress: (p) => progress.push(p) })).resolves.toBe(31);
    const [pre, put, finish] = fake.requests;
    expect(fake.requests).toHaveLength(3);
    expect(JSON.parse(pre?.bodyText ?? '')).toEqual({ fileName: 'kitchen.png' });
    expect(put).toMatchObject({ method: 'PUT', url: 'https://chat.example/upload/31?token=abc' });
    expect(put?.headers['content-type']).toBe('image/png');
    expect(put?.headers.authorization).toBeUndefined();
    expect(put?.headers['chatrobot-sessionkey']).toBeUndefined();
    expect(put?.bodyBytes).toEqual(PNG_BYTES);
    expect(finish?.url).toBe('https://chat.example/chat/User/FinishUpload');
    expect(JSON.parse(finish?.bodyText ?? '')).toEqual({ FileStoreId: 31 });
    expect(progress).toEqual([{ loaded: PNG_BYTES.length, total: PNG_BYTES.length }]);
  });

  test('a file without a name or type is sent as application/octet-stream under a default name', async () => {
    const fake = uploadService();
    const client = createClient({ baseUrl: BASE, fetch: fake.fetch, xhr: null });
    await client.uploadFile(new Blob(['hello']));
    expect(JSON.parse(fake.requests[0]?.bodyText ?? '')).toEqual({ fileName: 'upload' });
    expect(fake.requests[1]?.headers['content-type']).toBe('application/octet-stream');
  });

  test('a refused PUT is an http error with the service message, and finish is never called', async () => {
    const fake = uploadService(() => jsonResponse(envelope(null, { Success: false, Code: 413, Message: 'Images may be at most 20 MB.' }), 413));
    const client = createClient({ baseUrl: BASE, fetch: fake.fetch, xhr: null });
    await expect(client.uploadFile(pngFile())).rejects.toMatchObject({ kind: 'http', status: 413, operation: 'putFile', serviceMessage: 'Images may be at most 20 MB.' });
    expect(fake.requests).toHaveLength(2);
  });

  test('a 200 PUT whose envelope says Success false is a business error', async () => {
    const fake = uploadService(() => jsonResponse(envelope(null, { Success: false, Code: 415, Message: 'Only PNG, JPEG, WEBP and GIF images.' })));
    const client = createClient({ baseUrl: BASE, fetch: fake.fetch, xhr: null });
    await expect(client.uploadFile(pngFile())).rejects.toMatchObject({ kind: 'business', code: 415, message: 'Only PNG, JPEG, WEBP and GIF images.' });
  });

  test('a network failure during the PUT', async () => {
    const fake = uploadService(() => Promise.reject(new TypeError('fetch failed')));
    const client = createClient({ baseUrl: BASE, fetch: fake.fetch, xhr: null });
    await expect(client.uploadFile(pngFile())).rejects.toMatchObject({ kind: 'network', operation: 'putFile' });
  });

  test('finish answering anything but 1 means the file was not accepted', async () => {
    const fake = uploadService(undefined, 0);
    const client = createClient({ baseUrl: BASE, fetch: fake.fetch, xhr: null });
    await expect(client.uploadFile(pngFile())).rejects.toMatchObject({ kind: 'business', message: 'The chat service did not accept the uploaded file.' });
  });

  test('abort during the PUT stops the flow', async () => {
    const controller = new AbortController();
    const fake = uploadService(() => {
      controller.abort();
      return new Promise<Response>(() => undefined);
    });
    const client = createClient({ baseUrl: BASE, fetch: fake.fetch, xhr: null });
    await expect(client.uploadFile(pngFile(), { signal: controller.signal })).rejects.toMatchObject({ kind: 'aborted' });
    expect(fake.requests).toHaveLength(2);
  });

  test("a site's headers function that never settles: abort ends the upload at once, the time limit without it; nothing is sent", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const fake = uploadService();
      const hung = (): Promise<Record<string, string>> => new Promise(() => undefined); // a token refresh on a dead network
      const client = createClient({ baseUrl: BASE, fetch: fake.fetch, xhr: null, headers: hung });
      const cancel = new AbortController();
      const cancelled = outcomeOf(client.uploadFile(pngFile(), { signal: cancel.signal }));
      await vi.advanceTimersByTimeAsync(1000);
      cancel.abort();
      await vi.advanceTimersByTimeAsync(0);
      expect(cancelled.current).toMatchObject({ kind: 'aborted' });

      const waited = outcomeOf(client.uploadFile(pngFile()));
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
      expect(waited.current).toBe('pending');
      await vi.advanceTimersByTimeAsync(1);
      expect(waited.current).toMatchObject({ kind: 'network', message: 'Could not reach the chat service. Check your connection.' });
      // finishUpload's headers are awaited the same way.
      const finishing = outcomeOf(client.finishUpload({ FileStoreId: 31 }));
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      expect(finishing.current).toMatchObject({ kind: 'network', operation: 'finishUpload' });
      expect(fake.requests).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  test('a PUT whose answer never ends fails as unreachable REQUEST_TIMEOUT_MS after its headers; a slow upload before them is not cut', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      // fetch resolves once the last byte is sent: here after ten minutes of a slow line.
      const fake = uploadService(
        (request) =>
          new Promise<Response>((resolve) => {
            setTimeout(() => resolve(streamResponse({ chunks: [bytes('{"Succ')], contentType: 'application/json', end: 'hang', signal: request.signal })), 600_000);
          }),
      );
      const client = createClient({ baseUrl: BASE, fetch: fake.fetch, xhr: null });
      const upload = outcomeOf(client.uploadFile(pngFile()));
      await vi.advanceTimersByTimeAsync(600_000 + REQUEST_TIMEOUT_MS - 1);
      expect(upload.current).toBe('pending');
      await vi.advanceTimersByTimeAsync(1);
      expect(upload.current).toMatchObject({ kind: 'network', operation: 'putFile', message: 'Could not reach the chat service. Check your connection.' });
      expect(fake.requests[1]?.signal?.aborted).toBe(true);
      expect(fake.requests).toHaveLength(2);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  test.each(['GetPreUploadUrl', 'FinishUpload'])('a %s whose body never ends fails the upload as unreachable at the time limit', async (step) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const fake = createFakeFetch((request) => {
        if (request.url.endsWith(step)) {
          return streamResponse({ chunks: [bytes('{"Data":')], contentType: 'application/json', end: 'hang', signal: request.signal });
        }
        if (request.url.endsWith('/chat/User/GetPreUploadUrl')) return envelopeResponse({ FileStoreId: 31, PreUploadUrl: '/upload/31' });
        return new Response(null, { status: 200 }); // the PUT
      });
      const client = createClient({ baseUrl: BASE, fetch: fake.fetch, xhr: null });
      const upload = outcomeOf(client.uploadFile(pngFile()));
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
      expect(upload.current).toBe('pending');
      await vi.advanceTimersByTimeAsync(1);
      expect(upload.current).toMatchObject({ kind: 'network', message: 'Could not reach the chat service. Check your connection.' });
      expect(fake.requests.at(-1)?.signal?.aborted).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  test('putFile leaves an absolute pre-upload URL as it is', async () => {
    const fake = uploadService();
    const client = createClient({ baseUrl: BASE, fetch: fake.fetch, xhr: null });
    await client.putFile('https://storage.example/bucket/31?sig=x', pngFile());
    expect(fake.requests[0]?.url).toBe('https://storage.example/bucket/31?sig=x');
  });
});

/** Just enough of XMLHttpRequest for putFile; the test drives its events. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  sent: unknown;
  aborted = false;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  onloadend: (() => void) | null = null;
  /** Bytes of the answer arriving (the download's progress). */
  onprogress: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string): void {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown): void {
    this.sent = body;
  }
  abort(): void {
    this.aborted = true;
    this.onabort?.();
    this.onloadend?.();
  }
  progress(loaded: number, total: number): void {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true });
  }
  finish(status: number, responseText = ''): void {
    this.status = status;
    this.responseText = responseText;
    this.onload?.();
    this.onloadend?.();
  }
  /** A network error or a timeout: as a real XMLHttpRequest, its handler then loadend. */
  fail(event: 'error' | 'timeout'): void {
    (event === 'error' ? this.onerror : this.ontimeout)?.();
    this.onloadend?.();
  }
}

function xhrClient() {
  const fake = createFakeFetch(() => new Response('fetch must not be used for the PUT', { status: 500 }));
  FakeXhr.last = undefined;
  const client = createClient({ baseUrl: BASE, fetch: fake.fetch, xhr: () => new FakeXhr() as unknown as XMLHttpRequest });
  return { client, fake, xhr: (): FakeXhr => {
    if (!FakeXhr.last) throw new Error('no XMLHttpRequest was created');
    return FakeXhr.last;
  } };
}

describe('putFile over XMLHttpRequest (as in a browser)', () => {
  test('PUTs the file with its Content-Type and reports progress as it goes', async () => {
    const { client, fake, xhr } = xhrClient();
    const file = pngFile();
    const progress: UploadProgress[] = [];
    const done = client.putFile('/upload/31?token=abc', file, { onProgress: (p) => progress.push(p) });
    expect(xhr()).toMatchObject({ method: 'PUT', url: 'https://chat.example/upload/31?token=abc', headers: { 'content-type': 'image/png' } });
    expect(xhr().sent).toBe(file);
    xhr().progress(4, 12);
    xhr().progress(12, 12);
    xhr().finish(200);
    await expect(done).resolves.toBeUndefined();
    expect(progress).toEqual([{ loaded: 4, total: 12 }, { loaded: 12, total: 12 }]);
    expect(fake.requests).toHaveLength(0);
  });

  test('completion is reported even when the browser sent no final progress event', async () => {
    const { client, xhr } = xhrClient();
    const progress: UploadProgress[] = [];
    const done = client.putFile('/upload/1', pngFile(), { onProgress: (p) => progress.push(p) });
    xhr().progress(4, 12);
    xhr().finish(204);
    await done;
    expect(progress.at(-1)).toEqual({ loaded: 12, total: 12 });
  });

  test('an error status is an http error', async () => {
    const { client, xhr } = xhrClient();
    const done = client.putFile('/upload/1', pngFile());
    xhr().finish(415, envelope(null, { Success: false, Code: 415, Message: 'Not an image.' }));
    await expect(done).rejects.toMatchObject({ kind: 'http', status: 415, serviceMessage: 'Not an image.' });
  });

  test('a network error', async () => {
    const { client, xhr } = xhrClient();
    const done = client.putFile('/upload/1', pngFile());
    xhr().fail('error');
    await expect(done).rejects.toMatchObject({ kind: 'network', message: 'Could not reach the chat service. Check your connection.' });
  });

  test('the signal aborts the request', async () => {
    const { client, xhr } = xhrClient();
    const controller = new AbortController();
    const done = client.putFile('/upload/1', pngFile(), { signal: controller.signal });
    xhr().progress(4, 12);
    controller.abort();
    await expect(done).rejects.toMatchObject({ kind: 'aborted' });
    expect(xhr().aborted).toBe(true);
  });

  test('a finished upload stops listening to the signal', async () => {
    const { client, xhr } = xhrClient();
    const controller = new AbortController();
    const done = client.putFile('/upload/1', pngFile(), { signal: controller.signal });
    xhr().finish(200);
    await done;
    controller.abort();
    expect(xhr().aborted).toBe(false);
  });

  test('a slow upload is never cut while bytes go; sent and then unanswered, it fails as unreachable after REQUEST_TIMEOUT_MS of silence', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { client, xhr } = xhrClient();
      const total = 100_000_000; // a video on a slow line: ten minutes of progress, each step just inside the limit
      const done = outcomeOf(client.putFile('/upload/1', pngFile()));
      for (let loaded = 1; loaded <= 40; loaded += 1) {
        await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
        xhr().progress((loaded * total) / 40, total);
      }
      expect(done.current).toBe('pending');
      // The bytes are sent; the storage takes the answer's first bytes slowly, then goes silent.
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
      xhr().onprogress?.();
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
      expect(done.current).toBe('pending');
      expect(xhr().aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(done.current).toMatchObject({ kind: 'network', operation: 'putFile', message: 'Could not reach the chat service. Check your connection.' });
      expect(xhr().aborted).toBe(true);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  test('the time limit is over once the answer is in, and a cancel stays a cancel', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { client, xhr } = xhrClient();
      const done = outcomeOf(client.putFile('/upload/1', pngFile()));
      xhr().finish(200);
      await vi.advanceTimersByTimeAsync(0);
      expect(done.current).toBeUndefined();
      expect(vi.getTimerCount()).toBe(0);

      const controller = new AbortController();
      const cancelled = outcomeOf(client.putFile('/upload/2', pngFile(), { signal: controller.signal }));
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
      controller.abort();
      await vi.advanceTimersByTimeAsync(0);
      expect(cancelled.current).toMatchObject({ kind: 'aborted' });
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  test.each(['error', 'timeout'] as const)('an upload failed by a network %s stops listening to the signal', async (event) => {
    const { client, xhr } = xhrClient();
    const controller = new AbortController();
    const done = client.putFile('/upload/1', pngFile(), { signal: controller.signal });
    xhr().fail(event);
    await expect(done).rejects.toMatchObject({ kind: 'network' });
    controller.abort();
    expect(xhr().aborted).toBe(false);
  });
});
