/**
 * The one error type of the service client. `kind` tells the levels apart (service-api.md section 7):
 * - network: the request never got an HTTP answer (offline, DNS, CORS, connection reset);
 * - http: an HTTP status outside 2xx (`status`);
 * - business: the envelope said Success false (`code` and `serviceMessage` keep what the service said);
 * - malformed: the response could not be read as the operation's shape;
 * - aborted: the caller's AbortSignal fired;
 * - interrupted: a streamed answer ended before its final object (`partialText` keeps what arrived).
 * `message` is written for a person to read.
 */
export type ServiceErrorKind = 'network' | 'http' | 'business' | 'malformed' | 'aborted' | 'interrupted';

export interface ServiceErrorDetails {
  operation: string;
  status?: number;
  code?: number;
  serviceMessage?: string;
  partialText?: string;
  cause?: unknown;
}

export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  // `declare`: the constructor assigns them; class fields would only add a second, undefined definition first.
  declare readonly kind: ServiceErrorKind;
  declare readonly operation: string;
  declare readonly status: number | undefined;
  declare readonly code: number | undefined;
  declare readonly serviceMessage: string | undefined;
  declare readonly partialText: string | undefined;

  constructor(kind: ServiceErrorKind, message: string, details: ServiceErrorDetails) {
    // Error reads `cause` from its options only when the key is there: details without one make an error without one.
    super(message, details);
    // A detail not given is read as undefined all the same.
    Object.assign(this, details, { kind });
  }
}

export function isServiceError(value: unknown): value is ServiceError {
  return value instanceof ServiceError;
}
