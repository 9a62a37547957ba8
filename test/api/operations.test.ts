/**
 * Every non-streamed operation: the request it sends (method, URL, headers, body with the documents' field
 * names) and how it reads the envelope's Data, including Data of the wrong shape.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createClient, type RealEstateCreateRequest, type ServiceClient } from '../../src/api';
import { STREAM_SILENCE_MS } from '../../src/api/stream';
import { REQUEST_TIMEOUT_MS } from '../../src/api/time-limit';
import { bytes, createFakeFetch, envelopeResponse, streamResponse } from '../helpers/fake-fetch';
import { outcomeOf } from '../helpers/outcome';
import { withPrototypeJs } from '../helpers/prototype-js';

const BASE = 'https://chat.example';

interface OperationCase {
  name: string;
  call: (client: ServiceClient) => Promise<unknown>;
  method: 'GET' | 'POST';
  path: string;
  /** The JSON body expected on the wire (undefined for GET). */
  body?: unknown;
  data: unknown;
  result: unknown;
  /** Data the operation must refuse as malformed. */
  badData: unknown[];
}

const listingItem = {
  ID: 7, PropertyType: 'Apartment', SaleType: 'for_rent', Status: 'Active', Images: '["https://img.example/1.jpg"]',
  CurrencySymbol: '€', Price: '1200', State: 'Porto', City: 'Porto', Address: 'Rua A 1', ZIP: '4000-001',
  Area: '80', Bathrooms: '1.5', Bedrooms: '2', Url: 'https://listing.example/7', Tours: '3D', YearBuilt: '1990',
  MLSNumber: 'MLS-7', DaysOnMarket: '3', LotArea: '0', BuildingArea: '80', ParkingSpots: '1', Description: 'Bright',
  RentPrice: '1200', SpaceType: 'Entire place', DepositFee: '2400', SalePrice: '', UnitAreaPrice: '', EstimatePrice: '',
  HOAMonth: '', LATITUDE: 41.15, LONGITUDE: -8.61, ExtensionColumn: '[]',
};

const listingInput: RealEstateCreateRequest = {
  SerialNumber: 'bot-1', SaleType: 'for_sale', Status: 'Active', CurrencySymbol: '$', PropertyType: 'House',
  Bedrooms: 3, Bathrooms: 2.5, Url: 'https://listing.example/1', MLSNumber: 'MLS-1', YearBuilt: 2001,
  DaysOnMarket: 12, LotArea: 5000, BuildingArea: 1800, AreaUnit: 'Square Feet', ParkingSpots: 2,
  ExtensionColumn: [{ Key: 'Pool', value: 'yes' }], SalePrice: 450000,
};

const cases: OperationCase[] = [
  {
    name: 'getConfig',
    call: (client) => client.getConfig({ serialNumber: 'bot-1', clientTimeZone: 'Europe/Lisbon', clientCurrentTime: '2025-01-02 03:04:05' }),
    method: 'POST', path: '/chat/Chatbot/GetConfig',
    body: { serialNumber: 'bot-1', clientTimeZone: 'Europe/Lisbon', clientCurrentTime: '2025-01-02 03:04:05' },
    data: { Name: 'Helper', WelcomeMessage: 'Hi!', SessionID: 5, SessionKey: 'sk-5', ChatIconUrl: 'https://x/i.png' },
    result: { Name: 'Helper', WelcomeMessage: 'Hi!', SessionID: 5, SessionKey: 'sk-5', ChatIconUrl: 'https://x/i.png' },
    badData: [null, { SessionID: 5 }, { SessionID: '5', SessionKey: 'k' }, []],
  },
  {
    name: 'getSession',
    call: (client) => client.getSession({ serialNumber: 'bot-1' }),
    method: 'POST', path: '/chat/Chatbot/GetSession', body: { serialNumber: 'bot-1' },
    data: { SessionID: 77, SessionKey: 'sk-77' }, result: { SessionID: 77, SessionKey: 'sk-77' },
    badData: [77, {}, { SessionID: null }],
  },
  {
    name: 'modelList',
    call: (client) => client.modelList(),
    method: 'GET', path: '/chat/Chatbot/ModelList',
    data: [{ Key: '2', Value: 'gpt-4o', Status: true }, { Key: 3, Value: 'small', Status: false }],
    result: [{ Key: '2', Value: 'gpt-4o', Status: true }, { Key: '3', Value: 'small', Status: false }],
    badData: [{}, [{ Key: '2' }], [null], [{ Key: '2', Value: 'x', Status: 'yes' }]],
  },
  {
    name: 'edit',
    call: (client) => client.edit({ serialNumber: 'bot-1', Name: 'New name', ChatBubbleColor: 'rgb(1,2,3)', MessageLimit: -1 }),
    method: 'POST', path: '/chat/Chatbot/Edit',
    body: { serialNumber: 'bot-1', Name: 'New name', ChatBubbleColor: 'rgb(1,2,3)', MessageLimit: -1 },
    data: 1, result: 1,
    badData: ['1', null, {}],
  },
  {
    name: 'ask',
    call: (client) => client.ask({ sessionID: 5, content: 'See these', chatAskType: 'Image', fileIds: [1, 2] }),
    method: 'POST', path: '/chat/Chat/ClientAsk',
    body: { sessionID: 5, content: 'See these', chatAskType: 'Image', fileIds: [1, 2], stream: false },
    data: { messageid: 9, content: 'Two photos of a kitchen.', totalToken: 31, noAnswer: false },
    result: { messageid: 9, content: 'Two photos of a kitchen.', totalToken: 31, noAnswer: false },
    badData: ['text', { messageid: 9, content: 'x', totalToken: 1 }, { messageid: 9, content: 5, totalToken: 1, noAnswer: false }],
  },
  {
    name: 'realEstateCreate',
    call: (client) => client.realEstateCreate(listingInput),
    method: 'POST', path: '/chat/Chatbot/RealEstateCreate', body: listingInput,
    data: '123', result: '123',
    badData: ['', null, { id: 1 }],
  },
  {
    name: 'realEstateUpdate',
    call: (client) => client.realEstateUpdate({ SerialNumber: 'bot-1', Key: 'MLS-1', KeyType: 'MLSNumber', Status: 'Sold' }),
    method: 'POST', path: '/chat/Chatbot/RealEstateUpdate',
    body: { SerialNumber: 'bot-1', Key: 'MLS-1', KeyType: 'MLSNumber', Status: 'Sold' },
    data: 1, result: 1,
    badData: [true, 'one'],
  },
  {
    name: 'realEstateList',
    call: (client) => client.realEstateList({ SerialNumber: 'bot-1', CityName: 'Porto', SaleType: 'for_rent', PageNumber: 2, PageSize: 5 }),
    method: 'POST', path: '/chat/Chatbot/RealEstateList',
    body: { SerialNumber: 'bot-1', CityName: 'Porto', SaleType: 'for_rent', PageNumber: 2, PageSize: 5 },
    data: { List: [listingItem], VirtualCount: 6 }, result: { List: [listingItem], VirtualCount: 6 },
    badData: [[], { List: [] }, { List: {}, VirtualCount: 1 }, { List: [{ ID: '7' }], VirtualCount: 1 }],
  },
  {
    name: 'realEstateDelete',
    call: (client) => client.realEstateDelete({ SerialNumber: 'bot-1', Keys: ['7', '8'], KeyType: 'PlatformID' }),
    method: 'POST', path: '/chat/Chatbot/RealEstateDelete',
    body: { SerialNumber: 'bot-1', Keys: ['7', '8'], KeyType: 'PlatformID' },
    data: { SuccessCount: 2 }, result: { SuccessCount: 2 },
    badData: [2, {}, { SuccessCount: 'two' }],
  },
  {
    name: 'preUpload',
    call: (client) => client.preUpload({ fileName: 'kitchen.png' }),
    method: 'POST', path: '/chat/User/GetPreUploadUrl', body: { fileName: 'kitchen.png' },
    data: { FileStoreId: 31, PreUploadUrl: 'https://chat.example/upload/31?token=t' },
    result: { FileStoreId: 31, PreUploadUrl: 'https://chat.example/upload/31?token=t' },
    badData: [{ FileStoreId: 31 }, { FileStoreId: '31', PreUploadUrl: 'u' }, 'u'],
  },
  {
    name: 'finishUpload',
    call: (client) => client.finishUpload({ FileStoreId: 31 }),
    method: 'POST', path: '/chat/User/FinishUpload', body: { FileStoreId: 31 },
    data: 1, result: 1,
    badData: [null, 'done'],
  },
];

describe.each(cases)('$name', (operation) => {
  test('sends the documented request and returns Data', async () => {
    const fake = createFakeFetch(() => envelopeResponse(operation.data));
    const client = createClient({ baseUrl: BASE, fetch: fake.fetch });
    await expect(operation.call(client)).resolves.toEqual(operation.result);
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.method).toBe(operation.method);
    expect(request?.url).toBe(BASE + operation.path);
    expect(request?.headers.accept).toBe('application/json');
    if (operation.method === 'POST') {
      expect(request?.headers['content-type']).toBe('application/json');
      expect(JSON.parse(request?.bodyText ?? '')).toEqual(operation.body);
    } else {
      expect(request?.headers['content-type']).toBeUndefined();
      expect(request?.bodyText).toBe('');
    }
  });

  test('refuses Data of the wrong shape as malformed', async () => {
    for (const data of operation.badData) {
      const fake = createFakeFetch(() => envelopeResponse(data));
      const client = createClient({ baseUrl: BASE, fetch: fake.fetch });
      const outcome = await operation.call(client).then((value) => ({ resolved: value }), (error: unknown) => error);
      expect({ data, outcome }).toMatchObject({ data, outcome: { name: 'ServiceError', kind: 'malformed', operation: operation.name } });
    }
  });

  test('turns a failed envelope into a business error with Code and Message', async () => {
    const fake = createFakeFetch(() => envelopeResponse(null, { Success: false, Code: 1002, Message: 'SaleType must be for_sale or for_rent' }));
    const client = createClient({ baseUrl: BASE, fetch: fake.fetch });
    await expect(operation.call(client)).rejects.toMatchObject({
      kind: 'business', code: 1002, serviceMessage: 'SaleType must be for_sale or for_rent',
      message: 'SaleType must be for_sale or for_rent', operation: operation.name,
    });
  });
});

// Only the operations whose request holds an array: the others have nothing Array.prototype.toJSON could change.
const casesWithArrays = cases.filter((operation) => JSON.stringify(operation.body ?? null).includes('['));

describe.each(casesWithArrays)("$name on a page with Prototype.js's Array.prototype.toJSON (Magento 1)", (operation) => {
  test('sends its arrays as arrays, not as strings of JSON', async () => {
    const fake = createFakeFetch(() => envelopeResponse(operation.data));
    const client = createClient({ baseUrl: BASE, fetch: fake.fetch });
    const plain = await withPrototypeJs(async () => {
      await operation.call(client);
      return JSON.stringify({ list: [1] });
    });
    // What a plain JSON.stringify wrote meanwhile: the patch was in force.
    expect(plain).toBe('{"list":"[1]"}');
    expect(JSON.parse(fake.requests[0]?.bodyText ?? '')).toEqual(operation.body);
  });
});

describe.each(cases)('$name: a service that never finishes its answer', (operation) => {
  afterEach(() => {
    vi.useRealTimers();
  });
  // ClientAsk without a stream sends nothing until the whole answer is written: it may stay silent as long as a stream.
  const limitMs = operation.name === 'ask' ? STREAM_SILENCE_MS : REQUEST_TIMEOUT_MS;

  test.each([
    ['headers, then a body that never ends', (signal: AbortSignal | undefined) =>
      streamResponse({ chunks: [bytes('{"Success":')], contentType: 'application/json', end: 'hang', signal })],
    ['no answer at all', () => new Promise<Response>(() => undefined)],
  ] as const)('%s: fails as unreachable at its time limit, in plain words, and ends the request', async (_case, answer) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fake = createFakeFetch((request) => answer(request.signal));
    const client = createClient({ baseUrl: BASE, fetch: fake.fetch });
    const outcome = outcomeOf(operation.call(client));
    await vi.advanceTimersByTimeAsync(limitMs - 1);
    expect(outcome.current).toBe('pending');
    expect(fake.requests[0]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome.current).toMatchObject({
      kind: 'network', operation: operation.name, message: 'Could not reach the chat service. Check your connection.',
    });
    expect(fake.requests[0]?.signal?.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('getSession without a key', () => {
  test('gives SessionID alone when Data has no usable SessionKey (service-notes.md names SessionID only)', async () => {
    for (const data of [{ SessionID: 77 }, { SessionID: 77, SessionKey: 5 }, { SessionID: 77, SessionKey: '' }]) {
      const fake = createFakeFetch(() => envelopeResponse(data));
      const client = createClient({ baseUrl: BASE, fetch: fake.fetch });
      expect(await client.getSession({ serialNumber: 'bot-1' })).toStrictEqual({ SessionID: 77 });
    }
  });
});
