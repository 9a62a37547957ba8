/**
 * Every sentence the service client puts into a ServiceError's `message`. They are shown to the person using the
 * widget, so they say what happened in plain words and never include stack traces or raw response bodies.
 */
import { requestFailureText } from './request-failures.js';

export const failureText = {
  ...requestFailureText,
  business: (code: number | undefined): string =>
    `The chat service could not complete the request${code === undefined ? '' : ` (code ${code})`}.`,
  interrupted: 'The answer was interrupted before it was complete.',
  emptyAnswer: 'The chatbot sent an empty answer.',
  uploadRejected: 'The chat service did not accept the uploaded file.',
} as const;
