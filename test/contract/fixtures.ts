/**
 * Shared pieces of the contract tests: clients for the two credentials, raw HTTP calls for what the client cannot
 * send (malformed JSON, missing headers), error capture, a valid listing, and real file bytes built here.
 */
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { expect } from 'vitest';
import { createClient, isServiceError, type ClientOptions, type ListingInput, type ServiceClient, type ServiceError } from '../../src/api';
import type { TestService } from '../helpers/service';

export function adminClient(service: TestService, options: Partial<ClientOptions> = {}): ServiceClient {
  return createClient({ baseUrl: service.url, secretKey: service.secretKey, xhr: null, ...options });
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
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  const response = await fetch(service.url + path, {
    method: init.method ?? 'POST',
    headers: { 'content-type': 'application/json', ...init.headers },
    ...(init.body === undefined ? {} : { body: init.body }),
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

// ---- real file bytes ----

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid 2x2 RGB PNG. */
export function pngBytes(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 1x1 GIF89a with `frames` image blocks (2 or more = animated). */
export function gifBytes(frames: number): Buffer {
  const head = Buffer.from('GIF89a', 'ascii');
  const screen = Buffer.from([1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 255, 255, 255]);
  const loop = Buffer.from([0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0'), 0x03, 0x01, 0x00, 0x00, 0x00]);
  const frame = Buffer.from([
    0x21, 0xf9, 0x04, 0x00, 0x0a, 0x00, 0x00, 0x00,
    0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0x00,
    0x02, 0x02, 0x44, 0x01, 0x00,
  ]);
  return Buffer.concat([head, screen, ...(frames > 1 ? [loop] : []), ...Array.from({ length: frames }, () => frame), Buffer.from([0x3b])]);
}

/** A 16-bit mono PCM RIFF/WAVE file of `seconds` at `sampleRate`. */
export function wavBytes(seconds: number, sampleRate = 16_000): Buffer {
  const dataBytes = Math.round(seconds * sampleRate) * 2;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  const samples = Buffer.alloc(dataBytes);
  for (let i = 0; i < dataBytes / 2; i += 1) samples.writeInt16LE(Math.round(Math.sin(i / 8) * 8000), i * 2);
  return Buffer.concat([header, samples]);
}

/** The start of an MP4 file: an ftyp box (brand isom) and an empty mdat box, padded to `size`. */
export function mp4Bytes(size = 64): Buffer {
  const bytes = Buffer.alloc(size);
  bytes.writeUInt32BE(24, 0);
  bytes.write('ftypisom', 4, 'ascii');
  bytes.writeUInt32BE(0x200, 12);
  bytes.write('isomiso2', 16, 'ascii');
  bytes.writeUInt32BE(size - 24, 24);
  bytes.write('mdat', 28, 'ascii');
  return bytes;
}

/** An EBML (Matroska) header. */
export function mkvBytes(): Buffer {
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88]), Buffer.from('matroska', 'ascii'), Buffer.alloc(32)]);
}

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
