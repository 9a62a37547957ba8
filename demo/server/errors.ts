/**
 * Error codes of the reference service. service-api.md section 7 leaves Code values open, so these are ours.
 *
 * Business errors (HTTP 200, envelope Success false, Code below):
 *   400 validation: a missing, mistyped or out-of-range field; Message names the field.
 *   402 monthly cap: the chatbot's MessageLimit for this calendar month is used up.
 *   403 not permitted: the Origin is not in the chatbot's Domains, or the feature is turned off.
 *   404 not found: unknown serialNumber, sessionID, listing key or file id.
 *   409 conflict: a file not finished yet (or already finished), wrong upload state.
 *   429 rate limit: RateLimitCount questions within RateLimitTime seconds for this session or visitor (limits.ts).
 *
 * HTTP errors (the HTTP status and the envelope Code are the same number):
 *   400 malformed JSON or an empty body, 401 missing or wrong credential, 404 unknown path, 405 wrong method,
 *   410 expired upload URL, 413 body or file too large, 415 file type not accepted or a JSON operation's body not
 *   sent as Content-Type: application/json, 500 internal error.
 */
export const Code = {
  ok: 200,
  validation: 400,
  unauthorized: 401,
  monthlyCap: 402,
  forbidden: 403,
  notFound: 404,
  methodNotAllowed: 405,
  conflict: 409,
  gone: 410,
  tooLarge: 413,
  unsupportedType: 415,
  rateLimited: 429,
  internal: 500,
} as const;

/** A business failure: answered with HTTP 200 and Success false. */
export class BusinessError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'BusinessError';
  }
}

/** A failure at the HTTP level: answered with this status and an envelope whose Code is the same. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function validationError(message: string): BusinessError {
  return new BusinessError(Code.validation, message);
}

export function notFound(message: string): BusinessError {
  return new BusinessError(Code.notFound, message);
}
