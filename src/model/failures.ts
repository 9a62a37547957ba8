/** How a failed call is told: in plain words to the visitor, by kind to the page's error listeners. */
import { isServiceError } from '../api/errors.js';

export const GENERIC_FAILURE = 'Something went wrong. Please try again.';

/** The plain-words reason of a failure: the service's own Message when it gave one (monthly cap, rate limit...). */
export function failureMessage(error: unknown): string {
  if (!isServiceError(error)) return GENERIC_FAILURE;
  if ((error.kind === 'business' || error.kind === 'http') && error.serviceMessage) return error.serviceMessage;
  return error.message || GENERIC_FAILURE;
}

/** The kind an 'error' event reports: the ServiceError's kind, or 'unknown'. */
export function errorKind(error: unknown): string {
  return isServiceError(error) ? error.kind : 'unknown';
}
