/**
 * A ServiceClient test double for model tests: every askStream call is held open until the test says what the
 * service does (chunks, the final record, a failure), so the tests decide exactly what happens when.
 */
import type { CallOptions, ServiceClient, StreamHandlers } from '../../src/api/client';
import { ServiceError, type ServiceErrorKind } from '../../src/api/errors';
import type { AskRequest, GetConfigRequest, PublicConfig, StreamFinal } from '../../src/api/types';

export interface HeldAsk {
  readonly request: Omit<AskRequest, 'stream'>;
  readonly signal: AbortSignal | undefined;
  /** The text the service has streamed so far. */
  readonly text: string;
  /** Streams one chunk (calls onChunk like the real client: the chunk and the answer so far). */
  chunk(content: string): void;
  /** Sends the final record; Answer defaults to the streamed text. */
  finish(answer?: string): void;
  /** Fails with a ServiceError of `kind` (partialText = what streamed, for 'interrupted'). */
  fail(kind: ServiceErrorKind, message?: string, details?: { serviceMessage?: string; status?: number; code?: number }): void;
}

export interface FakeClient {
  readonly client: ServiceClient;
  readonly asks: HeldAsk[];
  /** GetConfig requests received. */
  readonly configRequests: GetConfigRequest[];
  /** What GetConfig answers (SessionID / SessionKey are added, one new session per call). */
  config: Partial<PublicConfig>;
  /** When set, GetConfig fails with it. */
  configError: Error | null;
  /** Resolves with the next ask once it arrives (or the latest one if it already did). */
  nextAsk(): Promise<HeldAsk>;
}

export function serviceError(kind: ServiceErrorKind, message = `a ${kind} failure`, extra: { serviceMessage?: string; status?: number; code?: number; partialText?: string } = {}): ServiceError {
  return new ServiceError(kind, message, { operation: 'askStream', ...extra });
}

export function createFakeClient(): FakeClient {
  const asks: HeldAsk[] = [];
  const waiting: Array<(ask: HeldAsk) => void> = [];
  let seen = 0;
  let nextSession = 500;
  const notUsed = (name: string) => (): never => {
    throw new Error(`fake client: ${name} is not used by these tests`);
  };

  const fake: FakeClient = {
    asks,
    configRequests: [],
    config: { Name: 'Test bot' },
    configError: null,
    nextAsk() {
      const ready = asks[seen];
      if (ready !== undefined) {
        seen += 1;
        return Promise.resolve(ready);
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    client: {
      async getConfig(request: GetConfigRequest, options: CallOptions = {}): Promise<PublicConfig> {
        fake.configRequests.push(request);
        await Promise.resolve();
        if (options.signal?.aborted) throw serviceError('aborted');
        if (fake.configError) throw fake.configError;
        nextSession += 1;
        return { serialNumber: request.serialNumber, ...fake.config, SessionID: nextSession, SessionKey: `key-${nextSession}` };
      },
      askStream(request: Omit<AskRequest, 'stream'>, handlers: StreamHandlers, options: CallOptions = {}): Promise<StreamFinal> {
        return new Promise<StreamFinal>((resolve, reject) => {
          let text = '';
          let settled = false;
          const settle = (outcome: () => void): void => {
            if (settled) return;
            settled = true;
            outcome();
          };
          options.signal?.addEventListener('abort', () =>
            settle(() => reject(serviceError('aborted', 'The request was cancelled.', { partialText: text }))),
          );
          const ask: HeldAsk = {
            request,
            signal: options.signal,
            get text() {
              return text;
            },
            chunk(content) {
              if (settled) return;
              text += content;
              handlers.onChunk?.(content, text);
            },
            finish(answer = text) {
              settle(() => resolve({ QuestionID: 1, AnswerID: 2, Answer: answer, TotalToken: 3 }));
            },
            fail(kind, message, details = {}) {
              settle(() => reject(serviceError(kind, message, { ...details, partialText: text })));
            },
          };
          asks.push(ask);
          const waiter = waiting.shift();
          if (waiter !== undefined) {
            seen += 1;
            waiter(ask);
          }
        });
      },
      getSession: notUsed('getSession'),
      modelList: notUsed('modelList'),
      edit: notUsed('edit'),
      ask: notUsed('ask'),
      realEstateCreate: notUsed('realEstateCreate'),
      realEstateUpdate: notUsed('realEstateUpdate'),
      realEstateList: notUsed('realEstateList'),
      realEstateDelete: notUsed('realEstateDelete'),
      preUpload: notUsed('preUpload'),
      putFile: notUsed('putFile'),
      finishUpload: notUsed('finishUpload'),
      uploadFile: notUsed('uploadFile'),
    },
  };
  return fake;
}
