/** What every handler gets: the running service's state and the request at hand. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MEDIA_LIMITS } from '../../src/media';
import type { Caller } from './auth';
import type { LimitTracker } from './limits';
import type { JsonStore } from './store';

export type StreamFraming = 'sse' | 'jsonl';

export interface UploadLimits {
  imageBytes: number;
  audioBytes: number;
  videoBytes: number;
}

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  imageBytes: 20 * 1024 * 1024,
  // The service documents no audio limit; this is the widget's, so a WAV the widget lets through is never refused here.
  audioBytes: MEDIA_LIMITS.audio,
  videoBytes: 100 * 1024 * 1024,
};

export interface ServiceContext {
  store: JsonStore;
  secretKey: string;
  workspaceSessionKey: string;
  limits: LimitTracker;
  /** The visitor's address for the rate limit (limits.ts); undefined counts per session only. */
  visitorAddress: (req: IncomingMessage) => string | undefined;
  streamDelayMs: number;
  streamFraming: StreamFraming;
  uploadLimits: UploadLimits;
  scriptedAnswer: ((question: string) => string[] | undefined) | undefined;
  now: () => number;
  /** Used for absolute URLs when the request's Host header is unusable. */
  fallbackBaseUrl: () => string;
}

export interface RequestContext {
  service: ServiceContext;
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  caller: Caller;
  /** Parses the JSON body (HTTP 400 when malformed). */
  body: () => Promise<unknown>;
  /** This service's address as the caller sees it, for absolute URLs. */
  baseUrl: string;
}

/** Returned by a handler that wrote the response itself (streams, file bodies). */
export const RESPONDED = Symbol('responded');
export type HandlerResult = typeof RESPONDED | { data: unknown };
export type Handler = (ctx: RequestContext) => Promise<HandlerResult>;
