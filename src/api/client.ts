/**
 * The typed service client: one method per operation of service-api.md and service-notes.md. Every failure is a
 * ServiceError (errors.ts). In a page, authenticate with the session key from GetConfig, never the secret key.
 */
import type {
  AnswerRecord, AskRequest, EditRequest, FinishUploadRequest, GetConfigRequest, GetSessionRequest,
  GetSessionResponse, ModelListItem, OperationName, PreUploadRequest, PreUploadResponse, PublicConfig,
  RealEstateCreateRequest, RealEstateDeleteRequest, RealEstateDeleteResponse, RealEstateListRequest,
  RealEstateListResponse, RealEstateUpdateRequest, StreamFinal,
} from './types';
import {
  readAnswer, readConfig, readDeleteResult, readId, readListingPage, readModelList, readNumber, readPreUpload,
  readSession,
} from './envelope';
import { ServiceError } from './errors';
import { createTransport, requestJson } from './http';
import { failureText } from './messages';
import { streamAnswer } from './stream';
import { defaultXhrFactory, putFileTo, type XhrFactory } from './upload';

export type HeaderRecord = Record<string, string>;
/** Extra headers: an object, or a function (sync or async) called before every request. */
export type HeadersOption = HeaderRecord | (() => HeaderRecord | Promise<HeaderRecord>);

export interface ClientOptions {
  /** e.g. https://api.example.com (no trailing slash needed). */
  baseUrl: string;
  /** Override any operation's path (relative to baseUrl, or an absolute URL). */
  paths?: Partial<Record<OperationName, string>>;
  /**
   * Extra headers for every service request, applied last (they may override the defaults). A function lets a
   * site route through its own backend, which adds Authorization server-side. Not sent with the PUT of an upload.
   */
  headers?: HeadersOption;
  /** Session key from GetConfig, sent as chatrobot-sessionkey; a function is read before every request. */
  sessionKey?: string | (() => string | undefined);
  /** Secret key, sent as Authorization. Server-side code only: a page never needs it. */
  secretKey?: string;
  /** The fetch to use (all requests, and the PUT of an upload when there is no XMLHttpRequest). Default: global. */
  fetch?: typeof fetch;
  /**
   * Creates the XMLHttpRequest used by putFile for upload progress. Default: the global XMLHttpRequest when there
   * is one (browsers); null, or no global (Node): putFile uses `fetch` and reports progress once, at the end.
   */
  xhr?: (() => XMLHttpRequest) | null;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface StreamHandlers {
  /** Called for every partial chunk, in order, as it arrives; `text` is the answer so far. */
  onChunk?: (chunk: string, text: string) => void;
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions extends CallOptions {
  onProgress?: (progress: UploadProgress) => void;
}

export interface ServiceClient {
  getConfig(request: GetConfigRequest, options?: CallOptions): Promise<PublicConfig>;
  getSession(request: GetSessionRequest, options?: CallOptions): Promise<GetSessionResponse>;
  modelList(options?: CallOptions): Promise<ModelListItem[]>;
  edit(request: EditRequest, options?: CallOptions): Promise<number>;
  /** ClientAsk with stream false: one JSON answer. */
  ask(request: Omit<AskRequest, 'stream'>, options?: CallOptions): Promise<AnswerRecord>;
  /**
   * ClientAsk with stream true. Resolves with the final record once it arrives; rejects with ServiceError
   * (kind 'interrupted' with partialText when the stream ends without its final object, 'aborted' on abort).
   * Sent exactly once: no automatic retry, no re-send on visibility change.
   */
  askStream(request: Omit<AskRequest, 'stream'>, handlers: StreamHandlers, options?: CallOptions): Promise<StreamFinal>;
  realEstateCreate(request: RealEstateCreateRequest, options?: CallOptions): Promise<string>;
  realEstateUpdate(request: RealEstateUpdateRequest, options?: CallOptions): Promise<number>;
  realEstateList(request: RealEstateListRequest, options?: CallOptions): Promise<RealEstateListResponse>;
  realEstateDelete(request: RealEstateDeleteRequest, options?: CallOptions): Promise<RealEstateDeleteResponse>;
  preUpload(request: PreUploadRequest, options?: CallOptions): Promise<PreUploadResponse>;
  /** PUT the bytes to a pre-upload URL, reporting progress. */
  putFile(url: string, file: Blob, options?: UploadOptions): Promise<void>;
  finishUpload(request: FinishUploadRequest, options?: CallOptions): Promise<number>;
  /** The whole flow: pre-upload, PUT with progress, finish. Resolves with the FileStoreId for fileIds. */
  uploadFile(file: Blob & { name?: string }, options?: UploadOptions): Promise<number>;
}

export function createClient(options: ClientOptions): ServiceClient {
  const transport = createTransport(options);
  const createXhr: XhrFactory | null = options.xhr === undefined ? defaultXhrFactory() : options.xhr;
  const post = <T>(
    operation: OperationName,
    body: unknown,
    read: (data: unknown) => T,
    call: CallOptions = {},
  ): Promise<T> => requestJson(transport, operation, { method: 'POST', body }, read, call.signal);

  const client: ServiceClient = {
    getConfig: (request, call) => post('getConfig', request, readConfig, call),
    getSession: (request, call) => post('getSession', request, readSession, call),
    modelList: (call = {}) => requestJson(transport, 'modelList', { method: 'GET' }, readModelList, call.signal),
    edit: (request, call) => post('edit', request, readNumber, call),
    ask: (request, call) => post('ask', { ...request, stream: false }, readAnswer, call),
    askStream: (request, handlers, call) => streamAnswer(transport, request, handlers, call),
    realEstateCreate: (request, call) => post('realEstateCreate', request, readId, call),
    realEstateUpdate: (request, call) => post('realEstateUpdate', request, readNumber, call),
    realEstateList: (request, call) => post('realEstateList', request, readListingPage, call),
    realEstateDelete: (request, call) => post('realEstateDelete', request, readDeleteResult, call),
    preUpload: (request, call) => post('preUpload', request, readPreUpload, call),
    putFile: (url, file, upload) => putFileTo(transport, createXhr, url, file, upload),
    finishUpload: (request, call) => post('finishUpload', request, readNumber, call),
    async uploadFile(file, upload = {}) {
      const call = upload.signal ? { signal: upload.signal } : {};
      const target = await client.preUpload({ fileName: file.name || 'upload' }, call);
      await client.putFile(target.PreUploadUrl, file, upload);
      const finished = await client.finishUpload({ FileStoreId: target.FileStoreId }, call);
      if (finished !== 1) throw new ServiceError('business', failureText.uploadRejected, { operation: 'finishUpload' });
      return target.FileStoreId;
    },
  };
  return client;
}
