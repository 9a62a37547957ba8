/**
 * ClientAsk with stream true: one fetch, its body read and decoded once, split into events (stream-framing.ts).
 *
 * A question is sent exactly once: nothing here retries or re-sends (retrying is the person's decision). The
 * caller always gets the final record or one ServiceError; a stream that simply ends is an interrupted answer.
 */
import type { CallOptions, StreamHandlers } from './client';
import { businessError, malformedError, parseJson, readAnswer, unwrapEnvelope } from './envelope';
import { ServiceError } from './errors';
import { abortedError, httpError, readBody, throwIfAborted, transportError, type Transport } from './http';
import { failureText } from './messages';
import { createEventReader, interpretEvent, type StreamItem } from './stream-framing';
import { ASK_PATH, type AskRequest, type StreamFinal } from './types';

const OPERATION = 'askStream';

function isJsonResponse(response: Response): boolean {
  const mediaType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
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
  const headers = await transport.headers({
    accept: 'text/event-stream, application/json',
    'content-type': 'application/json',
  });
  throwIfAborted(OPERATION, signal);
  // Ends the request once the answer is settled: after the final object nothing more is wanted, after a failure
  // nothing is trusted, and the caller's abort ends it at once.
  const connection = new AbortController();
  const abortConnection = (): void => connection.abort();
  signal?.addEventListener('abort', abortConnection, { once: true });
  let text = '';
  const interrupted = (cause?: unknown): ServiceError =>
    signal?.aborted
      ? abortedError(OPERATION, signal.reason, text)
      : new ServiceError('interrupted', failureText.interrupted, { operation: OPERATION, partialText: text, cause });

  const addText = (content: string): void => {
    if (content === '') return;
    text += content;
    handlers.onChunk?.(content, text);
  };

  /** The final record once an event ends the answer; throws for a failure. */
  function settleOn(item: StreamItem): StreamFinal | undefined {
    switch (item.type) {
      case 'chunk':
        addText(item.content);
        return undefined;
      case 'done':
        return { QuestionID: 0, AnswerID: 0, Answer: text, TotalToken: 0 };
      case 'final':
        if (item.content !== undefined) addText(item.content);
        return {
          QuestionID: item.questionId,
          AnswerID: item.answerId,
          Answer: item.answer ?? text,
          TotalToken: item.totalToken,
          ...(item.taskCompleted === undefined ? {} : { TaskCompleted: item.taskCompleted }),
        };
      case 'failure':
        throw businessError(OPERATION, item, text);
      case 'malformed':
        throw malformedError(OPERATION, new Error(item.reason), text);
      default:
        return undefined;
    }
  }

  try {
    let response: Response;
    try {
      response = await transport.fetch(transport.operationUrl('ask', ASK_PATH), {
        method: 'POST',
        headers,
        body: JSON.stringify({ ...request, stream: true }),
        signal: connection.signal,
      });
    } catch (error) {
      throw signal?.aborted ? interrupted() : transportError(OPERATION, error, signal);
    }
    if (!response.ok) throw httpError(OPERATION, response.status, await readBody(OPERATION, response, signal));
    if (isJsonResponse(response)) {
      // A JSON answer instead of a stream: an envelope, most likely a business error such as a rate limit.
      const parsed = parseJson(await readBody(OPERATION, response, signal));
      if (!parsed.ok) throw malformedError(OPERATION, parsed.error);
      const answer = unwrapEnvelope(OPERATION, parsed.value, readAnswer);
      addText(answer.content);
      return { QuestionID: 0, AnswerID: answer.messageid, Answer: answer.content, TotalToken: answer.totalToken };
    }

    let final: StreamFinal | undefined;
    const events = createEventReader((data, last) => {
      final ??= settleOn(interpretEvent(data, last));
    });
    const body = response.body?.getReader();
    const decoder = new TextDecoder();
    while (body !== undefined && final === undefined) {
      let read: ReadableStreamReadResult<Uint8Array>;
      try {
        read = await body.read();
      } catch (error) {
        throw interrupted(error);
      }
      // An abort from inside onChunk: the text so far is kept, nothing after it is read.
      if (signal?.aborted) throw interrupted();
      if (read.done) {
        events.push(decoder.decode());
        events.end();
        break;
      }
      events.push(decoder.decode(read.value, { stream: true }));
    }
    if (final === undefined) throw interrupted();
    return final;
  } finally {
    signal?.removeEventListener('abort', abortConnection);
    connection.abort();
  }
}
