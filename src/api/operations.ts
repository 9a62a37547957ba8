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
import { httpError, throwIfAborted, type Transport } from './http.js';
import { keepArrays } from './json.js';
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
import { STREAM_SILENCE_MS, streamAnswer } from './stream.js';
import { REQUEST_TIMEOUT_MS, requestLimit } from './time-limit.js';
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

/** One JSON operation: fetch, check the status, parse, unwrap the envelope, check Data's shape. */
export async function requestJson<T>(
  transport: Transport,
  operation: OperationName,
  path: string,
  request: JsonRequest,
  read: DataReader<T>,
  signal?: AbortSignal,
  limitMs = REQUEST_TIMEOUT_MS,
): Promise<T> {
  throwIfAborted(operation, signal);
  // One limit from the call to the body's end, and the caller's abort, over every step: a headers function that never
  // settled (a token refresh on a dead network), a service that never answered, and one whose body never ended each
  // left an upload spinning for good. It fails as unreachable; a headers function's limit sends nothing.
  const limit = requestLimit(signal);
  limit.wait(limitMs);
  let response: Response;
  let text: string;
  try {
    const headers = await limit.within(transport.headers(request.headers, operation));
    response = await limit.within(
      transport.fetch(transport.operationUrl(operation, path), { ...request, headers, signal: limit.signal }),
    );
    text = await limit.within(response.text());
  } catch (error) {
    throw limit.failure(operation, error);
  } finally {
    limit.stop();
  }
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
  limitMs?: number,
): Promise<T> {
  const request: JsonRequest = {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    // A request object is always given, but a JavaScript caller's missing one still sends {}.
    body: JSON.stringify(body ?? {}, keepArrays),
  };
  return requestJson(transport, operation, path, request, read, call?.signal, limitMs);
}

export const getConfig = (transport: Transport, request: GetConfigRequest, call?: CallOptions): Promise<PublicConfig> =>
  post(transport, 'getConfig', GET_CONFIG_PATH, request, readConfig, call);

export const getSession = (transport: Transport, request: GetSessionRequest, call?: CallOptions): Promise<GetSessionResponse> =>
  post(transport, 'getSession', GET_SESSION_PATH, request, readSession, call);

export const modelList = (transport: Transport, call: CallOptions = {}): Promise<ModelListItem[]> =>
  requestJson(transport, 'modelList', MODEL_LIST_PATH, { method: 'GET', headers: { accept: 'application/json' } }, readModelList, call.signal);

export const edit = (transport: Transport, request: EditRequest, call?: CallOptions): Promise<number> =>
  post(transport, 'edit', EDIT_PATH, request, readNumber, call);

/**
 * ClientAsk with stream false: one JSON answer. The whole answer is written before its first byte comes, so it may
 * take as long as a stream may stay silent (STREAM_SILENCE_MS), not the other operations' 20 seconds.
 */
export const ask = (transport: Transport, request: Omit<AskRequest, 'stream'>, call?: CallOptions): Promise<AnswerRecord> =>
  post(transport, 'ask', ASK_PATH, { ...request, stream: false }, readAnswer, call, STREAM_SILENCE_MS);

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
