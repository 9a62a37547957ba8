/**
 * Putting a file's bytes to a pre-upload URL. In a browser XMLHttpRequest is used, because fetch cannot report
 * upload progress; where there is none (Node) fetch is used and progress is reported once, at the end. The
 * widget calls putFileWithXhr directly: every browser has XMLHttpRequest, so it need not carry the fetch path.
 *
 * The PUT carries only the file's Content-Type, not the client's credentials or extra headers: a pre-upload URL
 * authorises itself, and storage services reject unexpected Authorization headers.
 */
import type { UploadOptions } from './client.js';
import { businessError, envelopeFailure, isRecord, parseJson } from './envelope.js';
import { ServiceError } from './errors.js';
import { abortedError, httpError, throwIfAborted, type Transport } from './http.js';
import { failureText } from './messages.js';
import { REQUEST_TIMEOUT_MS, requestLimit } from './time-limit.js';

const OPERATION = 'putFile';

/** Creates the XMLHttpRequest used for uploads. */
type XhrFactory = () => XMLHttpRequest;

function contentTypeOf(file: Blob): string {
  return file.type || 'application/octet-stream';
}

/** Throws what the PUT's answer says went wrong: a non-2xx status, or a 2xx carrying a failed envelope. */
function checkAnswer(status: number, bodyText: string): void {
  if (status < 200 || status > 299) throw httpError(OPERATION, status, bodyText);
  // A 2xx answer may still carry a failed envelope (for example a file type the service refuses).
  const parsed = parseJson(bodyText);
  if (parsed.ok && isRecord(parsed.value) && parsed.value.Success === false) {
    throw businessError(OPERATION, envelopeFailure(parsed.value) ?? {});
  }
}

/**
 * PUT the bytes with XMLHttpRequest, reporting progress as it goes: the transport's `xhr` factory when it has one,
 * else the global XMLHttpRequest (a null `xhr`, which tells the client's putFile to use fetch, means the global one
 * here: the widget always uploads this way).
 */
export async function putFileWithXhr(
  transport: Transport,
  url: string,
  file: Blob,
  options: UploadOptions,
  createXhr: XhrFactory = transport.xhr ?? (() => new XMLHttpRequest()),
): Promise<void> {
  const { signal, onProgress } = options;
  throwIfAborted(OPERATION, signal);
  let reported = -1;
  const report = (loaded: number, total: number): void => {
    if (loaded === reported) return;
    reported = loaded;
    onProgress?.({ loaded, total });
  };
  // A silence limit, not one from the start: a large video on a slow line takes minutes to send, and its answer only
  // comes once the last byte is sent. Every sign of progress (bytes sent, bytes of the answer) starts it over, so only
  // a PUT that stalls (sent, then no answer: a storage that never answers) ends, as unreachable, the file kept to retry.
  const limit = requestLimit(signal);
  const heard = (): void => limit.wait(REQUEST_TIMEOUT_MS);
  const [status, bodyText] = await new Promise<[status: number, bodyText: string]>((resolve, reject) => {
    const xhr = createXhr();
    const end = (): void => {
      reject(limit.failure(OPERATION, signal?.reason));
      xhr.abort();
    };
    xhr.open('PUT', transport.resolve(url));
    xhr.setRequestHeader('content-type', contentTypeOf(file));
    xhr.upload.onprogress = (event) => {
      heard();
      report(event.loaded, event.lengthComputable ? event.total : file.size);
    };
    xhr.onprogress = heard;
    xhr.onload = () => resolve([xhr.status, xhr.responseText]);
    xhr.onerror = () => reject(new ServiceError('network', failureText.network, { operation: OPERATION }));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => reject(abortedError(OPERATION, signal?.reason));
    // After load, error, timeout or abort alike.
    xhr.onloadend = limit.stop;
    limit.signal.addEventListener('abort', end, { once: true });
    heard();
    xhr.send(file);
  });
  checkAnswer(status, bodyText);
  report(file.size, file.size);
}

async function putWithFetch(transport: Transport, url: string, file: Blob, options: UploadOptions): Promise<void> {
  const { signal, onProgress } = options;
  throwIfAborted(OPERATION, signal);
  // fetch tells nothing while the bytes go, so the limit starts once the answer's headers are in: a body that never
  // ends fails as unreachable, and a slow upload is never cut.
  const limit = requestLimit(signal);
  let status: number;
  let bodyText: string;
  try {
    const response = await transport.fetch(transport.resolve(url), {
      method: 'PUT',
      headers: { 'content-type': contentTypeOf(file) },
      body: file,
      signal: limit.signal,
    });
    limit.wait(REQUEST_TIMEOUT_MS);
    status = response.status;
    bodyText = await limit.within(response.text());
  } catch (error) {
    throw limit.failure(OPERATION, error);
  } finally {
    limit.stop();
  }
  checkAnswer(status, bodyText);
  onProgress?.({ loaded: file.size, total: file.size });
}

/** PUT the bytes to a pre-upload URL, reporting progress. */
export function putFileTo(transport: Transport, url: string, file: Blob, options: UploadOptions = {}): Promise<void> {
  // Default: the global XMLHttpRequest when there is one (browsers); none (Node) or null: fetch.
  const createXhr =
    transport.xhr === undefined ? (typeof XMLHttpRequest === 'function' ? () => new XMLHttpRequest() : null) : transport.xhr;
  return createXhr ? putFileWithXhr(transport, url, file, options, createXhr) : putWithFetch(transport, url, file, options);
}
