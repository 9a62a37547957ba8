/**
 * Putting a file's bytes to a pre-upload URL. In a browser XMLHttpRequest is used, because fetch cannot report
 * upload progress; where there is none (Node) fetch is used and progress is reported once, at the end.
 *
 * The PUT carries only the file's Content-Type, not the client's credentials or extra headers: a pre-upload URL
 * authorises itself, and storage services reject unexpected Authorization headers.
 */
import type { UploadOptions } from './client';
import { businessError, envelopeFailure, parseJson } from './envelope';
import { ServiceError } from './errors';
import { abortedError, httpError, readBody, throwIfAborted, transportError, type Transport } from './http';
import { failureText } from './messages';

const OPERATION = 'putFile';

/** Creates the XMLHttpRequest used for uploads. */
type XhrFactory = () => XMLHttpRequest;

/** The status and body text of the PUT's answer. */
type PutAnswer = [status: number, bodyText: string];

function contentTypeOf(file: Blob): string {
  return file.type || 'application/octet-stream';
}

function putWithXhr(
  createXhr: XhrFactory,
  url: string,
  file: Blob,
  report: (loaded: number, total: number) => void,
  signal: AbortSignal | undefined,
): Promise<PutAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = createXhr();
    const onCallerAbort = (): void => xhr.abort();
    xhr.open('PUT', url);
    xhr.setRequestHeader('content-type', contentTypeOf(file));
    xhr.upload.onprogress = (event) => report(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onload = () => resolve([xhr.status, xhr.responseText]);
    xhr.onerror = () => reject(new ServiceError('network', failureText.network, { operation: OPERATION }));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => reject(abortedError(OPERATION, signal?.reason));
    // After load, error, timeout or abort alike.
    xhr.onloadend = () => signal?.removeEventListener('abort', onCallerAbort);
    signal?.addEventListener('abort', onCallerAbort, { once: true });
    xhr.send(file);
  });
}

async function putWithFetch(transport: Transport, url: string, file: Blob, signal: AbortSignal | undefined): Promise<PutAnswer> {
  let response: Response;
  try {
    response = await transport.fetch(url, {
      method: 'PUT',
      headers: { 'content-type': contentTypeOf(file) },
      body: file,
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    throw transportError(OPERATION, error, signal);
  }
  return [response.status, await readBody(OPERATION, response, signal)];
}

/** PUT the bytes to a pre-upload URL, reporting progress. */
export async function putFileTo(transport: Transport, url: string, file: Blob, options: UploadOptions = {}): Promise<void> {
  const { signal, onProgress } = options;
  throwIfAborted(OPERATION, signal);
  let reported = -1;
  const report = (loaded: number, total: number): void => {
    if (loaded === reported) return;
    reported = loaded;
    onProgress?.({ loaded, total });
  };
  const target = transport.resolve(url);
  // Default: the global XMLHttpRequest when there is one (browsers); none (Node) or null: fetch.
  const createXhr =
    transport.xhr === undefined ? (typeof XMLHttpRequest === 'function' ? () => new XMLHttpRequest() : null) : transport.xhr;
  const [status, bodyText] = await (createXhr
    ? putWithXhr(createXhr, target, file, report, signal)
    : putWithFetch(transport, target, file, signal));
  if (status < 200 || status > 299) throw httpError(OPERATION, status, bodyText);
  // A 2xx answer may still carry a failed envelope (for example a file type the service refuses).
  const parsed = parseJson(bodyText);
  if (parsed.ok && (parsed.value as { Success?: unknown } | null)?.Success === false) {
    throw businessError(OPERATION, envelopeFailure(parsed.value) ?? {});
  }
  report(file.size, file.size);
}
