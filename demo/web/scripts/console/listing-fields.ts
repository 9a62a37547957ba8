/**
 * Every input field of a real estate listing (service-api.md 2.4), grouped for the create and update forms, with
 * the required marking of the document, the allowed values of the enumerations, labels and help text.
 */
import type { ListingInput } from '../../../../src/api/index';

export type ListingFieldName = Exclude<keyof ListingInput, 'SerialNumber'>;
/** The fields edited as one text box (everything but the two list fields). */
export type ScalarListingField = Exclude<ListingFieldName, 'Images' | 'ExtensionColumn'>;

export type ListingFieldKind = 'text' | 'longText' | 'number' | 'integer' | 'select' | 'url' | 'images' | 'extension';

export interface ChoiceOption {
  value: string;
  label: string;
}

export interface ListingField {
  name: ListingFieldName;
  label: string;
  kind: ListingFieldKind;
  /** Required on create (2.4 "Req."). On update every field is optional. */
  required: boolean;
  help?: string;
  options?: readonly ChoiceOption[];
  placeholder?: string;
}

export interface ListingGroup {
  id: string;
  title: string;
  fields: readonly ListingField[];
}

const NONE: ChoiceOption = { value: '', label: 'Not set' };

export const SALE_TYPE_OPTIONS: readonly ChoiceOption[] = [
  { value: 'for_sale', label: 'For sale' },
  { value: 'for_rent', label: 'For rent' },
];

export const LISTING_GROUPS: readonly ListingGroup[] = [
  {
    id: 'basics',
    title: 'Basics',
    fields: [
      { name: 'SaleType', label: 'Sale type', kind: 'select', required: true, options: SALE_TYPE_OPTIONS },
      {
        name: 'Status',
        label: 'Status',
        kind: 'select',
        required: true,
        options: [
          { value: 'Active', label: 'Active' },
          { value: 'PreOnMarket', label: 'Pre-market (coming soon)' },
          { value: 'Sold', label: 'Sold' },
        ],
      },
      { name: 'PropertyType', label: 'Property type', kind: 'text', required: true, placeholder: 'Condo, Single family, Townhouse…' },
      { name: 'MLSNumber', label: 'MLS number', kind: 'text', required: true, help: 'The listing\'s number in the multiple listing service.' },
      { name: 'Url', label: 'Listing page', kind: 'url', required: true, placeholder: 'https://', help: 'An absolute http(s) address; the chatbot links to it.' },
      { name: 'Description', label: 'Description', kind: 'longText', required: false },
    ],
  },
  {
    id: 'location',
    title: 'Location',
    fields: [
      { name: 'Address', label: 'Street address', kind: 'text', required: false },
      { name: 'City', label: 'City', kind: 'text', required: false, help: 'Visitors ask by city; the chatbot matches this name.' },
      { name: 'State', label: 'State', kind: 'text', required: false },
      { name: 'ZIP', label: 'ZIP code', kind: 'text', required: false },
      { name: 'Location', label: 'Location description', kind: 'text', required: false, placeholder: 'Near the harbour, 5 min to the beach' },
      { name: 'Latitude', label: 'Latitude', kind: 'number', required: false, help: '-90 to 90; with a longitude, or both empty.' },
      { name: 'Longitude', label: 'Longitude', kind: 'number', required: false, help: '-180 to 180; with a latitude, or both empty.' },
    ],
  },
  {
    id: 'property',
    title: 'Property',
    fields: [
      { name: 'Bedrooms', label: 'Bedrooms', kind: 'integer', required: true },
      { name: 'Bathrooms', label: 'Bathrooms', kind: 'number', required: true, help: 'Fractions allowed, e.g. 2.5.' },
      { name: 'BuildingArea', label: 'Building area', kind: 'number', required: true },
      { name: 'LotArea', label: 'Lot area', kind: 'number', required: true },
      {
        name: 'AreaUnit',
        label: 'Area unit',
        kind: 'select',
        required: true,
        options: [
          { value: 'Square Feet', label: 'Square feet' },
          { value: 'Square Meters', label: 'Square meters' },
        ],
      },
      { name: 'YearBuilt', label: 'Year built', kind: 'integer', required: true },
      { name: 'ParkingSpots', label: 'Parking spots', kind: 'integer', required: true },
      { name: 'DaysOnMarket', label: 'Days on market', kind: 'integer', required: true },
      {
        name: 'SpaceType',
        label: 'Space type',
        kind: 'select',
        required: false,
        options: [NONE, { value: 'Entire place', label: 'Entire place' }, { value: 'Room', label: 'Room' }],
      },
      {
        name: 'Tours',
        label: 'Tours',
        kind: 'select',
        required: false,
        options: [NONE, { value: 'OpenHouse', label: 'Open house' }, { value: '3D', label: '3D tour' }],
      },
    ],
  },
  {
    id: 'price',
    title: 'Price',
    fields: [
      { name: 'CurrencySymbol', label: 'Currency symbol', kind: 'text', required: true, placeholder: '$' },
      { name: 'SalePrice', label: 'Sale price', kind: 'number', required: false, help: 'For homes for sale.' },
      { name: 'RentPrice', label: 'Monthly rent', kind: 'number', required: false, help: 'For rentals.' },
      { name: 'DepositFee', label: 'Deposit', kind: 'number', required: false },
      { name: 'HOAMonth', label: 'Monthly HOA fee', kind: 'number', required: false },
      { name: 'UnitAreaPrice', label: 'Price per area unit', kind: 'number', required: false },
      { name: 'EstimatePrice', label: 'Estimated price', kind: 'number', required: false },
    ],
  },
  {
    id: 'extras',
    title: 'Pictures and more',
    fields: [
      { name: 'Images', label: 'Image addresses', kind: 'images', required: false, help: 'One absolute http(s) address per row.' },
      {
        name: 'ExtensionColumn',
        label: 'More details',
        kind: 'extension',
        required: false,
        help: 'Anything else, as name and value pairs, e.g. "Pool" and "Heated".',
      },
    ],
  },
];

export const LISTING_FIELDS: readonly ListingField[] = LISTING_GROUPS.flatMap((group) => group.fields);

export const SCALAR_LISTING_FIELDS = LISTING_FIELDS.filter(
  (field): field is ListingField & { name: ScalarListingField } => field.kind !== 'images' && field.kind !== 'extension',
);

export function listingField(name: string): ListingField | undefined {
  return LISTING_FIELDS.find((field) => field.name === name);
}

export function listingInputId(name: ListingFieldName): string {
  return `listing-${name}`;
}

export const KEY_TYPE_OPTIONS: readonly ChoiceOption[] = [
  { value: 'PlatformID', label: 'Listing id (PlatformID)' },
  { value: 'MLSNumber', label: 'MLS number' },
  { value: 'URL', label: 'Listing page address (URL)' },
];
