/**
 * ClientAsk with stream true, over @microsoft/fetch-event-source.
 *
 * A question is sent exactly once: the transport's re-send on visibility change is off (openWhenHidden) and its
 * automatic retry is off (onerror rethrows), because retrying is the person's decision. fetchEventSource
 * resolves, rather than rejects, when its signal aborts, and it never reports a stream that simply ends; both are
 * detected here, so the caller always gets the final record or one ServiceError.
 */
import { fetchEventSource, type EventSourceMessage } from '@microsoft/fetch-event-source';
import type { CallOptions, StreamHandlers } from './client.js';
import { businessError, malformedError, readAnswer, readEnvelope } from './envelope.js';
import { ServiceError } from './errors.js';
import { abortedError, httpError, readBody, throwIfAborted, transportError, type Transport } from './http.js';
import { failureText } from './messages.js';
import { createFramingNormalizer, interpretEvent } from './stream-framing.js';
import { createTextEventMerger } from './stream-merge.js';
import { ASK_PATH, type AskRequest, type StreamFinal } from './types.js';

const OPERATION = 'askStream';
/** How long a stream may stay open after its final object before the client ends it. */
export const CLOSE_GRACE_MS = 1000;
/**
 * How long the service may stay silent (no byte, not even a heartbeat), from the request on, before the answer
 * counts as cut off. A connection that dropped without a word (a phone changing networks, a proxy's idle cut)
 * otherwise shows the answer streaming until the visitor presses Stop. Generous, for a slow first word.
 */
export const STREAM_SILENCE_MS = 90_000;

function mediaTypeOf(response: Response): string {
  return (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

function isJsonResponse(response: Response): boolean {
  const mediaType = mediaTypeOf(response);
  return mediaType === 'application/json' || mediaType.endsWith('+json');
}

/** fetchEventSource calls window.clearTimeout and document.removeEventListener unconditionally. */
const BROWSER_GLOBALS = ['window', 'document'] as const;

/**
 * Throws, naming what is missing, where fetchEventSource's browser globals are not there (Node). Not a
 * ServiceError: nothing was sent, the environment is wrong. src/ never installs globals itself. The client's
 * askStream checks first (operations.ts); the widget, which only runs in a page, calls streamAnswer directly.
 */
export function assertBrowserGlobals(): void {
  const missing = BROWSER_GLOBALS.filter((name) => !(name in globalThis));
  if (missing.length > 0) {
    throw new Error(
      `askStream needs the browser globals window and document (@microsoft/fetch-event-source uses them); ` +
        `missing: ${missing.join(', ')}. In Node, install them before calling it.`,
    );
  }
}

export async function streamAnswer(
  transport: Transport,
  request: Omit<AskRequest, 'stream'>,
  handlers: StreamHandlers,
  options: CallOptions = {},
): Promise<StreamFinal> {
  const { signal } = options;
  throwIfAborted(OPERATION, signal);
  const headers = await transport.headers(
    { accept: 'text/event-stream, application/json', 'content-type': 'application/json' },
    OPERATION,
  );
  throwIfAborted(OPERATION, signal);
  const body = JSON.stringify({ ...request, stream: true });

  return new Promise<StreamFinal>((resolve, reject) => {
    const transportControl = new AbortController();
    let text = '';
    let opened = false;
    let settled = false;

    let closeTimer: ReturnType<typeof setTimeout> | undefined;
    let silenceTimer: ReturnType<typeof setTimeout> | undefined;

    /**
     * After a failure nothing is trusted: the request ends at once. After the final object the service closes the
     * stream itself a moment later; ending it first would abort a response still arriving (a failed request in
     * DevTools, and an HTTP/1.1 connection the browser cannot reuse), so a stream left open is ended only after
     * CLOSE_GRACE_MS, or at once when the caller aborts meanwhile.
     */
    function settle(outcome: () => void, closeAfterMs?: number): void {
      if (settled) return;
      settled = true;
      clearTimeout(silenceTimer);
      outcome();
      if (closeAfterMs === undefined) transportControl.abort();
      else closeTimer = setTimeout(() => transportControl.abort(), closeAfterMs);
    }
    const fail = (error: unknown): void => settle(() => reject(error));
    const succeed = (final: StreamFinal): void => settle(() => resolve(final), CLOSE_GRACE_MS);
    function onCallerAbort(): void {
      if (settled) transportControl.abort();
      else fail(abortedError(OPERATION, signal?.reason, text));
    }
    const interrupted = (cause?: unknown): ServiceError =>
      new ServiceError('interrupted', failureText.interrupted, { operation: OPERATION, partialText: text, cause });
    signal?.addEventListener('abort', onCallerAbort, { once: true });
    function heard(): void {
      clearTimeout(silenceTimer);
      if (settled) return;
      silenceTimer = setTimeout(() => {
        const cause = new Error(`nothing from the service for ${STREAM_SILENCE_MS / 1000} s`);
        fail(opened ? interrupted(cause) : transportError(OPERATION, cause, signal));
      }, STREAM_SILENCE_MS);
    }
    heard();

    function addText(content: string): void {
      if (content === '' || settled) return;
      text += content;
      try {
        handlers.onChunk?.(content, text);
      } catch (error) {
        fail(error);
      }
    }

    const normalizingFetch: typeof fetch = async (input, init) => {
      const response = await transport.fetch(input, init);
      if (!response.ok || !response.body || isJsonResponse(response)) return response;
      return new Response(response.body.pipeThrough(createFramingNormalizer(heard)).pipeThrough(createTextEventMerger()), {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    };

    async function onopen(response: Response): Promise<void> {
      opened = true;
      if (!response.ok) throw httpError(OPERATION, response.status, await readBody(OPERATION, response, signal));
      // A web page (a wrong baseUrl, a captive portal, an app's fallback page) is not an answer cut short.
      if (mediaTypeOf(response) === 'text/html') throw malformedError(OPERATION, new Error('an HTML page, not a stream'));
      if (!isJsonResponse(response)) return;
      // A JSON answer instead of a stream: an envelope, most likely a business error such as a rate limit.
      const answer = readEnvelope(OPERATION, await readBody(OPERATION, response, signal), readAnswer);
      addText(answer.content);
      succeed({ QuestionID: 0, AnswerID: answer.messageid, Answer: answer.content, TotalToken: answer.totalToken });
    }

    function onmessage(message: EventSourceMessage): void {
      if (settled) return;
      const item = interpretEvent(message.data, message.event);
      switch (item.type) {
        case 'ignore':
          return;
        case 'chunk':
          addText(item.content);
          return;
        case 'final': {
          const { type, content, ...final } = item;
          if (content !== undefined) addText(content);
          succeed({ ...final, Answer: final.Answer ?? text });
          return;
        }
        case 'failure':
          fail(businessError(OPERATION, item, text));
          return;
        case 'malformed':
          fail(malformedError(OPERATION, new Error(item.reason), text));
          return;
      }
    }

    fetchEventSource(transport.operationUrl('ask', ASK_PATH), {
      method: 'POST',
      headers,
      body,
      signal: transportControl.signal,
      openWhenHidden: true,
      fetch: normalizingFetch,
      onopen,
      onmessage,
      onerror(error: unknown) {
        throw error;
      },
    })
      .finally(() => {
        clearTimeout(closeTimer);
        signal?.removeEventListener('abort', onCallerAbort);
      })
      .then(
        () => fail(interrupted()),
        (error: unknown) => {
          // A ServiceError is ours (onopen's status and JSON answer checks); any other failure before the response opened is the network's.
          if (error instanceof ServiceError || !opened) fail(transportError(OPERATION, error, signal));
          else fail(interrupted(error));
        },
      );
  });
}
