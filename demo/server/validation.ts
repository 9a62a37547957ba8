/**
 * A small declarative validator for request bodies. A failure is a business error (Code 400) whose Message lists
 * every problem of the request, one per line, each starting with the field's name, so a person (and a form, which
 * marks each field at once) can tell what to fix. Unknown fields are refused too: a
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
 * otherwise. Throws one error naming every problem (schemaProblems), one per line.
 */
export function validateBody(body: unknown, schema: Schema): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw validationError('Request body must be a JSON object.');
  }
  const problems = schemaProblems(body as Record<string, unknown>, schema);
  // One problem a line: a line break inside a value shown in one (a check quoting what it got) is written \n.
  if (problems.length > 0) throw validationError(problems.map((problem) => problem.replace(/\r\n?|\n/g, '\\n')).join('\n'));
  const input = body as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const name of Object.keys(schema)) {
    const value = input[name];
    if (value !== undefined && value !== null) result[name] = value;
    else if (value === null && schema[name]?.onNull === 'clear') result[name] = null;
  }
  return result;
}

/** Every problem of `input` against `schema`, each "Field: what is wrong", in the schema's order (unknown fields first). */
export function schemaProblems(input: Readonly<Record<string, unknown>>, schema: Schema): string[] {
  const problems: string[] = [];
  for (const name of Object.keys(input)) {
    if (!Object.hasOwn(schema, name)) problems.push(`${name}: unknown field.`);
  }
  for (const [name, rule] of Object.entries(schema)) {
    const value = input[name];
    if (value === null && rule.onNull === 'refuse') {
      problems.push(`${name}: must not be null: the field cannot be removed; send a value or leave it out.`);
    } else if (value === undefined || value === null) {
      if (rule.required && !(value === null && rule.onNull === 'clear')) problems.push(`${name}: required field is missing.`);
    } else {
      const problem = valueProblem(name, value, rule);
      if (problem) problems.push(problem);
    }
  }
  return problems;
}

/**
 * What is wrong with one given (not null) value, as "Field: what is wrong", or undefined when it is fine. The
 * console checks its fields with this before it sends them, so both sides keep one rule set.
 */
export function valueProblem(name: string, value: unknown, rule: FieldRule): string | undefined {
  switch (rule.type) {
    case 'string':
      return stringProblem(name, value, rule);
    case 'boolean':
      return typeof value === 'boolean' ? undefined : typeProblem(name, 'a boolean (true or false)', value);
    case 'number':
    case 'integer':
      return numberProblem(name, value, rule);
    case 'string[]':
      return stringArrayProblem(name, value, rule);
    case 'integer[]':
      return integerArrayProblem(name, value, rule);
    case 'keyValue[]':
      return keyValueArrayProblem(name, value, rule);
  }
}

function stringProblem(name: string, value: unknown, rule: StringRule): string | undefined {
  if (typeof value !== 'string') return typeProblem(name, 'a string', value);
  const maxLength = rule.maxLength ?? DEFAULT_MAX_STRING;
  if (value.length > maxLength) return `${name}: at most ${maxLength} characters (got ${value.length}).`;
  if (rule.nonEmpty && value.trim() === '') return `${name}: must not be empty.`;
  if (rule.oneOf && !rule.oneOf.includes(value)) {
    return `${name}: must be one of ${rule.oneOf.map((v) => `"${v}"`).join(', ')} (got ${show(value)}).`;
  }
  const problem = rule.check?.(value);
  return problem && `${name}: ${problem}`;
}

function numberProblem(name: string, value: unknown, rule: NumberRule): string | undefined {
  const kind = rule.type === 'integer' ? 'an integer' : 'a number';
  if (typeof value !== 'number' || !Number.isFinite(value)) return typeProblem(name, kind, value);
  if (rule.type === 'integer' && !Number.isInteger(value)) return typeProblem(name, kind, value);
  const min = Math.max(rule.min ?? -Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER);
  const max = Math.min(rule.max ?? Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  if (value < min) return `${name}: must be at least ${min} (got ${value}).`;
  if (value > max) return `${name}: must be at most ${max} (got ${value}).`;
  const problem = rule.check?.(value);
  return problem && `${name}: ${problem}`;
}

/**
 * An array's problem: not an array (`expected` says of what), more than its maxItems or empty when nonEmpty, or the
 * first item `itemProblem` finds wrong (given the item and its place, "Field[2]").
 */
function arrayProblem(
  name: string,
  value: unknown,
  expected: string,
  rule: { maxItems?: number; nonEmpty?: boolean },
  itemProblem: (item: unknown, where: string) => string | undefined,
): string | undefined {
  if (!Array.isArray(value)) return typeProblem(name, expected, value);
  const max = rule.maxItems ?? DEFAULT_MAX_ITEMS;
  if (value.length > max) return `${name}: at most ${max} items (got ${value.length}).`;
  if (rule.nonEmpty && value.length === 0) return `${name}: must hold at least one item.`;
  for (const [index, item] of (value as unknown[]).entries()) {
    const problem = itemProblem(item, `${name}[${index}]`);
    if (problem) return problem;
  }
  return undefined;
}

function stringArrayProblem(name: string, value: unknown, rule: StringArrayRule): string | undefined {
  return arrayProblem(name, value, 'an array of strings', rule, (item, where) => {
    if (typeof item !== 'string') return typeProblem(where, 'a string', item);
    const problem = rule.check?.(item);
    return problem && `${where}: ${problem}`;
  });
}

function integerArrayProblem(name: string, value: unknown, rule: IntegerArrayRule): string | undefined {
  return arrayProblem(name, value, 'an array of integers', rule, (item, where) => {
    if (typeof item !== 'number' || !Number.isInteger(item)) return typeProblem(where, 'an integer', item);
    return Number.isSafeInteger(item)
      ? undefined
      : `${where}: must be from -${Number.MAX_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER} (got ${item}).`;
  });
}

function keyValueArrayProblem(name: string, value: unknown, rule: KeyValueArrayRule): string | undefined {
  return arrayProblem(name, value, 'an array of {Key, value} objects', rule, (item, where) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return typeProblem(where, 'an object', item);
    const entry = item as Record<string, unknown>;
    const unknownKey = Object.keys(entry).find((key) => key !== 'Key' && key !== 'value');
    if (unknownKey !== undefined) return `${where}.${unknownKey}: unknown field (use Key and value).`;
    if (entry.Key === undefined || entry.Key === null) return `${where}.Key: required field is missing.`;
    if (typeof entry.Key !== 'string') return typeProblem(`${where}.Key`, 'a string', entry.Key);
    if (entry.Key.trim() === '') return `${where}.Key: must not be empty.`;
    if (entry.value !== undefined && entry.value !== null && typeof entry.value !== 'string') {
      return typeProblem(`${where}.value`, 'a string', entry.value);
    }
    return undefined;
  });
}

function typeProblem(name: string, expected: string, value: unknown): string {
  return `${name}: must be ${expected} (got ${show(value)}).`;
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

/**
 * One address, as the widget takes TalkToHumanEmail (src/model/settings.ts, EMAIL_PATTERN): no characters that would
 * add a header or a recipient to its mailto: link (? & # % / , ; :), and a dotted domain without empty labels. An
 * address the widget drops would otherwise be saved here and never reach a visitor.
 */
const EMAIL = /^[^\s@<>()[\]\\,;:"?&#%/]+@[^\s@<>()[\]\\,;:"?&#%/.]+(\.[^\s@<>()[\]\\,;:"?&#%/.]+)+$/;

export function emailProblem(value: string): string | undefined {
  if (value === '' || EMAIL.test(value)) return undefined;
  return `must be one e-mail address like name@example.com, without ? & # % / , ; : (got ${show(value)}).`;
}

/** rgb(r,g,b) with each channel an integer 0-255; spaces around the numbers are allowed. */
export function rgbColourProblem(value: string): string | undefined {
  const match = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/.exec(value.trim());
  if (match && match.slice(1).every((channel) => Number(channel) <= 255)) return undefined;
  return `must be a colour written rgb(r,g,b) with each channel 0-255 (got ${show(value)}).`;
}
