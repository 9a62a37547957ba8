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

function contentTypeOf(file: Blob): string {
  return file.type || 'application/octet-stream';
}

/** A 2xx answer may still carry a failed envelope (for example a file type the service refuses). */
function rejectionIn(bodyText: string): ServiceError | undefined {
  if (bodyText.trim() === '') return undefined;
  const parsed = parseJson(bodyText);
  if (!parsed.ok) return undefined;
  const failure = envelopeFailure(parsed.value);
  const succeeded = (parsed.value as { Success?: unknown }).Success;
  return failure && succeeded === false ? businessError(OPERATION, failure) : undefined;
}

function putWithXhr(createXhr: XhrFactory, url: string, file: Blob, options: UploadOptions): Promise<void> {
  const { signal, onProgress } = options;
  return new Promise<void>((resolve, reject) => {
    const xhr = createXhr();
    let reported = -1;
    const report = (loaded: number, total: number): void => {
      if (loaded === reported) return;
      reported = loaded;
      onProgress?.({ loaded, total });
    };
    const onCallerAbort = (): void => xhr.abort();
    const finish = (outcome: () => void): void => {
      signal?.removeEventListener('abort', onCallerAbort);
      outcome();
    };
    xhr.open('PUT', url);
    xhr.setRequestHeader('content-type', contentTypeOf(file));
    xhr.upload.onprogress = (event) => report(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onload = () =>
      finish(() => {
        const bodyText = xhr.responseText ?? '';
        if (xhr.status < 200 || xhr.status > 299) return reject(httpError(OPERATION, xhr.status, bodyText));
        const rejection = rejectionIn(bodyText);
        if (rejection) return reject(rejection);
        report(file.size, file.size);
        resolve();
      });
    xhr.onerror = () => finish(() => reject(new ServiceError('network', failureText.network, { operation: OPERATION })));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => finish(() => reject(abortedError(OPERATION, signal?.reason)));
    signal?.addEventListener('abort', onCallerAbort, { once: true });
    xhr.send(file);
  });
}

async function putWithFetch(transport: Transport, url: string, file: Blob, options: UploadOptions): Promise<void> {
  const { signal, onProgress } = options;
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
  const bodyText = await readBody(OPERATION, response, signal);
  if (!response.ok) throw httpError(OPERATION, response.status, bodyText);
  const rejection = rejectionIn(bodyText);
  if (rejection) throw rejection;
  onProgress?.({ loaded: file.size, total: file.size });
}

/** PUT the bytes to a pre-upload URL, reporting progress. */
export async function putFileTo(transport: Transport, url: string, file: Blob, options: UploadOptions = {}): Promise<void> {
  throwIfAborted(OPERATION, options.signal);
  const target = transport.resolve(url);
  // Default: the global XMLHttpRequest when there is one (browsers); none (Node) or null: fetch.
  const createXhr =
    transport.xhr === undefined ? (typeof XMLHttpRequest === 'function' ? () => new XMLHttpRequest() : null) : transport.xhr;
  return createXhr ? putWithXhr(createXhr, target, file, options) : putWithFetch(transport, target, file, options);
}
