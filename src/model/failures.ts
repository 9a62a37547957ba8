/**
 * How a failed call is told: in plain words to the visitor, in mount()'s `texts` where given, and by kind to the
 * page's error listeners. In the panel's bundle: the launcher's never words a failure.
 */
import { isServiceError } from '../api/errors.js';
import { GENERIC_FAILURE, fill, type TextOverrides } from './texts.js';

/**
 * The visitor's words for an HTTP status the service gave no words of its own for. Not the service client's sentence
 * ("answered with HTTP 502"), which stays the ServiceError's message and the 'error' event's, for the page's logs:
 * the words that say what to do live here, in the panel's bundle, not in the launcher's (request-failures.ts).
 */
export const HTTP_FAILURE_TEXTS = {
  serverTrouble: 'The chat service is having trouble right now. Try again in a moment.',
  tooManyRequests: 'The chat service is busy. Wait a moment, then try again.',
  messageTooLarge: 'This message is too large to send.',
  // Another status (a path the service does not have, a request it cannot read): nothing the visitor can act on.
  http: GENERIC_FAILURE,
} satisfies TextOverrides;

/**
 * `texts` over the HTTP statuses' English words, but where they word `http` themselves: a translation made before the
 * statuses had words of their own keeps wording every status it leaves out in its own language, not in English.
 */
export const withHttpTexts = (texts: TextOverrides = {}): TextOverrides => (texts.http ? texts : { ...HTTP_FAILURE_TEXTS, ...texts });

/**
 * The plain-words reason of a failure, in `texts`: the service's own Message when it gave one (monthly cap, rate
 * limit...), else the sentence for its kind (an HTTP failure's by its status, else `http`'s), else the service
 * client's English one.
 */
export function failureMessage(error: unknown, texts: TextOverrides = {}): string {
  const generic = texts.genericFailure ?? GENERIC_FAILURE;
  if (!isServiceError(error)) return generic;
  const { kind, serviceMessage, status = 0 } = error;
  if ((kind === 'business' || kind === 'http') && serviceMessage) return serviceMessage;
  const text =
    kind === 'http'
      ? texts[status > 499 ? 'serverTrouble' : status === 429 ? 'tooManyRequests' : status === 413 ? 'messageTooLarge' : 'http'] ??
        texts.http
      : // A refusal without a Code has nothing to put in `business`'s {code}: the generic sentence says it instead.
        kind === 'business' && error.code === undefined ? texts.genericFailure : texts[kind];
  return text ? fill(text, { status: error.status, code: error.code }) : error.message || generic;
}

/**
 * The service no longer knows the session the request carried: HTTP 401, or an HTTP 200 whose envelope says Code 401
 * (service-api.md 7 diagnoses a failure at either level; a business error has no status, an HTTP one always has).
 * The request was refused, not served: the question and the media pre-upload are made once more in a fresh session.
 */
export const isSessionRefused = (error: unknown): boolean => isServiceError(error) && (error.status ?? error.code) === 401;

/**
 * Whether the service refused the question itself, so asking it again as it is cannot be answered: a monthly cap
 * used up (402: not before next month), a question too large (413) or one it calls invalid (400), by the HTTP status
 * or, refused with Success false, by the Code. A rate limit (429), a service in trouble (5xx), a lost connection or an
 * unreadable answer may pass the next time.
 */
export const refusedForGood = (error: unknown): boolean =>
  isServiceError(error) && [400, 402, 413].includes(error.status ?? error.code ?? 0);

/** The kind an 'error' event reports: the ServiceError's kind, or 'unknown'. */
export function errorKind(error: unknown): string {
  return isServiceError(error) ? error.kind : 'unknown';
}
