/**
 * The typed service client: one method per operation of service-api.md and service-notes.md. Every failure is a
 * ServiceError (errors.ts). In a page, authenticate with the session key from GetConfig, never the secret key.
 */
import type {
  AnswerRecord, AskRequest, EditRequest, FinishUploadRequest, GetConfigRequest, GetSessionRequest,
  GetSessionResponse, ModelListItem, OperationName, PreUploadRequest, PreUploadResponse, PublicConfig,
  RealEstateCreateRequest, RealEstateDeleteRequest, RealEstateDeleteResponse, RealEstateListRequest,
  RealEstateListResponse, RealEstateUpdateRequest, StreamFinal,
} from './types.js';
import { createTransport } from './http.js';
import { SECRET_KEY_HEADER } from './types.js';
import * as operations from './operations.js';

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
  /**
   * Called with the answer's new text, in order, as it arrives; `text` is the answer so far. Chunks that arrive in
   * one network read come as one piece (src/api/stream-merge.ts), so pieces are not the service's chunks.
   */
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

/** Every operation over one transport. A bundle that needs only a few can call operations.ts directly instead. */
export function createClient(options: ClientOptions): ServiceClient {
  const { sessionKey, secretKey, headers } = options;
  const transport = createTransport({
    ...options,
    sessionKey: typeof sessionKey === 'function' ? sessionKey : () => sessionKey,
    async headers() {
      const extra = typeof headers === 'function' ? await headers() : headers;
      // The caller's headers come after the secret key, so they may override it.
      return secretKey ? { [SECRET_KEY_HEADER]: secretKey, ...extra } : { ...extra };
    },
  });
  return {
    getConfig: (request, call) => operations.getConfig(transport, request, call),
    getSession: (request, call) => operations.getSession(transport, request, call),
    modelList: (call) => operations.modelList(transport, call),
    edit: (request, call) => operations.edit(transport, request, call),
    ask: (request, call) => operations.ask(transport, request, call),
    askStream: (request, handlers, call) => operations.askStream(transport, request, handlers, call),
    realEstateCreate: (request, call) => operations.realEstateCreate(transport, request, call),
    realEstateUpdate: (request, call) => operations.realEstateUpdate(transport, request, call),
    realEstateList: (request, call) => operations.realEstateList(transport, request, call),
    realEstateDelete: (request, call) => operations.realEstateDelete(transport, request, call),
    preUpload: (request, call) => operations.preUpload(transport, request, call),
    putFile: (url, file, upload) => operations.putFile(transport, url, file, upload),
    finishUpload: (request, call) => operations.finishUpload(transport, request, call),
    uploadFile: (file, upload) => operations.uploadFile(transport, file, upload),
  };
}
