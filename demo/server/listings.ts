/**
 * RealEstateCreate / Update / List / Delete (service-api.md 4.3-4.6), all scoped to the chatbot's SerialNumber.
 * Credentials (auth.ts): the secret key or the workspace's session key; a visitor's session key of the same chatbot
 * may only list.
 * - Update finds listings by KeyType (PlatformID = our ID, MLSNumber, URL); no match is a 404 business error. A field
 *   sent as null is removed when 2.4 marks it optional and refused (400) when it marks it required; Data counts the
 *   listings changed.
 * - List: CityName matches City case-insensitively, SaleType and MLSNumber exactly; newest first; PageSize is
 *   capped at 100; VirtualCount is the number of matching listings across all pages.
 * - Delete: SuccessCount is the number of listings removed; keys that match nothing are skipped.
 * - MLSNumber and Url identify a listing (Update and Delete find it by them), so no two listings of a chatbot share
 *   one: a create or update that would make them is a 409 business error naming the listing that has it.
 * - A position is both coordinates or neither: a create, or an update sending a coordinate, that would leave a
 *   listing with one alone is a 400 naming the missing one (listing-schema.ts).
 */
import type { ExtensionColumnEntry, KeyType, ListingInput, RealEstateDeleteResponse, RealEstateListResponse } from '../../src/api/types';
import { assertCallerMayUse, assertOriginAllowed, requireListingCredential } from './auth';
import { findChatbot } from './chatbot-routes';
import type { Handler, RequestContext } from './context';
import { BusinessError, Code, notFound, validationError } from './errors';
import { assertWholePosition, CREATE_SCHEMA, DELETE_SCHEMA, keyOf, LIST_SCHEMA, toListItem, UPDATE_SCHEMA } from './listing-schema';
import type { ListingRecord } from './store';
import { type Schema, validateBody } from './validation';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** Checks the credential (`changes`: the listings), the body, and that the caller may use the chatbot named by SerialNumber. */
async function acceptListingRequest(ctx: RequestContext, schema: Schema, changes: boolean): Promise<Record<string, unknown>> {
  requireListingCredential(ctx.caller, changes);
  const body = validateBody(await ctx.body(), schema);
  const serialNumber = body.SerialNumber as string;
  const chatbot = findChatbot(ctx.service.store, serialNumber, 'SerialNumber');
  assertCallerMayUse(ctx.caller, serialNumber);
  assertOriginAllowed(chatbot, ctx.req, ctx.caller);
  return body;
}

/** Refuses identifiers that another listing of the chatbot (not one of `changing`) already has. */
function assertIdentifiersFree(
  listings: readonly ListingRecord[],
  serialNumber: unknown,
  fields: Record<string, unknown>,
  changing: readonly ListingRecord[] = [],
): void {
  for (const field of ['MLSNumber', 'Url'] as const) {
    const value = fields[field];
    if (typeof value !== 'string') continue;
    const holder = listings.find(
      (listing) => listing.SerialNumber === serialNumber && listing[field] === value && !changing.includes(listing),
    );
    if (holder !== undefined) {
      throw new BusinessError(
        Code.conflict,
        `${field}: listing ${holder.ID} already has "${value}"; a chatbot's listings are found by it, so it must be unique.`,
      );
    }
  }
}

export const realEstateCreate: Handler = async (ctx) => {
  const body = await acceptListingRequest(ctx, CREATE_SCHEMA, true);
  const { store } = ctx.service;
  assertWholePosition(body, body);
  assertIdentifiersFree(store.data.listings, body.SerialNumber, body);
  const now = ctx.service.now();
  const listing: ListingRecord = {
    ...(normalise(body) as unknown as ListingInput),
    ID: store.data.nextId.listing++,
    createdAt: now,
    updatedAt: now,
  };
  store.data.listings.push(listing);
  await store.commit();
  return { data: String(listing.ID) };
};

export const realEstateUpdate: Handler = async (ctx) => {
  const body = await acceptListingRequest(ctx, UPDATE_SCHEMA, true);
  const { SerialNumber: serialNumber, Key: key, KeyType: keyType, ...changes } = normalise(body);
  if (Object.keys(changes).length === 0) {
    throw validationError('Request: nothing to update; send at least one listing field besides SerialNumber, Key and KeyType.');
  }
  const { store } = ctx.service;
  const matches = store.data.listings.filter(
    (listing) => listing.SerialNumber === serialNumber && keyOf(listing, keyType as KeyType) === key,
  );
  if (matches.length === 0) throw notFound(`Key: no listing of this chatbot has ${keyType} "${String(key)}".`);
  // Only an update that sends a coordinate is checked, so a listing stored with one alone can still be edited.
  if ('Latitude' in changes || 'Longitude' in changes) {
    for (const listing of matches) assertWholePosition({ ...listing, ...changes }, changes);
  }
  assertIdentifiersFree(store.data.listings, serialNumber, changes, matches);
  const now = ctx.service.now();
  for (const listing of matches) applyChanges(listing, changes, now);
  await store.commit();
  return { data: matches.length };
};

/** Sets the fields sent with a value and removes those sent as null (UPDATE_SCHEMA passes null for optional ones only). */
function applyChanges(listing: ListingRecord, changes: Record<string, unknown>, now: number): void {
  const fields = listing as unknown as Record<string, unknown>;
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) delete fields[name];
    else fields[name] = value;
  }
  listing.updatedAt = now;
}

export const realEstateList: Handler = async (ctx) => {
  const body = await acceptListingRequest(ctx, LIST_SCHEMA, false);
  const city = typeof body.CityName === 'string' ? body.CityName.trim().toLowerCase() : '';
  const saleType = typeof body.SaleType === 'string' ? body.SaleType : '';
  const mlsNumber = typeof body.MLSNumber === 'string' ? body.MLSNumber.trim() : '';
  const pageNumber = (body.PageNumber as number | undefined) ?? 1;
  const pageSize = Math.min((body.PageSize as number | undefined) ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const matching = ctx.service.store.data.listings
    .filter(
      (listing) =>
        listing.SerialNumber === body.SerialNumber &&
        (city === '' || (listing.City ?? '').trim().toLowerCase() === city) &&
        (saleType === '' || listing.SaleType === saleType) &&
        (mlsNumber === '' || listing.MLSNumber === mlsNumber),
    )
    .sort(newestFirst);
  const page = matching.slice((pageNumber - 1) * pageSize, pageNumber * pageSize);
  const data: RealEstateListResponse = { List: page.map(toListItem), VirtualCount: matching.length };
  return { data };
};

export const realEstateDelete: Handler = async (ctx) => {
  const body = await acceptListingRequest(ctx, DELETE_SCHEMA, true);
  const keys = new Set(body.Keys as string[]);
  const keyType = body.KeyType as KeyType;
  const { store } = ctx.service;
  const before = store.data.listings.length;
  store.data.listings = store.data.listings.filter(
    (listing) => !(listing.SerialNumber === body.SerialNumber && keys.has(keyOf(listing, keyType))),
  );
  const data: RealEstateDeleteResponse = { SuccessCount: before - store.data.listings.length };
  if (data.SuccessCount > 0) await store.commit();
  return { data };
};

export function newestFirst(a: ListingRecord, b: ListingRecord): number {
  return b.createdAt - a.createdAt || b.ID - a.ID;
}

/** ExtensionColumn entries may leave out value; store it as "". */
function normalise(body: Record<string, unknown>): Record<string, unknown> {
  const entries = body.ExtensionColumn as ExtensionColumnEntry[] | undefined;
  if (!entries) return body;
  return { ...body, ExtensionColumn: entries.map(({ Key, value }) => ({ Key, value: value ?? '' })) };
}
