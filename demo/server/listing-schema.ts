/**
 * Validation of real estate listings (service-api.md 2.4) and the list output shape (2.5).
 * Decisions where the document is silent (it states no ranges): Bedrooms, YearBuilt, DaysOnMarket and ParkingSpots
 * are whole numbers; sizes, counts and prices are >= 0 and, like every number (validation.ts), at most
 * Number.MAX_SAFE_INTEGER; Bedrooms and Bathrooms at most 1000, YearBuilt 1000 to ten years ahead; a non-zero
 * amount is at least 0.000001, since a smaller one is rounding noise that lists as "1e-7" (2.5 gives these numbers
 * back as text); Latitude -90..90, Longitude -180..180; Url and Images are http(s) URLs; optional enumerations
 * (Tours, SpaceType) also accept "" for "none". A position is both coordinates or neither (assertWholePosition):
 * 2.5 lists LATITUDE and LONGITUDE as numbers, an unset one as 0, so a listing with one alone would list at a fake 0.
 */
import type { KeyType, ListingItem } from '../../src/api/types';
import type { ListingRecord } from './store';
import { validationError } from './errors';
import { type FieldRule, httpUrlProblem, type Schema } from './validation';

export const SALE_TYPES = ['for_sale', 'for_rent'] as const;
export const STATUSES = ['Active', 'PreOnMarket', 'Sold'] as const;
export const AREA_UNITS = ['Square Feet', 'Square Meters'] as const;
export const TOURS = ['OpenHouse', '3D', ''] as const;
export const SPACE_TYPES = ['Entire place', 'Room', ''] as const;
export const KEY_TYPES: readonly KeyType[] = ['PlatformID', 'MLSNumber', 'URL'];

/** The smallest non-zero amount: below it String() writes an exponent ("1e-7"). */
const SMALLEST_AMOUNT = 0.000001;
const count = { type: 'integer', min: 0 } as const;
const amount = {
  type: 'number',
  min: 0,
  check: (value: number) => (value === 0 || value >= SMALLEST_AMOUNT ? undefined : `must be 0 or at least ${SMALLEST_AMOUNT} (got ${value}).`),
} as const;
const thisYear = new Date().getFullYear();

const LISTING_FIELDS: Record<string, FieldRule & { required?: boolean }> = {
  SerialNumber: { type: 'string', required: true, nonEmpty: true, maxLength: 200 },
  SaleType: { type: 'string', required: true, oneOf: SALE_TYPES },
  Status: { type: 'string', required: true, oneOf: STATUSES },
  CurrencySymbol: { type: 'string', required: true, nonEmpty: true, maxLength: 8 },
  PropertyType: { type: 'string', required: true, nonEmpty: true, maxLength: 100 },
  Bedrooms: { ...count, required: true, max: 1000 },
  Bathrooms: { ...amount, required: true, max: 1000 },
  Url: { type: 'string', required: true, nonEmpty: true, maxLength: 2000, check: httpUrlProblem },
  MLSNumber: { type: 'string', required: true, nonEmpty: true, maxLength: 100 },
  YearBuilt: { type: 'integer', required: true, min: 1000, max: thisYear + 10 },
  DaysOnMarket: { ...count, required: true },
  LotArea: { ...amount, required: true },
  BuildingArea: { ...amount, required: true },
  AreaUnit: { type: 'string', required: true, oneOf: AREA_UNITS },
  Images: { type: 'string[]', maxItems: 50, check: (value) => httpUrlProblem(value) ?? (value === '' ? 'must not be empty.' : undefined) },
  Tours: { type: 'string', oneOf: TOURS },
  ParkingSpots: { ...count, required: true },
  Description: { type: 'string' },
  ExtensionColumn: { type: 'keyValue[]', maxItems: 100 },
  Location: { type: 'string', maxLength: 500 },
  Address: { type: 'string', maxLength: 500 },
  City: { type: 'string', maxLength: 200 },
  State: { type: 'string', maxLength: 200 },
  ZIP: { type: 'string', maxLength: 20 },
  Latitude: { type: 'number', min: -90, max: 90 },
  Longitude: { type: 'number', min: -180, max: 180 },
  SalePrice: amount,
  UnitAreaPrice: amount,
  HOAMonth: amount,
  EstimatePrice: amount,
  RentPrice: amount,
  SpaceType: { type: 'string', oneOf: SPACE_TYPES },
  DepositFee: amount,
};

export const CREATE_SCHEMA: Schema = LISTING_FIELDS;

/**
 * Update: the key fields are required; every listing field is optional but checked the same way when present.
 * Null removes a field that 2.4 marks optional (it then lists as unset, like one never sent) and is refused for
 * one it marks required, which a listing must keep.
 */
export const UPDATE_SCHEMA: Schema = {
  ...Object.fromEntries(
    Object.entries(LISTING_FIELDS).map(([name, rule]) => [
      name,
      name === 'SerialNumber' ? rule : { ...rule, required: false, onNull: rule.required ? 'refuse' : 'clear' },
    ]),
  ),
  Key: { type: 'string', required: true, nonEmpty: true, maxLength: 2000 },
  KeyType: { type: 'string', required: true, oneOf: KEY_TYPES },
};

export const LIST_SCHEMA: Schema = {
  SerialNumber: { type: 'string', required: true, nonEmpty: true, maxLength: 200 },
  CityName: { type: 'string', maxLength: 200 },
  SaleType: { type: 'string', oneOf: [...SALE_TYPES, ''] },
  MLSNumber: { type: 'string', maxLength: 100 },
  PageNumber: { type: 'integer', min: 1 },
  PageSize: { type: 'integer', min: 1 },
};

export const DELETE_SCHEMA: Schema = {
  SerialNumber: { type: 'string', required: true, nonEmpty: true, maxLength: 200 },
  Keys: { type: 'string[]', required: true, nonEmpty: true, maxItems: 1000 },
  KeyType: { type: 'string', required: true, oneOf: KEY_TYPES },
};

/**
 * Refuses a listing that would have one coordinate without the other. `fields`: the listing as it would be (a
 * coordinate absent or null is not set); `sent`: the request, to say how to fix it. The Message names the missing
 * coordinate, so a form can mark that field.
 */
export function assertWholePosition(fields: Readonly<Record<string, unknown>>, sent: Readonly<Record<string, unknown>>): void {
  const hasLatitude = typeof fields.Latitude === 'number';
  if (hasLatitude === (typeof fields.Longitude === 'number')) return;
  const [missing, present] = hasLatitude ? ['Longitude', 'Latitude'] : ['Latitude', 'Longitude'];
  const fix =
    sent[missing] === null
      ? `send ${present}: null too to remove the position, or keep ${missing}`
      : `send ${missing} too, or leave ${present} out`;
  throw validationError(`${missing}: ${present} is set without it; a listing's position needs both coordinates or neither (${fix}).`);
}

export function keyOf(listing: ListingRecord, keyType: KeyType): string {
  if (keyType === 'PlatformID') return String(listing.ID);
  if (keyType === 'MLSNumber') return listing.MLSNumber;
  return listing.Url;
}

const text = (value: number | string | undefined) => (value === undefined ? '' : String(value));

function position(listing: ListingRecord): Pick<ListingItem, 'LATITUDE' | 'LONGITUDE'> {
  const { Latitude, Longitude } = listing;
  return Latitude === undefined || Longitude === undefined ? { LATITUDE: 0, LONGITUDE: 0 } : { LATITUDE: Latitude, LONGITUDE: Longitude };
}

/** Section 2.5: numbers as strings, unset prices "", Images and ExtensionColumn as JSON text. */
export function toListItem(listing: ListingRecord): ListingItem {
  const price = listing.SaleType === 'for_rent' ? listing.RentPrice : listing.SalePrice;
  return {
    ID: listing.ID,
    PropertyType: listing.PropertyType,
    SaleType: listing.SaleType,
    Status: listing.Status,
    Images: JSON.stringify(listing.Images ?? []),
    CurrencySymbol: listing.CurrencySymbol,
    Price: text(price),
    State: text(listing.State),
    City: text(listing.City),
    Address: text(listing.Address),
    ZIP: text(listing.ZIP),
    Area: `${listing.BuildingArea} ${listing.AreaUnit}`,
    Bathrooms: text(listing.Bathrooms),
    Bedrooms: text(listing.Bedrooms),
    Url: listing.Url,
    Tours: text(listing.Tours),
    YearBuilt: text(listing.YearBuilt),
    MLSNumber: listing.MLSNumber,
    DaysOnMarket: text(listing.DaysOnMarket),
    LotArea: text(listing.LotArea),
    BuildingArea: text(listing.BuildingArea),
    ParkingSpots: text(listing.ParkingSpots),
    Description: text(listing.Description),
    RentPrice: text(listing.RentPrice),
    SpaceType: text(listing.SpaceType),
    DepositFee: text(listing.DepositFee),
    SalePrice: text(listing.SalePrice),
    UnitAreaPrice: text(listing.UnitAreaPrice),
    EstimatePrice: text(listing.EstimatePrice),
    HOAMonth: text(listing.HOAMonth),
    // Both or neither (0,0 = unset): one alone, in a data file written before assertWholePosition, is no position.
    ...position(listing),
    ExtensionColumn: JSON.stringify(listing.ExtensionColumn ?? []),
  };
}
