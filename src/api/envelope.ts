/**
 * Reading the response envelope (service-api.md 2.1 and 7) and checking each operation's Data shape. The checks
 * are deliberately shallow: enough that code using the client can trust the fields it reads, not a full schema.
 */
import { ServiceError } from './errors.js';
import { failureText } from './messages.js';
import type {
  AnswerRecord, GetSessionResponse, ModelListItem, PreUploadResponse, PublicConfig, RealEstateDeleteResponse,
  RealEstateListResponse,
} from './types.js';

/** Reads one operation's Data; throws ShapeMismatch when the shape is wrong. */
export type DataReader<T> = (data: unknown) => T;

export class ShapeMismatch extends Error {
  override readonly name = 'ShapeMismatch';
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function record(value: unknown, what: string): Record<string, unknown> {
  if (!isRecord(value)) throw new ShapeMismatch(`${what} is not an object`);
  return value;
}

function field<T>(source: Record<string, unknown>, name: string, check: (v: unknown) => v is T, kind: string): T {
  const value = source[name];
  if (!check(value)) throw new ShapeMismatch(`${name} is not ${kind}`);
  return value;
}

export const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
export const isString = (v: unknown): v is string => typeof v === 'string';
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';

export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: unknown } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error };
  }
}

export interface EnvelopeFailure {
  code?: number;
  message?: string;
}

/** What a failed envelope said, or undefined when `value` is not an envelope at all. */
export function envelopeFailure(value: unknown): EnvelopeFailure | undefined {
  if (!isRecord(value) || typeof value.Success !== 'boolean') return undefined;
  const failure: EnvelopeFailure = {};
  if (isNumber(value.Code)) failure.code = value.Code;
  const message = isString(value.Message) ? value.Message.trim() : '';
  if (message !== '') failure.message = message;
  return failure;
}

export function businessError(operation: string, failure: EnvelopeFailure, partialText?: string): ServiceError {
  return new ServiceError('business', failure.message ?? failureText.business(failure.code), {
    operation,
    code: failure.code,
    serviceMessage: failure.message,
    partialText,
  });
}

export function malformedError(operation: string, cause: unknown, partialText?: string): ServiceError {
  return new ServiceError('malformed', failureText.malformed, { operation, cause, partialText });
}

/** Reads a JSON envelope: Data on success, a business error on Success false, malformed otherwise. */
export function readEnvelope<T>(operation: string, text: string, read: DataReader<T>): T {
  const parsed = parseJson(text);
  if (!parsed.ok) throw malformedError(operation, parsed.error);
  const value = parsed.value;
  const failure = envelopeFailure(value);
  if (failure === undefined) throw malformedError(operation, new ShapeMismatch('the response is not an envelope'));
  // envelopeFailure checked the shape: an object with a boolean Success.
  const envelope = value as { Success: boolean; Data: unknown };
  if (!envelope.Success) throw businessError(operation, failure);
  try {
    return read(envelope.Data);
  } catch (error) {
    if (error instanceof ShapeMismatch) throw malformedError(operation, error);
    throw error;
  }
}

export const readNumber: DataReader<number> = (data) => {
  if (!isNumber(data)) throw new ShapeMismatch('Data is not a number');
  return data;
};

/** A listing id is a string on the wire; a numeric id is accepted and turned into its string form. */
export const readId: DataReader<string> = (data) => {
  if (isString(data) && data !== '') return data;
  if (isNumber(data)) return String(data);
  throw new ShapeMismatch('Data is not an id');
};

export const readConfig: DataReader<PublicConfig> = (data) => {
  const config = record(data, 'Data');
  field(config, 'SessionID', isNumber, 'a number');
  field(config, 'SessionKey', isString, 'a string');
  return config as unknown as PublicConfig;
};

/** SessionID, and SessionKey when the service sends it: a page that calls GetSession asks with that key. */
export const readSession: DataReader<GetSessionResponse> = (data) => {
  const session = record(data, 'Data');
  const SessionID = field(session, 'SessionID', isNumber, 'a number');
  return isString(session.SessionKey) && session.SessionKey !== '' ? { SessionID, SessionKey: session.SessionKey } : { SessionID };
};

export const readModelList: DataReader<ModelListItem[]> = (data) => {
  if (!Array.isArray(data)) throw new ShapeMismatch('Data is not a list');
  return data.map((entry: unknown): ModelListItem => {
    const item = record(entry, 'a model');
    const key = item.Key;
    if (!isString(key) && !isNumber(key)) throw new ShapeMismatch('Key is not a string');
    return {
      Key: String(key),
      Value: field(item, 'Value', isString, 'a string'),
      Status: item.Status === undefined ? true : field(item, 'Status', isBoolean, 'a boolean'),
    };
  });
};

export const readAnswer: DataReader<AnswerRecord> = (data) => {
  const answer = record(data, 'Data');
  return {
    messageid: field(answer, 'messageid', isNumber, 'a number'),
    content: field(answer, 'content', isString, 'a string'),
    totalToken: field(answer, 'totalToken', isNumber, 'a number'),
    noAnswer: field(answer, 'noAnswer', isBoolean, 'a boolean'),
  };
};

export const readListingPage: DataReader<RealEstateListResponse> = (data) => {
  const page = record(data, 'Data');
  const list = page.List;
  if (!Array.isArray(list)) throw new ShapeMismatch('List is not a list');
  for (const item of list) field(record(item, 'a listing'), 'ID', isNumber, 'a number');
  return {
    List: list as RealEstateListResponse['List'],
    VirtualCount: field(page, 'VirtualCount', isNumber, 'a number'),
  };
};

export const readDeleteResult: DataReader<RealEstateDeleteResponse> = (data) => ({
  SuccessCount: field(record(data, 'Data'), 'SuccessCount', isNumber, 'a number'),
});

export const readPreUpload: DataReader<PreUploadResponse> = (data) => {
  const target = record(data, 'Data');
  return {
    FileStoreId: field(target, 'FileStoreId', isNumber, 'a number'),
    PreUploadUrl: field(target, 'PreUploadUrl', isString, 'a string'),
  };
};
