/**
 * ClientAsk with stream true: one POST, its response read as server-sent events.
 *
 * A question is sent exactly once: nothing here sends it again (not when the page is hidden and shown, not after a
 * failure), because retrying is the person's decision. The request resolves, rather than rejects, when it is
 * aborted, and when its stream simply ends; both are detected here, so the caller always gets the final record or
 * one ServiceError. This was @microsoft/fetch-event-source 2.0.1 with openWhenHidden and an onerror that rethrows;
 * the request below and stream-events.ts do what it did with those options.
 */
import type { CallOptions, StreamHandlers } from './client.js';
import { businessError, malformedError, readAnswer, readEnvelope } from './envelope.js';
import { ServiceError } from './errors.js';
import { abortedError, httpError, readBody, throwIfAborted, transportError, type Transport } from './http.js';
import { keepArrays } from './json.js';
import { failureText } from './messages.js';
import { createEventReader, type StreamEvent } from './stream-events.js';
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

export async function streamAnswer(
  transport: Transport,
  request: Omit<AskRequest, 'stream'>,
  handlers: StreamHandlers,
  options: CallOptions = {},
): Promise<StreamFinal> {
  const { signal } = options;
  throwIfAborted(OPERATION, signal);
  const body = JSON.stringify({ ...request, stream: true }, keepArrays);

  return new Promise<StreamFinal>((resolve, reject) => {
    const transportControl = new AbortController();
    let text = '';
    /** A stream's events are being read: silence or a failure from here on cuts an answer short. */
    let opened = false;
    /** An error status, once it came: what the question fails with if its body never ends. */
    let status = 0;
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
        fail(status ? httpError(OPERATION, status, '') : opened ? interrupted(cause) : transportError(OPERATION, cause, signal));
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

    async function onopen(response: Response): Promise<void> {
      if (!response.ok) {
        // The status is the failure; its body only adds the service's words. One that never ends (a proxy's 502 left
        // open) or breaks off fails with the status too, not as an answer cut off: an HTTP failure gives the visitor's
        // rate-limit slot back, words by status, and a 401 its new session.
        status = response.status;
        throw httpError(OPERATION, status, await response.text().catch(() => ''));
      }
      // A web page (a wrong baseUrl, a captive portal, an app's fallback page) is not an answer cut short.
      if (mediaTypeOf(response) === 'text/html') throw malformedError(OPERATION, new Error('an HTML page, not a stream'));
      if (!isJsonResponse(response)) return;
      // A JSON answer instead of a stream: an envelope, most likely a business error such as a rate limit.
      const answer = readEnvelope(OPERATION, await readBody(OPERATION, response, signal), readAnswer);
      addText(answer.content);
      succeed({ QuestionID: 0, AnswerID: answer.messageid, Answer: answer.content, TotalToken: answer.totalToken });
    }

    function onmessage(message: StreamEvent): void {
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

    /**
     * Sends the question and reads its events: resolves when the stream ends or transportControl aborts, rejects
     * with what went wrong before either (onopen's checks, the network, a body that is not there).
     */
    const requestSignal = transportControl.signal;
    const requested = new Promise<void>((resolve, reject) => {
      requestSignal.addEventListener('abort', () => resolve());
      (async () => {
        // Within the silence limit and the caller's abort: a site's headers function that never settles (a token
        // refresh on a dead network) left the question waiting for good, deaf to Stop.
        const headers = await transport.headers(
          { accept: 'text/event-stream, application/json', 'content-type': 'application/json' },
          OPERATION,
        );
        requestSignal.throwIfAborted(); // stopped meanwhile: nothing is sent
        const response = await transport.fetch(transport.operationUrl('ask', ASK_PATH), {
          method: 'POST',
          body,
          // fetch-event-source's default, for a caller's headers that blank the accept header.
          headers: { ...headers, accept: headers.accept || 'text/event-stream' },
          signal: requestSignal,
        });
        await onopen(response);
        // Only now: a JSON answer's body that never ends is a service that cannot be reached, as for the JSON operations.
        opened = true;
        if (!response.body) throw new TypeError('the response has no body');
        // After a JSON answer (onopen read it and settled) the body is locked and this throws: a rejection that changes
        // nothing, as fetch-event-source's own read of it did.
        const events = response.body.pipeThrough(createFramingNormalizer(heard)).pipeThrough(createTextEventMerger());
        const reader = events.getReader();
        const read = createEventReader(onmessage);
        for (let chunk; !(chunk = await reader.read()).done; ) read(chunk.value);
        resolve();
      })().catch((error: unknown) => {
        // Once aborted, a failure is the abort's own doing, and the promise has resolved.
        if (requestSignal.aborted) return;
        reject(error);
        transportControl.abort();
      });
    });

    requested
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
