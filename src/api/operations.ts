/**
 * One function per operation of service-api.md, each over a Transport (http.ts), so a bundle ships only the
 * operations it calls and their Data checks: the widget's chat engine uses askStream, its media code the upload
 * steps. createClient (client.ts) puts them all behind the ServiceClient facade.
 */
import type { CallOptions, HeaderRecord, StreamHandlers, UploadOptions } from './client.js';
import {
  readAnswer, readConfig, readDeleteResult, readEnvelope, readId, readListingPage, readModelList, readNumber,
  readPreUpload, readSession, type DataReader,
} from './envelope.js';
import { ServiceError } from './errors.js';
import { httpError, readBody, throwIfAborted, transportError, type Transport } from './http.js';
import { failureText } from './messages.js';
import {
  ASK_PATH, EDIT_PATH, FINISH_UPLOAD_PATH, GET_CONFIG_PATH, GET_SESSION_PATH, MODEL_LIST_PATH, PRE_UPLOAD_PATH,
  REAL_ESTATE_CREATE_PATH, REAL_ESTATE_DELETE_PATH, REAL_ESTATE_LIST_PATH, REAL_ESTATE_UPDATE_PATH,
  type AnswerRecord, type AskRequest, type EditRequest, type FinishUploadRequest, type GetConfigRequest,
  type GetSessionRequest, type GetSessionResponse, type ModelListItem, type OperationName, type PreUploadRequest,
  type PreUploadResponse, type PublicConfig, type RealEstateCreateRequest, type RealEstateDeleteRequest,
  type RealEstateDeleteResponse, type RealEstateListRequest, type RealEstateListResponse, type RealEstateUpdateRequest,
  type StreamFinal,
} from './types.js';
import { streamAnswer } from './stream.js';
import { putFileTo } from './upload.js';

export { putFileTo as putFile } from './upload.js';

/** ClientAsk with stream true (stream.ts), anywhere fetch and web streams are: a page, a worker, Node 20. */
export const askStream = streamAnswer;

/** A JSON operation's request: its method, its own headers (the transport adds the session key and extra ones) and a POST's JSON body. */
export interface JsonRequest {
  method: 'GET' | 'POST';
  headers: HeaderRecord;
  body?: string;
}

/**
 * How long a JSON operation waits for the site's `headers` function (a token refresh): as long as GetConfig waits for
 * its whole request (CONFIG_TIMEOUT_MS, src/model/get-config.ts). askStream gives it its silence limit instead.
 */
export const HEADERS_TIMEOUT_MS = 20_000;

/** One JSON operation: fetch, check the status, parse, unwrap the envelope, check Data's shape. */
export async function requestJson<T>(
  transport: Transport,
  operation: OperationName,
  path: string,
  request: JsonRequest,
  read: DataReader<T>,
  signal?: AbortSignal,
): Promise<T> {
  throwIfAborted(operation, signal);
  let stopWaiting = (): void => undefined;
  // Within a time limit and the caller's abort: a headers function that never settled (a token refresh on a dead
  // network) left an upload at 0 % for good, deaf to its Cancel. It fails as unreachable, with nothing sent.
  const headers = await Promise.race([
    transport.headers(request.headers, operation),
    new Promise<never>((_, reject) => {
      // Aborted, transportError words it as the abort; else it is the time limit's.
      const end = (): void => reject(transportError(operation, new Error('the headers function had not settled'), signal));
      const timer = setTimeout(end, HEADERS_TIMEOUT_MS);
      signal?.addEventListener('abort', end);
      stopWaiting = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', end);
      };
    }),
  ]).finally(() => stopWaiting());
  throwIfAborted(operation, signal);
  let response: Response;
  try {
    // An undefined signal is the same as none to fetch.
    response = await transport.fetch(transport.operationUrl(operation, path), { ...request, headers, signal });
  } catch (error) {
    throw transportError(operation, error, signal);
  }
  const text = await readBody(operation, response, signal);
  if (!response.ok) throw httpError(operation, response.status, text);
  return readEnvelope(operation, text, read);
}

function post<T>(
  transport: Transport,
  operation: OperationName,
  path: string,
  body: unknown,
  read: DataReader<T>,
  call?: CallOptions,
): Promise<T> {
  const request: JsonRequest = {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    // A request object is always given, but a JavaScript caller's missing one still sends {}.
    body: JSON.stringify(body ?? {}),
  };
  return requestJson(transport, operation, path, request, read, call?.signal);
}

export const getConfig = (transport: Transport, request: GetConfigRequest, call?: CallOptions): Promise<PublicConfig> =>
  post(transport, 'getConfig', GET_CONFIG_PATH, request, readConfig, call);

export const getSession = (transport: Transport, request: GetSessionRequest, call?: CallOptions): Promise<GetSessionResponse> =>
  post(transport, 'getSession', GET_SESSION_PATH, request, readSession, call);

export const modelList = (transport: Transport, call: CallOptions = {}): Promise<ModelListItem[]> =>
  requestJson(transport, 'modelList', MODEL_LIST_PATH, { method: 'GET', headers: { accept: 'application/json' } }, readModelList, call.signal);

export const edit = (transport: Transport, request: EditRequest, call?: CallOptions): Promise<number> =>
  post(transport, 'edit', EDIT_PATH, request, readNumber, call);

/** ClientAsk with stream false: one JSON answer. */
export const ask = (transport: Transport, request: Omit<AskRequest, 'stream'>, call?: CallOptions): Promise<AnswerRecord> =>
  post(transport, 'ask', ASK_PATH, { ...request, stream: false }, readAnswer, call);

export const realEstateCreate = (transport: Transport, request: RealEstateCreateRequest, call?: CallOptions): Promise<string> =>
  post(transport, 'realEstateCreate', REAL_ESTATE_CREATE_PATH, request, readId, call);

export const realEstateUpdate = (transport: Transport, request: RealEstateUpdateRequest, call?: CallOptions): Promise<number> =>
  post(transport, 'realEstateUpdate', REAL_ESTATE_UPDATE_PATH, request, readNumber, call);

export const realEstateList = (transport: Transport, request: RealEstateListRequest, call?: CallOptions): Promise<RealEstateListResponse> =>
  post(transport, 'realEstateList', REAL_ESTATE_LIST_PATH, request, readListingPage, call);

export const realEstateDelete = (transport: Transport, request: RealEstateDeleteRequest, call?: CallOptions): Promise<RealEstateDeleteResponse> =>
  post(transport, 'realEstateDelete', REAL_ESTATE_DELETE_PATH, request, readDeleteResult, call);

export const preUpload = (transport: Transport, request: PreUploadRequest, call?: CallOptions): Promise<PreUploadResponse> =>
  post(transport, 'preUpload', PRE_UPLOAD_PATH, request, readPreUpload, call);

export const finishUpload = (transport: Transport, request: FinishUploadRequest, call?: CallOptions): Promise<number> =>
  post(transport, 'finishUpload', FINISH_UPLOAD_PATH, request, readNumber, call);

/** The whole flow: pre-upload, PUT with progress, finish. Resolves with the FileStoreId for fileIds. */
export async function uploadFile(transport: Transport, file: Blob & { name?: string }, upload: UploadOptions = {}): Promise<number> {
  const call = upload.signal ? { signal: upload.signal } : {};
  const target = await preUpload(transport, { fileName: file.name || 'upload' }, call);
  await putFileTo(transport, target.PreUploadUrl, file, upload);
  const finished = await finishUpload(transport, { FileStoreId: target.FileStoreId }, call);
  if (finished !== 1) throw new ServiceError('business', failureText.uploadRejected, { operation: 'finishUpload' });
  return target.FileStoreId;
}
