/**
 * A small declarative validator for request bodies. Every failure is a business error (Code 400) whose Message
 * starts with the field's name, so a person (and a test) can tell what to fix. Unknown fields are refused too: a
 * misspelt field name would otherwise be silently ignored. Every number, whatever its rule, is finite and within
 * ±Number.MAX_SAFE_INTEGER: beyond it an integer is no longer exact, and from 1e21 a number prints as "1e+21".
 */
import { validationError } from './errors';

interface BaseRule {
  required?: boolean;
  /**
   * What null means. By default the field is taken as absent (ClientAsk's chatAskType "may be null"). "clear":
   * validateBody returns the null, for an update that removes or empties the field (RealEstateUpdate, Edit);
   * "refuse": a validation error, for a field an update may change but never remove.
   */
  onNull?: 'absent' | 'clear' | 'refuse';
}
export interface StringRule extends BaseRule {
  type: 'string';
  oneOf?: readonly string[];
  /** Refuse "" (after trimming) even when the field is present. */
  nonEmpty?: boolean;
  maxLength?: number;
  /** Returns a description of what is wrong, or undefined when the value is fine. */
  check?: (value: string) => string | undefined;
}
export interface NumberRule extends BaseRule {
  type: 'number' | 'integer';
  /** Default -Number.MAX_SAFE_INTEGER; a lower one is no use. */
  min?: number;
  /** Default Number.MAX_SAFE_INTEGER; a higher one is no use. */
  max?: number;
  /** Returns a description of what is wrong, or undefined when the value is fine. */
  check?: (value: number) => string | undefined;
}
export interface BooleanRule extends BaseRule {
  type: 'boolean';
}
export interface StringArrayRule extends BaseRule {
  type: 'string[]';
  maxItems?: number;
  nonEmpty?: boolean;
  check?: (value: string) => string | undefined;
}
export interface IntegerArrayRule extends BaseRule {
  type: 'integer[]';
  maxItems?: number;
}
export interface KeyValueArrayRule extends BaseRule {
  type: 'keyValue[]';
  maxItems?: number;
}
export type FieldRule = StringRule | NumberRule | BooleanRule | StringArrayRule | IntegerArrayRule | KeyValueArrayRule;
export type Schema = Readonly<Record<string, FieldRule>>;

const DEFAULT_MAX_STRING = 20_000;
const DEFAULT_MAX_ITEMS = 100;

/**
 * Checks `body` against `schema` and returns its fields; null counts as absent unless the rule's onNull says
 * otherwise. Throws on the first problem.
 */
export function validateBody(body: unknown, schema: Schema): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw validationError('Request body must be a JSON object.');
  }
  const input = body as Record<string, unknown>;
  for (const name of Object.keys(input)) {
    if (!Object.hasOwn(schema, name)) throw validationError(`${name}: unknown field.`);
  }
  const result: Record<string, unknown> = {};
  for (const [name, rule] of Object.entries(schema)) {
    const value = input[name];
    if (value === null && rule.onNull === 'refuse') {
      throw validationError(`${name}: must not be null: the field cannot be removed; send a value or leave it out.`);
    }
    if (value === null && rule.onNull === 'clear') {
      result[name] = null;
      continue;
    }
    if (value === undefined || value === null) {
      if (rule.required) throw validationError(`${name}: required field is missing.`);
      continue;
    }
    checkValue(name, value, rule);
    result[name] = value;
  }
  return result;
}

function checkValue(name: string, value: unknown, rule: FieldRule): void {
  switch (rule.type) {
    case 'string':
      return checkString(name, value, rule);
    case 'boolean':
      if (typeof value !== 'boolean') throw typeError(name, 'a boolean (true or false)', value);
      return;
    case 'number':
    case 'integer':
      return checkNumber(name, value, rule);
    case 'string[]':
      return checkStringArray(name, value, rule);
    case 'integer[]':
      return checkIntegerArray(name, value, rule);
    case 'keyValue[]':
      return checkKeyValueArray(name, value, rule);
  }
}

function checkString(name: string, value: unknown, rule: StringRule): void {
  if (typeof value !== 'string') throw typeError(name, 'a string', value);
  const maxLength = rule.maxLength ?? DEFAULT_MAX_STRING;
  if (value.length > maxLength) throw validationError(`${name}: at most ${maxLength} characters (got ${value.length}).`);
  if (rule.nonEmpty && value.trim() === '') throw validationError(`${name}: must not be empty.`);
  if (rule.oneOf && !rule.oneOf.includes(value)) {
    throw validationError(`${name}: must be one of ${rule.oneOf.map((v) => `"${v}"`).join(', ')} (got ${show(value)}).`);
  }
  const problem = rule.check?.(value);
  if (problem) throw validationError(`${name}: ${problem}`);
}

function checkNumber(name: string, value: unknown, rule: NumberRule): void {
  const kind = rule.type === 'integer' ? 'an integer' : 'a number';
  if (typeof value !== 'number' || !Number.isFinite(value)) throw typeError(name, kind, value);
  if (rule.type === 'integer' && !Number.isInteger(value)) throw typeError(name, kind, value);
  const min = Math.max(rule.min ?? -Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER);
  const max = Math.min(rule.max ?? Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  if (value < min) throw validationError(`${name}: must be at least ${min} (got ${value}).`);
  if (value > max) throw validationError(`${name}: must be at most ${max} (got ${value}).`);
  const problem = rule.check?.(value);
  if (problem) throw validationError(`${name}: ${problem}`);
}

function checkStringArray(name: string, value: unknown, rule: StringArrayRule): void {
  if (!Array.isArray(value)) throw typeError(name, 'an array of strings', value);
  checkItemCount(name, value, rule.maxItems, rule.nonEmpty);
  value.forEach((item: unknown, index) => {
    if (typeof item !== 'string') throw typeError(`${name}[${index}]`, 'a string', item);
    const problem = rule.check?.(item);
    if (problem) throw validationError(`${name}[${index}]: ${problem}`);
  });
}

function checkIntegerArray(name: string, value: unknown, rule: IntegerArrayRule): void {
  if (!Array.isArray(value)) throw typeError(name, 'an array of integers', value);
  checkItemCount(name, value, rule.maxItems, false);
  value.forEach((item: unknown, index) => {
    if (typeof item !== 'number' || !Number.isInteger(item)) throw typeError(`${name}[${index}]`, 'an integer', item);
    if (!Number.isSafeInteger(item)) {
      throw validationError(`${name}[${index}]: must be from -${Number.MAX_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER} (got ${item}).`);
    }
  });
}

function checkKeyValueArray(name: string, value: unknown, rule: KeyValueArrayRule): void {
  if (!Array.isArray(value)) throw typeError(name, 'an array of {Key, value} objects', value);
  checkItemCount(name, value, rule.maxItems, false);
  value.forEach((item: unknown, index) => {
    const where = `${name}[${index}]`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw typeError(where, 'an object', item);
    const entry = item as Record<string, unknown>;
    for (const key of Object.keys(entry)) {
      if (key !== 'Key' && key !== 'value') throw validationError(`${where}.${key}: unknown field (use Key and value).`);
    }
    if (entry.Key === undefined || entry.Key === null) throw validationError(`${where}.Key: required field is missing.`);
    if (typeof entry.Key !== 'string') throw typeError(`${where}.Key`, 'a string', entry.Key);
    if (entry.Key.trim() === '') throw validationError(`${where}.Key: must not be empty.`);
    if (entry.value !== undefined && entry.value !== null && typeof entry.value !== 'string') {
      throw typeError(`${where}.value`, 'a string', entry.value);
    }
  });
}

function checkItemCount(name: string, value: unknown[], maxItems: number | undefined, nonEmpty: boolean | undefined): void {
  const max = maxItems ?? DEFAULT_MAX_ITEMS;
  if (value.length > max) throw validationError(`${name}: at most ${max} items (got ${value.length}).`);
  if (nonEmpty && value.length === 0) throw validationError(`${name}: must hold at least one item.`);
}

function typeError(name: string, expected: string, value: unknown) {
  return validationError(`${name}: must be ${expected} (got ${show(value)}).`);
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** Shared checks used by several schemas. */
export function httpUrlProblem(value: string): string | undefined {
  if (value === '') return undefined;
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return undefined;
  } catch {
    // Falls through to the message below.
  }
  return `must be an absolute http(s) URL (got ${show(value)}).`;
}

export function linkUrlProblem(value: string): string | undefined {
  if (value === '' || /^mailto:[^\s@]+@[^\s@]+$/i.test(value)) return undefined;
  return httpUrlProblem(value) && `must be an absolute http(s) or mailto: URL (got ${show(value)}).`;
}

export function emailProblem(value: string): string | undefined {
  if (value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return undefined;
  return `must be an e-mail address like name@example.com (got ${show(value)}).`;
}

/** rgb(r,g,b) with each channel an integer 0-255; spaces around the numbers are allowed. */
export function rgbColourProblem(value: string): string | undefined {
  const match = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/.exec(value.trim());
  if (match && match.slice(1).every((channel) => Number(channel) <= 255)) return undefined;
  return `must be a colour written rgb(r,g,b) with each channel 0-255 (got ${show(value)}).`;
}
