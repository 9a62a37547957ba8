/**
 * PLACEHOLDER (being implemented): the typed service client. The interface below is the contract other code
 * builds against; createClient is filled in by the src/api work.
 */
import type {
  AnswerRecord, AskRequest, EditRequest, FinishUploadRequest, GetConfigRequest, GetSessionRequest,
  GetSessionResponse, ModelListItem, OperationName, PreUploadRequest, PreUploadResponse, PublicConfig,
  RealEstateCreateRequest, RealEstateDeleteRequest, RealEstateDeleteResponse, RealEstateListRequest,
  RealEstateListResponse, RealEstateUpdateRequest, StreamFinal,
} from './types';

export type HeaderRecord = Record<string, string>;
/** Extra headers: an object, or a function (sync or async) called before every request. */
export type HeadersOption = HeaderRecord | (() => HeaderRecord | Promise<HeaderRecord>);

export interface ClientOptions {
  /** e.g. https://api.example.com (no trailing slash needed). */
  baseUrl: string;
  /** Override any operation's path (relative to baseUrl, or an absolute URL). */
  paths?: Partial<Record<OperationName, string>>;
  headers?: HeadersOption;
  /** Session key from GetConfig, sent as chatrobot-sessionkey; a function is read before every request. */
  sessionKey?: string | (() => string | undefined);
  /** Secret key, sent as Authorization. Server-side code only: a page never needs it. */
  secretKey?: string;
  fetch?: typeof fetch;
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

export function createClient(_options: ClientOptions): ServiceClient {
  throw new Error('createClient: not implemented yet');
}
