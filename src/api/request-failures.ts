/**
 * The plain words of the failures any request can end in. The launcher's GetConfig (src/model/get-config.ts) and
 * the full client (messages.ts) both say them, so they live once, in the bundle that loads before the chat opens.
 */
export const requestFailureText = {
  network: 'Could not reach the chat service. Check your connection.',
  http: (status: number, serviceMessage?: string): string =>
    `The chat service answered with HTTP ${status}.${serviceMessage ? ` ${serviceMessage}` : ''}`,
  malformed: 'The chat service sent a response the widget could not read.',
  aborted: 'The request was cancelled.',
} as const;
