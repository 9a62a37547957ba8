/**
 * Shared pieces of the contract tests: clients for the two credentials, raw HTTP calls for what the client cannot
 * send (malformed JSON, missing headers), error capture, a valid listing, and real file bytes built here.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { expect } from 'vitest';
import { createClient, isServiceError, type ClientOptions, type ListingInput, type ServiceClient, type ServiceError } from '../../src/api';
import type { TestService } from '../helpers/service';
import { gif, matroska, mp4, png, wavHeader } from '../media/fixtures';

export function adminClient(service: TestService, options: Partial<ClientOptions> = {}): ServiceClient {
  return createClient({ baseUrl: service.url, secretKey: service.secretKey, xhr: null, ...options });
}

/** The operator's other credential: the workspace's session key, which the listing examples of service-api.md send. */
export function workspaceClient(service: TestService, options: Partial<ClientOptions> = {}): ServiceClient {
  return createClient({ baseUrl: service.url, sessionKey: service.workspaceSessionKey, xhr: null, ...options });
}

export function anonymousClient(service: TestService, options: Partial<ClientOptions> = {}): ServiceClient {
  return createClient({ baseUrl: service.url, xhr: null, ...options });
}

/** A visitor as the widget is one: GetConfig, then the session key on every request. */
export async function visitor(service: TestService, options: Partial<ClientOptions> = {}, serialNumber = service.serialNumber) {
  const config = await anonymousClient(service, options).getConfig({
    serialNumber,
    clientTimeZone: 'Europe/Berlin',
    clientCurrentTime: '2025-01-01 12:00:00',
  });
  const client = createClient({ baseUrl: service.url, sessionKey: config.SessionKey, xhr: null, ...options });
  return { config, client, sessionID: config.SessionID, sessionKey: config.SessionKey };
}

/**
 * Every test connects from 127.0.0.1. A service started with `visitorAddress: testVisitorAddress` takes the address
 * named in this header instead, so a test can be visitors at several addresses (`fromAddress`); without the header
 * it is the socket's address, as by default.
 */
const TEST_VISITOR_HEADER = 'x-test-visitor';

export function testVisitorAddress(req: IncomingMessage): string | undefined {
  const named = req.headers[TEST_VISITOR_HEADER];
  return typeof named === 'string' ? named : req.socket.remoteAddress;
}

/** Client options of a visitor at `address` (on a service started with `visitorAddress: testVisitorAddress`). */
export function fromAddress(address: string): Partial<ClientOptions> {
  return { headers: { [TEST_VISITOR_HEADER]: address } };
}

/** Runs `call`, expects it to fail with a ServiceError, and returns that error. */
export async function failure(call: Promise<unknown>): Promise<ServiceError> {
  const error: unknown = await call.then(
    (value) => new Error(`expected a failure, got ${JSON.stringify(value)}`),
    (reason: unknown) => reason,
  );
  if (!isServiceError(error)) throw error;
  return error;
}

/** Expects a business failure (HTTP 200, Success false) with `code` and a Message mentioning every `words`. */
export async function expectBusiness(call: Promise<unknown>, code: number, ...words: string[]): Promise<ServiceError> {
  const error = await failure(call);
  expect({ kind: error.kind, code: error.code }).toEqual({ kind: 'business', code });
  for (const word of words) expect(error.serviceMessage).toContain(word);
  return error;
}

/** Expects an HTTP-level failure with this status (the envelope's Code is the same number). */
export async function expectHttp(call: Promise<unknown>, status: number, ...words: string[]): Promise<ServiceError> {
  const error = await failure(call);
  expect({ kind: error.kind, status: error.status, code: error.code }).toEqual({ kind: 'http', status, code: status });
  for (const word of words) expect(error.serviceMessage).toContain(word);
  return error;
}

export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
  json: { Data: unknown; Version: string; Success: boolean; Code: number; Message: string };
}

/** A request without the client, for what the client would never send. */
export async function raw(
  service: TestService,
  path: string,
  init: { method?: string; body?: string; headers?: Record<string, string>; bytes?: boolean } = {},
): Promise<RawResponse> {
  // `bytes`: the body as bytes and no Content-Type unless one is given (fetch labels a string text/plain).
  const body = init.body === undefined ? undefined : init.bytes ? new TextEncoder().encode(init.body) : init.body;
  const response = await fetch(service.url + path, {
    method: init.method ?? 'POST',
    headers: { ...(init.bytes ? {} : { 'content-type': 'application/json' }), ...init.headers },
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  let json: RawResponse['json'];
  try {
    json = JSON.parse(text) as RawResponse['json'];
  } catch {
    json = { Data: null, Version: '', Success: false, Code: -1, Message: `not JSON: ${text.slice(0, 80)}` };
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** The data file as it is on disk now; it must always be valid JSON. */
export function readDataFile(service: TestService): Record<string, unknown> {
  return JSON.parse(readFileSync(service.dataFile, 'utf8')) as Record<string, unknown>;
}

let listingCounter = 0;
export function sampleListing(serialNumber: string, overrides: Partial<ListingInput> = {}): ListingInput {
  listingCounter += 1;
  return {
    SerialNumber: serialNumber,
    SaleType: 'for_sale',
    Status: 'Active',
    CurrencySymbol: '$',
    PropertyType: 'Single Family',
    Bedrooms: 4,
    Bathrooms: 2.5,
    Url: `https://contract.example/listings/${listingCounter}-${Date.now()}`,
    MLSNumber: `CT-${listingCounter}-${Date.now() % 1_000_000}`,
    YearBuilt: 1999,
    DaysOnMarket: 12,
    LotArea: 5400,
    BuildingArea: 2100,
    AreaUnit: 'Square Feet',
    Images: ['https://contract.example/img/1.jpg', 'https://contract.example/img/2.jpg'],
    Tours: '3D',
    ParkingSpots: 2,
    Description: 'A contract-test house with a garden.',
    ExtensionColumn: [{ Key: 'Pool', value: 'Heated' }],
    Address: '1 Contract Way',
    City: 'Testville',
    State: 'TS',
    ZIP: '00001',
    Latitude: 40.5,
    Longitude: -73.25,
    SalePrice: 765_000,
    ...overrides,
  };
}

// ---- real file bytes: the media tests' builders (test/media/fixtures.ts), as Buffers ----

/** A valid 2x2 grey PNG. */
export const pngBytes = (): Buffer => Buffer.from(png(2, 2));

/** A 1x1 GIF89a with `frames` image blocks (2 or more = animated, with the looping extension). */
export const gifBytes = (frames: number): Buffer => Buffer.from(gif({ frames, loop: frames > 1 }));

/** A 16-bit mono PCM RIFF/WAVE file of `seconds` at `sampleRate`: a quiet sine, so the samples are not all zero. */
export function wavBytes(seconds: number, sampleRate = 16_000): Buffer {
  const dataBytes = Math.round(seconds * sampleRate) * 2;
  const samples = Buffer.alloc(dataBytes);
  for (let i = 0; i < dataBytes / 2; i += 1) samples.writeInt16LE(Math.round(Math.sin(i / 8) * 8000), i * 2);
  return Buffer.concat([wavHeader(dataBytes, sampleRate), samples]);
}

/** The start of an MP4 file (an ftyp box), padded with zeros to `size` bytes. */
export const mp4Bytes = (size = 64): Buffer => {
  const head = mp4();
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length))]);
};

/** An EBML (Matroska) header. */
export const mkvBytes = (): Buffer => Buffer.from(matroska());

export function pdfBytes(): Buffer {
  return Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'ascii');
}

/** A Blob with a name, as a file picker would give. */
export function namedBlob(bytes: Uint8Array, name: string, type = ''): Blob & { name: string } {
  return Object.assign(blob(bytes, type), { name });
}

/** A Blob of these bytes (copied: a Node Buffer may sit on a shared pool). */
export function blob(bytes: Uint8Array, type = ''): Blob {
  return new Blob([Uint8Array.from(bytes)], { type });
}
