/**
 * The listing form's values (text as typed, so nothing is lost on a failed save), read from a list row (2.5) and
 * turned into a create request (every required field) or an update request (only what changed). No DOM here.
 */
import type { ExtensionColumnEntry, KeyType, ListingInput, ListingItem, RealEstateUpdateRequest } from '../../../../src/api/index';
import { imageUrls } from '../lib/listings';
import { SCALAR_LISTING_FIELDS, listingField, type ListingFieldName, type ScalarListingField } from './listing-fields';

export interface ExtensionRow {
  Key: string;
  value: string;
}

export interface ListingDraft {
  values: Readonly<Record<ScalarListingField, string>>;
  images: readonly string[];
  extension: readonly ExtensionRow[];
}

/** Problems by field; list fields also by row ("Images.1", "ExtensionColumn.0"). */
export type ListingErrors = Readonly<Record<string, string>>;

export function rowErrorKey(field: 'Images' | 'ExtensionColumn', index: number): string {
  return `${field}.${index}`;
}

const DEFAULTS: Partial<Record<ScalarListingField, string>> = {
  SaleType: 'for_sale',
  Status: 'Active',
  CurrencySymbol: '$',
  AreaUnit: 'Square Feet',
};

export function emptyListingDraft(): ListingDraft {
  const values = {} as Record<ScalarListingField, string>;
  for (const field of SCALAR_LISTING_FIELDS) values[field.name] = DEFAULTS[field.name] ?? '';
  return { values, images: [''], extension: [] };
}

function parseExtension(text: string): ExtensionRow[] {
  if (text.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null)
      .map((entry) => ({ Key: String(entry.Key ?? ''), value: String(entry.value ?? entry.Value ?? '') }));
  } catch {
    return [];
  }
}

/**
 * The form's values for a row of RealEstateList. The list shape has no Location and no AreaUnit (it is the end of
 * Area), and coordinates 0,0 mean "not set"; an update sends only what the operator changes, so nothing unseen is
 * overwritten.
 */
export function draftFromItem(item: ListingItem): ListingDraft {
  const values = emptyListingDraft().values as Record<ScalarListingField, string>;
  const row = item as unknown as Record<string, unknown>;
  for (const field of SCALAR_LISTING_FIELDS) {
    const value = row[field.name];
    values[field.name] = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  }
  values.AreaUnit = /square meters$/i.test(item.Area) ? 'Square Meters' : /square feet$/i.test(item.Area) ? 'Square Feet' : '';
  const hasPosition = item.LATITUDE !== 0 || item.LONGITUDE !== 0;
  values.Latitude = hasPosition ? String(item.LATITUDE) : '';
  values.Longitude = hasPosition ? String(item.LONGITUDE) : '';
  values.Location = '';
  const images = imageUrls(item.Images);
  return { values, images: images.length > 0 ? images : [''], extension: parseExtension(item.ExtensionColumn) };
}

/** The key value of a row for each kind of identifier. */
export function keyOfItem(item: ListingItem, keyType: KeyType): string {
  if (keyType === 'PlatformID') return String(item.ID);
  if (keyType === 'MLSNumber') return item.MLSNumber;
  return item.Url;
}

type Converted = { ok: true; value: string | number | undefined } | { ok: false; error: string };

function convertScalar(name: ScalarListingField, text: string, required: boolean): Converted {
  const field = SCALAR_LISTING_FIELDS.find((candidate) => candidate.name === name);
  const trimmed = text.trim();
  if (trimmed === '') {
    if (required) return { ok: false, error: 'Required.' };
    return { ok: true, value: undefined };
  }
  if (field?.kind === 'number' || field?.kind === 'integer') {
    const number = Number(trimmed);
    if (!Number.isFinite(number)) return { ok: false, error: `Enter a number (not "${trimmed}").` };
    if (field.kind === 'integer' && !Number.isInteger(number)) return { ok: false, error: 'Enter a whole number.' };
    return { ok: true, value: number };
  }
  return { ok: true, value: field?.kind === 'longText' ? text : trimmed };
}

function isNumeric(name: ScalarListingField): boolean {
  const kind = SCALAR_LISTING_FIELDS.find((field) => field.name === name)?.kind;
  return kind === 'number' || kind === 'integer';
}

function cleanImages(images: readonly string[]): string[] {
  return images.map((url) => url.trim()).filter((url) => url !== '');
}

function cleanExtension(rows: readonly ExtensionRow[], errors: Record<string, string>): ExtensionColumnEntry[] {
  const entries: ExtensionColumnEntry[] = [];
  rows.forEach((row, index) => {
    const key = row.Key.trim();
    if (key === '' && row.value.trim() === '') return;
    if (key === '') errors[rowErrorKey('ExtensionColumn', index)] = 'Give this detail a name.';
    entries.push({ Key: key, value: row.value });
  });
  return entries;
}

/**
 * A position is both coordinates or neither (the service refuses one alone, since the list shape gives an unset one
 * as 0): with one typed and the other empty, the empty one is marked, and nothing is sent.
 */
function checkPosition(values: ListingDraft['values'], errors: Record<string, string>): void {
  const latitude = values.Latitude.trim() !== '';
  if (latitude === (values.Longitude.trim() !== '')) return;
  if (latitude) errors.Longitude = 'Enter a longitude too, or empty Latitude as well: a position needs both coordinates or neither.';
  else errors.Latitude = 'Enter a latitude too, or empty Longitude as well: a position needs both coordinates or neither.';
}

export interface ListingPlan<T> {
  request: T;
  errors: ListingErrors;
}

/** A create request with every field the operator filled in; required ones missing are errors. */
export function planCreate(draft: ListingDraft): ListingPlan<Omit<ListingInput, 'SerialNumber'>> {
  const errors: Record<string, string> = {};
  const request: Record<string, unknown> = {};
  for (const field of SCALAR_LISTING_FIELDS) {
    const converted = convertScalar(field.name, draft.values[field.name], field.required);
    if (!converted.ok) errors[field.name] = converted.error;
    else if (converted.value !== undefined) request[field.name] = converted.value;
  }
  checkPosition(draft.values, errors);
  const images = cleanImages(draft.images);
  if (images.length > 0) request.Images = images;
  const extension = cleanExtension(draft.extension, errors);
  if (extension.length > 0) request.ExtensionColumn = extension;
  return { request: request as unknown as Omit<ListingInput, 'SerialNumber'>, errors };
}

/** The names of the fields whose value differs from the original row's. */
export function changedListingFields(original: ListingDraft, draft: ListingDraft): ListingFieldName[] {
  const names: ListingFieldName[] = SCALAR_LISTING_FIELDS.filter(
    (field) => original.values[field.name] !== draft.values[field.name],
  ).map((field) => field.name);
  if (JSON.stringify(cleanImages(original.images)) !== JSON.stringify(cleanImages(draft.images))) names.push('Images');
  const rows = (list: readonly ExtensionRow[]) => list.filter((row) => row.Key.trim() !== '' || row.value.trim() !== '');
  if (JSON.stringify(rows(original.extension)) !== JSON.stringify(rows(draft.extension))) names.push('ExtensionColumn');
  return names;
}

/**
 * An update request with the key and only the changed fields. A field emptied is sent as "" when it is text, as
 * null when it is an optional number (the service removes it and it lists as unset), and not at all when it is a
 * required number, which a listing must keep. One coordinate emptied while the other stays is refused here (both
 * emptied go as null, removing the position).
 */
export function planUpdate(
  original: ListingDraft,
  draft: ListingDraft,
  keyType: KeyType,
  key: string,
): ListingPlan<Omit<RealEstateUpdateRequest, 'SerialNumber'>> {
  const errors: Record<string, string> = {};
  const request: Record<string, unknown> = { KeyType: keyType, Key: key.trim() };
  if (key.trim() === '') errors.Key = 'Required: the value that identifies the listing.';
  for (const name of changedListingFields(original, draft)) {
    if (name === 'Images') request.Images = cleanImages(draft.images);
    else if (name === 'ExtensionColumn') request.ExtensionColumn = cleanExtension(draft.extension, errors);
    else {
      const converted = convertScalar(name, draft.values[name], false);
      if (!converted.ok) errors[name] = converted.error;
      else if (converted.value !== undefined) request[name] = converted.value;
      else if (!isNumeric(name)) request[name] = '';
      else if (listingField(name)?.required) errors[name] = 'A number cannot be emptied; enter a value (0 for none).';
      else request[name] = null;
    }
  }
  checkPosition(draft.values, errors);
  return { request: request as unknown as Omit<RealEstateUpdateRequest, 'SerialNumber'>, errors };
}
