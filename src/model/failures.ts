/**
 * How a failed call is told: in plain words to the visitor, in mount()'s `texts` where given, and by kind to the
 * page's error listeners. In the panel's bundle: the launcher's never words a failure.
 */
import { isServiceError } from '../api/errors.js';
import { GENERIC_FAILURE, fill, type TextOverrides } from './texts.js';

/**
 * The plain-words reason of a failure, in `texts`: the service's own Message when it gave one (monthly cap, rate
 * limit...), else the sentence for its kind, else the service client's English one.
 */
export function failureMessage(error: unknown, texts: TextOverrides = {}): string {
  const generic = texts.genericFailure ?? GENERIC_FAILURE;
  if (!isServiceError(error)) return generic;
  const { kind, serviceMessage } = error;
  if ((kind === 'business' || kind === 'http') && serviceMessage) return serviceMessage;
  // A refusal without a Code has nothing to put in `business`'s {code}: the generic sentence says it instead.
  const text = kind === 'business' && error.code === undefined ? texts.genericFailure : texts[kind];
  return text ? fill(text, { status: error.status, code: error.code }) : error.message || generic;
}

/** The kind an 'error' event reports: the ServiceError's kind, or 'unknown'. */
export function errorKind(error: unknown): string {
  return isServiceError(error) ? error.kind : 'unknown';
}
