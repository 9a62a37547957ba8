/**
 * Every sentence the service client puts into a ServiceError's `message`. They are shown to the person using the
 * widget, so they say what happened in plain words and never include stack traces or raw response bodies.
 */
export const failureText = {
  network: 'Could not reach the chat service. Check your connection.',
  http: (status: number, serviceMessage?: string): string =>
    `The chat service answered with HTTP ${status}.${serviceMessage ? ` ${serviceMessage}` : ''}`,
  business: (code: number | undefined): string =>
    `The chat service could not complete the request${code === undefined ? '' : ` (code ${code})`}.`,
  malformed: 'The chat service sent a response the widget could not read.',
  aborted: 'The request was cancelled.',
  interrupted: 'The answer was interrupted before it was complete.',
  emptyAnswer: 'The chatbot sent an empty answer.',
  uploadRejected: 'The chat service did not accept the uploaded file.',
} as const;
