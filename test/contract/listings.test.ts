/**
 * Contract: RealEstateCreate / Update / List / Delete through the client over real HTTP: the output shape of
 * section 2.5, filters, paging, ordering, scoping to SerialNumber, both credentials, and every kind of bad input
 * with the data unchanged afterwards.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type {
  ListingInput, RealEstateListRequest, RealEstateUpdateRequest, RemovableListingField, ServiceClient,
} from '../../src/api';
import { SECOND_SERIAL_NUMBER } from '../../demo/server/index';
import { UPDATE_SCHEMA } from '../../demo/server/listing-schema';
import { startTestService, type TestService } from '../helpers/service';
import { adminClient, anonymousClient, expectBusiness, expectHttp, readDataFile, sampleListing, visitor, workspaceClient } from './fixtures';

let service: TestService;
let admin: ServiceClient;

beforeAll(async () => {
  service = await startTestService();
  admin = adminClient(service);
});
afterAll(async () => {
  await service?.close();
});

const listAll = (request: Partial<RealEstateListRequest> = {}) =>
  admin.realEstateList({ SerialNumber: service.serialNumber, PageSize: 100, ...request });

describe('seed data', () => {
  it('holds about 30 listings in several cities, for sale and for rent', async () => {
    const { List, VirtualCount } = await listAll();
    expect(VirtualCount).toBeGreaterThanOrEqual(25);
    expect(new Set(List.map((item) => item.City)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(List.map((item) => item.SaleType))).toEqual(new Set(['for_sale', 'for_rent']));
  });
});

describe('create and list', () => {
  it('creates a listing, returns its id, and lists it first in the shape of section 2.5', async () => {
    const input = sampleListing(service.serialNumber);
    const id = await admin.realEstateCreate(input);
    expect(id).toMatch(/^\d+$/);
    const { List } = await listAll({ PageSize: 1 });
    const item = List[0];
    expect(item).toEqual({
      ID: Number(id),
      PropertyType: 'Single Family',
      SaleType: 'for_sale',
      Status: 'Active',
      Images: JSON.stringify(input.Images),
      CurrencySymbol: '$',
      Price: '765000',
      State: 'TS',
      City: 'Testville',
      Address: '1 Contract Way',
      ZIP: '00001',
      Area: '2100 Square Feet',
      Bathrooms: '2.5',
      Bedrooms: '4',
      Url: input.Url,
      Tours: '3D',
      YearBuilt: '1999',
      MLSNumber: input.MLSNumber,
      DaysOnMarket: '12',
      LotArea: '5400',
      BuildingArea: '2100',
      ParkingSpots: '2',
      Description: 'A contract-test house with a garden.',
      RentPrice: '',
      SpaceType: '',
      DepositFee: '',
      SalePrice: '765000',
      UnitAreaPrice: '',
      EstimatePrice: '',
      HOAMonth: '',
      LATITUDE: 40.5,
      LONGITUDE: -73.25,
      ExtensionColumn: JSON.stringify([{ Key: 'Pool', value: 'Heated' }]),
    });
    expect(JSON.parse(item?.Images ?? '')).toEqual(input.Images);
  });

  it('gives a rental its RentPrice as Price', async () => {
    const input = sampleListing(service.serialNumber, { SaleType: 'for_rent', SalePrice: undefined, RentPrice: 2100, DepositFee: 4200, SpaceType: 'Room' });
    const id = await admin.realEstateCreate(input);
    const { List } = await listAll({ MLSNumber: input.MLSNumber });
    expect(List).toHaveLength(1);
    expect(List[0]).toMatchObject({ ID: Number(id), Price: '2100', RentPrice: '2100', SalePrice: '', DepositFee: '4200', SpaceType: 'Room' });
  });

  it('filters by CityName (any case), SaleType and MLSNumber, and counts all matches in VirtualCount', async () => {
    const austin = await listAll({ CityName: 'aUsTiN' });
    expect(austin.VirtualCount).toBe(austin.List.length);
    expect(austin.VirtualCount).toBeGreaterThan(1);
    expect(austin.List.every((item) => item.City === 'Austin')).toBe(true);
    const rentals = await listAll({ CityName: 'Austin', SaleType: 'for_rent' });
    expect(rentals.List.length).toBeGreaterThan(0);
    expect(rentals.List.every((item) => item.City === 'Austin' && item.SaleType === 'for_rent')).toBe(true);
    const one = austin.List[0];
    const byMls = await listAll({ MLSNumber: one?.MLSNumber ?? '' });
    expect(byMls.List.map((item) => item.ID)).toEqual([one?.ID]);
    const none = await listAll({ CityName: 'Atlantis' });
    expect(none).toEqual({ List: [], VirtualCount: 0 });
  });

  it('pages with defaults 1 and 20, caps PageSize at 100, and orders newest first', async () => {
    const all = await listAll();
    const firstPage = await admin.realEstateList({ SerialNumber: service.serialNumber });
    expect(firstPage.List).toHaveLength(Math.min(20, all.VirtualCount));
    expect(firstPage.VirtualCount).toBe(all.VirtualCount);
    const secondPage = await admin.realEstateList({ SerialNumber: service.serialNumber, PageNumber: 2, PageSize: 5 });
    expect(secondPage.List.map((item) => item.ID)).toEqual(all.List.slice(5, 10).map((item) => item.ID));
    const huge = await admin.realEstateList({ SerialNumber: service.serialNumber, PageSize: 100_000 });
    expect(huge.List.length).toBeLessThanOrEqual(100);
    const beyond = await admin.realEstateList({ SerialNumber: service.serialNumber, PageNumber: 999 });
    expect(beyond).toEqual({ List: [], VirtualCount: all.VirtualCount });
    const newer = await admin.realEstateCreate(sampleListing(service.serialNumber));
    const afterCreate = await listAll({ PageSize: 2 });
    expect(afterCreate.List[0]?.ID).toBe(Number(newer));
  });

  it('keeps each chatbot’s listings apart', async () => {
    const mine = await listAll();
    const theirs = await admin.realEstateList({ SerialNumber: SECOND_SERIAL_NUMBER, PageSize: 100 });
    const mineIds = new Set(mine.List.map((item) => item.ID));
    expect(theirs.List.length).toBeGreaterThan(0);
    expect(theirs.List.some((item) => mineIds.has(item.ID))).toBe(false);
  });
});

describe('update and delete', () => {
  it('updates by PlatformID, MLSNumber and URL and answers the count changed', async () => {
    const input = sampleListing(service.serialNumber);
    const id = await admin.realEstateCreate(input);
    const base = { SerialNumber: service.serialNumber };
    expect(await admin.realEstateUpdate({ ...base, Key: id, KeyType: 'PlatformID', SalePrice: 700_000 })).toBe(1);
    expect(await admin.realEstateUpdate({ ...base, Key: input.MLSNumber, KeyType: 'MLSNumber', Status: 'PreOnMarket' })).toBe(1);
    expect(await admin.realEstateUpdate({ ...base, Key: input.Url, KeyType: 'URL', ExtensionColumn: [{ Key: 'View', value: 'Lake' }] })).toBe(1);
    const { List } = await listAll({ MLSNumber: input.MLSNumber });
    expect(List[0]).toMatchObject({ Price: '700000', Status: 'PreOnMarket', ExtensionColumn: '[{"Key":"View","value":"Lake"}]' });
  });

  it('deletes by Keys of each KeyType and answers SuccessCount (unknown keys skipped)', async () => {
    const a = sampleListing(service.serialNumber);
    const b = sampleListing(service.serialNumber);
    const c = sampleListing(service.serialNumber);
    const idA = await admin.realEstateCreate(a);
    await admin.realEstateCreate(b);
    await admin.realEstateCreate(c);
    const before = (await listAll()).VirtualCount;
    const base = { SerialNumber: service.serialNumber };
    expect(await admin.realEstateDelete({ ...base, Keys: [idA, '999999'], KeyType: 'PlatformID' })).toEqual({ SuccessCount: 1 });
    expect(await admin.realEstateDelete({ ...base, Keys: [b.MLSNumber], KeyType: 'MLSNumber' })).toEqual({ SuccessCount: 1 });
    expect(await admin.realEstateDelete({ ...base, Keys: [c.Url], KeyType: 'URL' })).toEqual({ SuccessCount: 1 });
    expect((await listAll()).VirtualCount).toBe(before - 3);
  });

  it('does not touch another chatbot’s listing', async () => {
    const theirs = await admin.realEstateList({ SerialNumber: SECOND_SERIAL_NUMBER, PageSize: 1 });
    const id = String(theirs.List[0]?.ID);
    await expectBusiness(admin.realEstateUpdate({ SerialNumber: service.serialNumber, Key: id, KeyType: 'PlatformID', Bedrooms: 9 }), 404, 'Key');
    expect(await admin.realEstateDelete({ SerialNumber: service.serialNumber, Keys: [id], KeyType: 'PlatformID' })).toEqual({ SuccessCount: 0 });
    const still = await admin.realEstateList({ SerialNumber: SECOND_SERIAL_NUMBER, PageSize: 1 });
    expect(still.List[0]).toEqual(theirs.List[0]);
  });
});

describe('null in RealEstateUpdate (2.4: a field marked "no" may be unset, one marked "yes" may not)', () => {
  // Untyped, for the refusals below: they send nulls RealEstateUpdateRequest has no room for, as an untyped caller could.
  const update = (fields: Record<string, unknown>) => admin.realEstateUpdate(fields as unknown as RealEstateUpdateRequest);

  it('clears an optional field sent as null: it lists as unset ("" or coordinates 0), and Data counts the listing', async () => {
    const input = sampleListing(service.serialNumber, { HOAMonth: 300, Location: 'Near the park' });
    const id = await admin.realEstateCreate(input);
    const key = { SerialNumber: service.serialNumber, Key: id, KeyType: 'PlatformID' } as const;
    const cleared = { SalePrice: null, City: null, Latitude: null, Longitude: null, Images: null, Tours: null, ExtensionColumn: null };
    // Typed, no cast: RealEstateUpdateRequest takes null for the optional fields.
    expect(await admin.realEstateUpdate({ ...key, ...cleared })).toBe(1);
    const { List } = await listAll({ MLSNumber: input.MLSNumber });
    expect(List[0]).toMatchObject({ Price: '', SalePrice: '', City: '', LATITUDE: 0, LONGITUDE: 0, Images: '[]', Tours: '', ExtensionColumn: '[]' });
    // A null alone is a change, not "nothing to update"; the stored listing no longer has the field at all.
    expect(await admin.realEstateUpdate({ ...key, HOAMonth: null, Location: null })).toBe(1);
    const stored = (readDataFile(service).listings as Array<Record<string, unknown>>).find((listing) => listing.ID === Number(id));
    for (const name of [...Object.keys(cleared), 'HOAMonth', 'Location']) expect(stored).not.toHaveProperty(name);
    expect(stored).toMatchObject({ Bedrooms: input.Bedrooms, Description: input.Description });
  });

  const required = [
    'SaleType', 'Status', 'CurrencySymbol', 'PropertyType', 'Bedrooms', 'Bathrooms', 'Url', 'MLSNumber', 'YearBuilt',
    'DaysOnMarket', 'LotArea', 'BuildingArea', 'AreaUnit', 'ParkingSpots',
  ] as const;
  // Exactly the fields the client's RealEstateUpdateRequest takes no null for: the type and this list move together.
  expectTypeOf<(typeof required)[number]>().toEqualTypeOf<Exclude<keyof ListingInput, RemovableListingField | 'SerialNumber'>>();

  it('removes with null just the fields RealEstateUpdateRequest lets be null, and refuses it for the others (UPDATE_SCHEMA)', () => {
    const names = (onNull: string) => Object.keys(UPDATE_SCHEMA).filter((name) => UPDATE_SCHEMA[name]?.onNull === onNull).sort();
    expect(names('refuse')).toEqual([...required].sort());
    const keyFields = ['SerialNumber', 'Key', 'KeyType'];
    const others = Object.keys(UPDATE_SCHEMA).filter((name) => !keyFields.includes(name) && !names('refuse').includes(name));
    expect(names('clear')).toEqual(others.sort());
  });

  it.each(required)('refuses null for the required field %s with Code 400 naming it, changing nothing', async (name) => {
    const id = await admin.realEstateCreate(sampleListing(service.serialNumber));
    const before = readDataFile(service);
    await expectBusiness(
      update({ SerialNumber: service.serialNumber, Key: id, KeyType: 'PlatformID', SalePrice: 1, [name]: null }),
      400,
      `${name}: must not be null`,
    );
    expect(readDataFile(service)).toEqual(before);
  });

  it('takes null on create as a field left out', async () => {
    const input = { ...sampleListing(service.serialNumber), SalePrice: null, City: null } as unknown as ListingInput;
    await admin.realEstateCreate(input);
    const { List } = await listAll({ MLSNumber: input.MLSNumber });
    expect(List[0]).toMatchObject({ Price: '', City: '' });
  });
});

describe('a position is both coordinates or neither (2.5 lists an unset one as 0, so one alone would show a fake 0)', () => {
  const update = (fields: Record<string, unknown>) => admin.realEstateUpdate(fields as unknown as RealEstateUpdateRequest);
  const stored = (id: string) =>
    (readDataFile(service).listings as Array<Record<string, unknown>>).find((listing) => listing.ID === Number(id));

  it('RealEstateCreate with one coordinate is refused with Code 400 naming the missing one, and nothing is stored', async () => {
    const before = readDataFile(service);
    const { Longitude: _longitude, ...latitudeOnly } = sampleListing(service.serialNumber);
    await expectBusiness(admin.realEstateCreate(latitudeOnly), 400, 'Longitude:', 'both coordinates or neither');
    const { Latitude: _latitude, ...longitudeOnly } = sampleListing(service.serialNumber);
    await expectBusiness(admin.realEstateCreate(longitudeOnly), 400, 'Latitude:', 'both coordinates or neither');
    await expectBusiness(
      admin.realEstateCreate({ ...sampleListing(service.serialNumber), Longitude: null } as unknown as ListingInput),
      400,
      'Longitude:',
    );
    expect(readDataFile(service)).toEqual(before);
  });

  it('RealEstateUpdate that would leave one coordinate is refused naming the other, changing nothing', async () => {
    const id = await admin.realEstateCreate(sampleListing(service.serialNumber));
    const key = { SerialNumber: service.serialNumber, Key: id, KeyType: 'PlatformID' };
    const before = readDataFile(service);
    // Removing one of two: the one removed is named, with how to remove the position.
    await expectBusiness(update({ ...key, Latitude: null, Description: 'Kept?' }), 400, 'Latitude:', 'Longitude: null');
    await expectBusiness(update({ ...key, Latitude: 10, Longitude: null }), 400, 'Longitude:', 'Latitude: null');
    expect(readDataFile(service)).toEqual(before);
    // Both removed: the listing has no position and lists as 0,0 (unset).
    expect(await update({ ...key, Latitude: null, Longitude: null })).toBe(1);
    expect(stored(id)).not.toHaveProperty('Latitude');
    expect(stored(id)).not.toHaveProperty('Longitude');
    // Adding one to a listing without a position: the missing one is named.
    const without = readDataFile(service);
    await expectBusiness(update({ ...key, Longitude: -73 }), 400, 'Latitude:', 'both coordinates or neither');
    expect(readDataFile(service)).toEqual(without);
    expect(await update({ ...key, Latitude: 41, Longitude: -73 })).toBe(1);
    // With both there, one may change alone.
    expect(await update({ ...key, Latitude: 0 })).toBe(1);
    const { List } = await listAll({ MLSNumber: stored(id)?.MLSNumber as string });
    expect(List[0]).toMatchObject({ LATITUDE: 0, LONGITUDE: -73 });
  });

  it('a listing stored with one coordinate (a data file from before) lists as 0,0, and updates that leave its position alone pass', async () => {
    const own = await startTestService();
    try {
      const input = sampleListing(own.serialNumber);
      const id = await adminClient(own).realEstateCreate(input);
      await own.stop();
      const data = JSON.parse(readFileSync(own.dataFile, 'utf8')) as { listings: Array<Record<string, unknown>> };
      delete data.listings.find((listing) => listing.ID === Number(id))?.Longitude;
      writeFileSync(own.dataFile, JSON.stringify(data));
      const again = await own.restart();
      try {
        const client = adminClient(again);
        const list = () => client.realEstateList({ SerialNumber: again.serialNumber, MLSNumber: input.MLSNumber });
        expect((await list()).List[0]).toMatchObject({ LATITUDE: 0, LONGITUDE: 0 });
        expect(await client.realEstateUpdate({ SerialNumber: again.serialNumber, Key: id, KeyType: 'PlatformID', Bedrooms: 5 })).toBe(1);
        await expectBusiness(
          client.realEstateUpdate({ SerialNumber: again.serialNumber, Key: id, KeyType: 'PlatformID', Latitude: 1 }),
          400,
          'Longitude:',
        );
        expect(await client.realEstateUpdate({ SerialNumber: again.serialNumber, Key: id, KeyType: 'PlatformID', Longitude: 2 })).toBe(1);
        expect((await list()).List[0]).toMatchObject({ LATITUDE: input.Latitude, LONGITUDE: 2 });
      } finally {
        await again.close();
      }
    } finally {
      await own.close();
    }
  });
});

describe('identifiers are unique per chatbot', () => {
  it('refuses a create or update that would give two listings the same MLSNumber or Url (409), changing nothing', async () => {
    const first = sampleListing(service.serialNumber);
    const second = sampleListing(service.serialNumber);
    const firstId = await admin.realEstateCreate(first);
    const secondId = await admin.realEstateCreate(second);
    const before = readDataFile(service);
    await expectBusiness(admin.realEstateCreate({ ...sampleListing(service.serialNumber), MLSNumber: first.MLSNumber }), 409, 'MLSNumber', `listing ${firstId}`);
    await expectBusiness(admin.realEstateCreate({ ...sampleListing(service.serialNumber), Url: first.Url }), 409, 'Url', `listing ${firstId}`);
    await expectBusiness(
      admin.realEstateUpdate({ SerialNumber: service.serialNumber, Key: secondId, KeyType: 'PlatformID', MLSNumber: first.MLSNumber }),
      409,
      'MLSNumber',
      `listing ${firstId}`,
    );
    expect(readDataFile(service)).toEqual(before);
    // Its own identifier again is no conflict, and another chatbot may use the same one.
    expect(await admin.realEstateUpdate({ SerialNumber: service.serialNumber, Key: secondId, KeyType: 'PlatformID', MLSNumber: second.MLSNumber, Bedrooms: 3 })).toBe(1);
    expect(await admin.realEstateCreate({ ...first, SerialNumber: SECOND_SERIAL_NUMBER })).toMatch(/^\d+$/);
  });
});

describe('credentials', () => {
  it("accepts the workspace's session key on every listing operation, of any chatbot", async () => {
    const client = workspaceClient(service);
    const input = sampleListing(service.serialNumber);
    const id = await client.realEstateCreate(input);
    expect((await client.realEstateList({ SerialNumber: service.serialNumber, MLSNumber: input.MLSNumber })).VirtualCount).toBe(1);
    expect(await client.realEstateUpdate({ SerialNumber: service.serialNumber, Key: id, KeyType: 'PlatformID', Bedrooms: 5 })).toBe(1);
    expect(await client.realEstateDelete({ SerialNumber: service.serialNumber, Keys: [id], KeyType: 'PlatformID' })).toEqual({ SuccessCount: 1 });
    expect((await client.realEstateList({ SerialNumber: SECOND_SERIAL_NUMBER, PageSize: 1 })).VirtualCount).toBeGreaterThan(0);
  });

  it("a visitor's session key (anyone who loads the widget has one) lists its chatbot's listings but changes nothing: HTTP 401", async () => {
    const { client } = await visitor(service);
    const input = sampleListing(service.serialNumber);
    const id = await admin.realEstateCreate(input);
    const before = readDataFile(service);
    expect((await client.realEstateList({ SerialNumber: service.serialNumber, MLSNumber: input.MLSNumber })).VirtualCount).toBe(1);
    await expectHttp(client.realEstateCreate(sampleListing(service.serialNumber)), 401, 'cannot change listings');
    await expectHttp(client.realEstateUpdate({ SerialNumber: service.serialNumber, Key: id, KeyType: 'PlatformID', Bedrooms: 5 }), 401, 'cannot change listings');
    await expectHttp(client.realEstateDelete({ SerialNumber: service.serialNumber, Keys: [id], KeyType: 'PlatformID' }), 401, 'cannot change listings');
    expect(readDataFile(service)).toEqual(before);
  });

  it("the workspace's session key does not ask or upload: those take a visitor's session key or the secret key", async () => {
    const { sessionID } = await visitor(service);
    const client = workspaceClient(service);
    await expectHttp(client.ask({ sessionID, content: 'Hello' }), 401, 'listing operations only');
    await expectHttp(client.preUpload({ fileName: 'a.png' }), 401, 'listing operations only');
  });

  it('refuses no credential, a wrong one, and another chatbot’s session key with HTTP 401, changing nothing', async () => {
    const other = await visitor(service, {}, SECOND_SERIAL_NUMBER);
    const before = readDataFile(service);
    const input = sampleListing(service.serialNumber);
    await expectHttp(anonymousClient(service).realEstateCreate(input), 401, 'Missing credential');
    await expectHttp(anonymousClient(service).realEstateList({ SerialNumber: service.serialNumber }), 401);
    await expectHttp(adminClient(service, { secretKey: 'guess' }).realEstateDelete({ SerialNumber: service.serialNumber, Keys: ['1'], KeyType: 'PlatformID' }), 401);
    await expectHttp(other.client.realEstateCreate(input), 401, 'cannot change listings');
    await expectHttp(other.client.realEstateList({ SerialNumber: service.serialNumber }), 401, 'another chatbot');
    expect(readDataFile(service)).toEqual(before);
  });
});

describe('bad input', () => {
  const createCases: Array<[string, Record<string, unknown>, string[]]> = [
    ['a missing required field', { Url: undefined }, ['Url', 'required']],
    ['a missing SerialNumber', { SerialNumber: undefined }, ['SerialNumber', 'required']],
    ['a wrong type', { Bedrooms: 'three' }, ['Bedrooms', 'integer']],
    ['a negative size', { LotArea: -5 }, ['LotArea', 'at least 0']],
    ['a bad SaleType', { SaleType: 'for_lease' }, ['SaleType', 'for_sale']],
    ['a bad Status', { Status: 'Pending' }, ['Status', 'PreOnMarket']],
    ['a bad AreaUnit', { AreaUnit: 'Acres' }, ['AreaUnit', 'Square Meters']],
    ['a bad Tours', { Tours: 'VR' }, ['Tours', 'OpenHouse']],
    ['a bad SpaceType', { SpaceType: 'Whole house' }, ['SpaceType', 'Entire place']],
    ['Images not an array', { Images: 'https://x.example/a.jpg' }, ['Images', 'array']],
    ['an Images entry that is not a URL', { Images: ['not a url'] }, ['Images[0]', 'http']],
    ['an ExtensionColumn entry without Key', { ExtensionColumn: [{ value: 'x' }] }, ['ExtensionColumn[0].Key', 'required']],
    ['a Url that is not http(s)', { Url: 'ftp://files.example/1' }, ['Url', 'http']],
    ['an unknown field', { Garage: true }, ['Garage', 'unknown field']],
  ];

  it.each(createCases)('RealEstateCreate with %s is refused with Code 400 naming the field, and nothing is stored', async (_name, fields, words) => {
    const before = readDataFile(service);
    const request = { ...sampleListing(service.serialNumber), ...fields } as ListingInput;
    await expectBusiness(admin.realEstateCreate(request), 400, ...words);
    expect(readDataFile(service)).toEqual(before);
  });

  const numericFields = [
    'Bedrooms', 'Bathrooms', 'YearBuilt', 'DaysOnMarket', 'LotArea', 'BuildingArea', 'ParkingSpots', 'Latitude',
    'Longitude', 'SalePrice', 'UnitAreaPrice', 'HOAMonth', 'EstimatePrice', 'RentPrice', 'DepositFee',
  ];
  it.each(numericFields)('RealEstateCreate and Update refuse %s = 1e300 (it would list as "1e+300") naming the field', async (name) => {
    const before = readDataFile(service);
    const request = { ...sampleListing(service.serialNumber), [name]: 1e300 } as unknown as ListingInput;
    await expectBusiness(admin.realEstateCreate(request), 400, `${name}: must be at most`);
    const { List } = await listAll({ PageSize: 1 });
    const update = { SerialNumber: service.serialNumber, Key: String(List[0]?.ID), KeyType: 'PlatformID', [name]: 1e300 };
    await expectBusiness(admin.realEstateUpdate(update as unknown as RealEstateUpdateRequest), 400, `${name}: must be at most`);
    expect(readDataFile(service)).toEqual(before);
  });

  const outOfRange: Array<[string, Record<string, unknown>, string[]]> = [
    ['a count beyond 2^53 - 1 (not an exact integer)', { DaysOnMarket: 2 ** 53 }, ['DaysOnMarket', 'at most 9007199254740991']],
    ['a price beyond 2^53 - 1', { SalePrice: 2 ** 53 + 2 }, ['SalePrice', 'at most 9007199254740991']],
    ['an amount so small it would list as 1e-7', { Bathrooms: 1e-7 }, ['Bathrooms', '0.000001']],
    ['a negative price', { RentPrice: -1 }, ['RentPrice', 'at least 0']],
    ['a negative count', { ParkingSpots: -1 }, ['ParkingSpots', 'at least 0']],
    ['a latitude beyond 90', { Latitude: 90.5 }, ['Latitude', 'at most 90']],
    ['a longitude below -180', { Longitude: -180.5 }, ['Longitude', 'at least -180']],
  ];
  it.each(outOfRange)('RealEstateCreate with %s is refused with Code 400 naming the field', async (_name, fields, words) => {
    const before = readDataFile(service);
    await expectBusiness(admin.realEstateCreate({ ...sampleListing(service.serialNumber), ...fields } as ListingInput), 400, ...words);
    expect(readDataFile(service)).toEqual(before);
  });

  it('accepts the ends of the ranges, and lists them without an exponent', async () => {
    const input = sampleListing(service.serialNumber, {
      SalePrice: Number.MAX_SAFE_INTEGER,
      DaysOnMarket: Number.MAX_SAFE_INTEGER,
      Bathrooms: 0.000001,
      LotArea: 0,
      Latitude: -90,
      Longitude: 180,
    });
    await admin.realEstateCreate(input);
    const { List } = await listAll({ MLSNumber: input.MLSNumber });
    expect(List[0]).toMatchObject({
      SalePrice: '9007199254740991',
      DaysOnMarket: '9007199254740991',
      Bathrooms: '0.000001',
      LotArea: '0',
      LATITUDE: -90,
      LONGITUDE: 180,
    });
  });

  it('RealEstateCreate for an unknown chatbot is a 404 naming SerialNumber', async () => {
    await expectBusiness(admin.realEstateCreate(sampleListing('no-such-bot')), 404, 'SerialNumber', 'no-such-bot');
  });

  const updateCases: Array<[string, Partial<Record<keyof RealEstateUpdateRequest, unknown>>, number, string[]]> = [
    ['a missing Key', { Key: undefined }, 400, ['Key', 'required']],
    ['a bad KeyType', { KeyType: 'ID' }, 400, ['KeyType', 'PlatformID']],
    ['a bad enum value', { Status: 'Gone' }, 400, ['Status']],
    ['a wrong type', { Bathrooms: '2' }, 400, ['Bathrooms', 'number']],
    ['an ExtensionColumn entry without Key', { ExtensionColumn: [{ value: 'x' }] }, 400, ['ExtensionColumn[0].Key']],
    ['nothing to change', { SalePrice: undefined }, 400, ['nothing to update']],
    ['a Key that matches nothing', { Key: 'MLS-DOES-NOT-EXIST', KeyType: 'MLSNumber' }, 404, ['Key', 'MLS-DOES-NOT-EXIST']],
  ];

  it.each(updateCases)('RealEstateUpdate with %s is refused and changes nothing', async (_name, fields, code, words) => {
    const { List } = await listAll({ PageSize: 1 });
    const id = String(List[0]?.ID);
    const before = readDataFile(service);
    const request = { SerialNumber: service.serialNumber, Key: id, KeyType: 'PlatformID', SalePrice: 1, ...fields } as RealEstateUpdateRequest;
    await expectBusiness(admin.realEstateUpdate(request), code, ...words);
    expect(readDataFile(service)).toEqual(before);
    expect((await listAll({ PageSize: 1 })).List[0]).toEqual(List[0]);
  });

  it('RealEstateList refuses a bad SaleType, a PageSize of 0 and a missing SerialNumber', async () => {
    await expectBusiness(listAll({ SaleType: 'rent' as never }), 400, 'SaleType');
    await expectBusiness(listAll({ PageSize: 0 }), 400, 'PageSize', 'at least 1');
    await expectBusiness(listAll({ PageNumber: 1.5 }), 400, 'PageNumber', 'integer');
    await expectBusiness(admin.realEstateList({} as RealEstateListRequest), 400, 'SerialNumber', 'required');
  });

  it('RealEstateDelete refuses an empty Keys, a bad KeyType and non-string keys, deleting nothing', async () => {
    const before = readDataFile(service);
    const base = { SerialNumber: service.serialNumber };
    await expectBusiness(admin.realEstateDelete({ ...base, Keys: [], KeyType: 'PlatformID' }), 400, 'Keys', 'at least one');
    await expectBusiness(admin.realEstateDelete({ ...base, Keys: ['1'], KeyType: 'Id' as never }), 400, 'KeyType');
    await expectBusiness(admin.realEstateDelete({ ...base, Keys: [1] as never, KeyType: 'PlatformID' }), 400, 'Keys[0]', 'string');
    expect(readDataFile(service)).toEqual(before);
  });
});
