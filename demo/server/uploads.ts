/**
 * The upload flow of service-notes.md: GetPreUploadUrl -> PUT the bytes to PreUploadUrl (valid 5 minutes) ->
 * FinishUpload. The PUT is checked by content (sniff.ts) and size while it streams to DATA_DIR/files; the same
 * URL then serves the file back with GET, for previews and conversation history.
 *
 * The PUT answers like a storage URL, with HTTP statuses (and an envelope body whose Code is the same number):
 * 400 empty file, 404 unknown file or token, 409 already finished, 410 URL expired, 413 too large,
 * 415 type not accepted.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { PreUploadResponse } from '../../src/api/types';
import { assertOriginAllowed, requireCredential } from './auth';
import { type Handler, type RequestContext, RESPONDED, type UploadLimits } from './context';
import { BusinessError, Code, HttpError, notFound } from './errors';
import { envelope } from './http';
import { ACCEPTED_TYPES_TEXT, countGifFrames, type MediaType, readWavInfo, SNIFF_BYTES, sniffMediaType } from './sniff';
import type { FileRecord } from './store';
import { type Schema, validateBody } from './validation';

export const UPLOAD_URL_LIFETIME_MS = 5 * 60 * 1000;
const PENDING_FILE_LIFETIME_MS = 60 * 60 * 1000;
/** Enough of the file's start to find a WAV header's fmt and data chunks. */
const HEAD_BYTES = 64 * 1024;

const PRE_UPLOAD_SCHEMA: Schema = { fileName: { type: 'string', required: true, nonEmpty: true, maxLength: 255 } };
const FINISH_SCHEMA: Schema = { FileStoreId: { type: 'integer', required: true, min: 1 } };

export function fileUrl(baseUrl: string, file: FileRecord): string {
  return `${baseUrl}/upload/${file.id}?token=${file.token}`;
}

/**
 * A FileStoreId no one can guess: a visitor's key asks with any finished file of its chatbot by id (a conversation may
 * change session between an upload and its question), so with ids counted 1, 2, 3 a visitor could ask with another
 * visitor's upload and read its name in the answer (a real model would describe its content). 53 random bits, as
 * many as a JSON number holds exactly.
 */
function newFileId(files: Record<string, FileRecord>): number {
  for (;;) {
    const id = Number(randomBytes(8).readBigUInt64BE() >> 11n);
    if (id > 0 && !Object.hasOwn(files, String(id))) return id;
  }
}

/**
 * A visitor's key uploads for its chatbot, so that chatbot's VerifyDomain holds here as on ClientAsk (service-notes.md:
 * "the service refuses requests whose Origin is not listed"): a key taken to another site neither uploads nor
 * finishes there. The secret key is for servers, which send no Origin (assertOriginAllowed lets it through).
 */
function assertUploadOrigin(ctx: RequestContext): void {
  if (ctx.caller.kind !== 'session') return;
  const chatbot = ctx.service.store.data.chatbots[ctx.caller.session.serialNumber];
  if (chatbot) assertOriginAllowed(chatbot, ctx.req, ctx.caller);
}

export const preUpload: Handler = async (ctx) => {
  requireCredential(ctx.caller);
  const body = validateBody(await ctx.body(), PRE_UPLOAD_SCHEMA);
  assertUploadOrigin(ctx);
  const { store } = ctx.service;
  const now = ctx.service.now();
  forgetAbandonedUploads(store.data.files, now);
  const file: FileRecord = {
    id: newFileId(store.data.files),
    fileName: (body.fileName as string).trim(),
    token: randomBytes(18).toString('base64url'),
    ownerSerial: ctx.caller.kind === 'session' ? ctx.caller.session.serialNumber : null,
    status: 'pending',
    createdAt: now,
    uploadExpiresAt: now + UPLOAD_URL_LIFETIME_MS,
  };
  store.data.files[String(file.id)] = file;
  await store.commit();
  const data: PreUploadResponse = { FileStoreId: file.id, PreUploadUrl: fileUrl(ctx.baseUrl, file) };
  return { data };
};

export const finishUpload: Handler = async (ctx) => {
  requireCredential(ctx.caller);
  const body = validateBody(await ctx.body(), FINISH_SCHEMA);
  assertUploadOrigin(ctx);
  const id = body.FileStoreId as number;
  const file = ctx.service.store.data.files[String(id)];
  const owner = ctx.caller.kind === 'session' ? ctx.caller.session.serialNumber : undefined;
  if (!file || (owner !== undefined && file.ownerSerial !== owner)) {
    throw notFound(`FileStoreId: there is no upload ${id}.`);
  }
  if (file.status === 'pending') {
    throw new BusinessError(Code.conflict, `FileStoreId: upload ${id} has no bytes yet; PUT them to its PreUploadUrl first.`);
  }
  if (file.status === 'uploaded') {
    file.status = 'finished';
    await ctx.service.store.commit();
  }
  return { data: 1 };
};

/** PUT /upload/<id>?token=...: stores the bytes after checking their type and size. */
export async function receiveUpload(ctx: RequestContext, id: string): Promise<typeof RESPONDED> {
  const { store, uploadLimits } = ctx.service;
  const file = findByToken(ctx, id);
  if (file.status === 'finished') throw new HttpError(Code.conflict, `Upload ${id} is already finished; its bytes cannot change.`);
  if (ctx.service.now() > file.uploadExpiresAt) {
    throw new HttpError(Code.gone, `The upload URL of file ${id} expired (URLs are valid 5 minutes); ask GetPreUploadUrl again.`);
  }
  const tempPath = join(store.filesDir, `${file.id}.${randomBytes(6).toString('hex')}.part`);
  let received: Received;
  try {
    received = await streamToFile(ctx, tempPath, uploadLimits);
    await checkWholeFile(received, tempPath);
  } catch (error) {
    await rm(tempPath, { force: true });
    throw error;
  }
  const { type, size, durationSeconds } = received;
  await rename(tempPath, join(store.filesDir, String(file.id)));
  Object.assign(file, { status: 'uploaded', size, kind: type.kind, format: type.format, mime: type.mime });
  if (durationSeconds !== undefined) file.durationSeconds = durationSeconds;
  await store.commit();
  const body = JSON.stringify(envelope({ FileStoreId: file.id, Size: size, Format: type.format, ContentType: type.mime }));
  ctx.res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  ctx.res.end(body);
  return RESPONDED;
}

/** GET or HEAD /upload/<id>?token=...: the stored bytes with their content type (one byte range allowed). */
export async function serveUpload(ctx: RequestContext, id: string): Promise<typeof RESPONDED> {
  const file = findByToken(ctx, id);
  if (file.status === 'pending' || !file.mime) throw new HttpError(Code.notFound, `File ${id} has no bytes yet.`);
  const path = join(ctx.service.store.filesDir, String(file.id));
  const { size } = await stat(path);
  const headers: Record<string, string | number> = {
    'Content-Type': file.mime,
    'Cache-Control': 'private, max-age=86400',
    'X-Content-Type-Options': 'nosniff',
    'Accept-Ranges': 'bytes',
  };
  const range = /^bytes=(\d*)-(\d*)$/.exec(ctx.req.headers.range ?? '');
  let start = 0;
  let end = size - 1;
  if (range && (range[1] || range[2])) {
    start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
    end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start > end || start >= size) {
      ctx.res.writeHead(416, { 'Content-Range': `bytes */${size}` });
      ctx.res.end();
      return RESPONDED;
    }
    headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
  }
  headers['Content-Length'] = end - start + 1;
  ctx.res.writeHead(headers['Content-Range'] ? 206 : 200, headers);
  if (ctx.req.method === 'HEAD' || size === 0) {
    ctx.res.end();
    return RESPONDED;
  }
  createReadStream(path, { start, end }).pipe(ctx.res);
  return RESPONDED;
}

function findByToken(ctx: RequestContext, id: string): FileRecord {
  const file = /^\d+$/.test(id) ? ctx.service.store.data.files[id] : undefined;
  const token = ctx.url.searchParams.get('token');
  if (!file || !token || token !== file.token) throw new HttpError(Code.notFound, `There is no upload ${id} at this URL.`);
  return file;
}

interface Received {
  type: MediaType;
  size: number;
  head: Buffer;
  durationSeconds?: number;
}

/** Streams the request body to `tempPath`, refusing as soon as the bytes show a wrong type or too many bytes. */
async function streamToFile(ctx: RequestContext, tempPath: string, limits: UploadLimits): Promise<Received> {
  const handle = await open(tempPath, 'w');
  let head = Buffer.alloc(0);
  let size = 0;
  let type: MediaType | undefined;
  let refusal: HttpError | undefined;
  try {
    for await (const part of ctx.req as AsyncIterable<Buffer>) {
      if (refusal) continue; // drain the rest so the client can read our answer
      size += part.length;
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, part.subarray(0, HEAD_BYTES - head.length)]);
      if (!type && head.length >= SNIFF_BYTES) {
        const sniffed = sniffMediaType(head);
        if ('refused' in sniffed) refusal = unsupported(sniffed.refused);
        else type = sniffed;
      }
      if (type && size > limitFor(type, limits)) refusal = tooLarge(type, limits);
      if (!refusal) await handle.write(part);
    }
    if (!refusal && !type) {
      if (size === 0) refusal = new HttpError(Code.validation, 'The file is empty.');
      else {
        const sniffed = sniffMediaType(head);
        if ('refused' in sniffed) refusal = unsupported(sniffed.refused);
        else type = sniffed;
      }
    }
    if (!refusal) await handle.sync();
  } finally {
    await handle.close();
  }
  if (refusal || !type) throw refusal ?? unsupported('the content is not a recognised file type');
  return { type, size, head };
}

async function checkWholeFile(received: Received, tempPath: string): Promise<void> {
  if (received.type.format === 'GIF') {
    const frames = countGifFrames(await readFile(tempPath));
    if (frames === 0) throw unsupported('the GIF holds no image');
    if (frames > 1) throw unsupported('animated GIFs are not accepted (only still images)');
  }
  if (received.type.format === 'WAV') {
    const info = readWavInfo(received.head, received.size);
    if ('refused' in info) throw unsupported(info.refused);
    received.durationSeconds = Math.round(info.durationSeconds * 100) / 100;
  }
}

export function limitFor(type: MediaType, limits: UploadLimits): number {
  if (type.kind === 'image') return limits.imageBytes;
  if (type.kind === 'audio') return limits.audioBytes;
  return limits.videoBytes;
}

function tooLarge(type: MediaType, limits: UploadLimits): HttpError {
  return new HttpError(
    Code.tooLarge,
    `File too large: ${type.format} ${type.kind} files may be at most ${formatBytes(limitFor(type, limits))}.`,
  );
}

function unsupported(reason: string): HttpError {
  return new HttpError(Code.unsupportedType, `File type not accepted: ${reason}. Accepted: ${ACCEPTED_TYPES_TEXT}.`);
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} bytes`;
}

/** Pre-upload URLs that were never used are forgotten after an hour. */
function forgetAbandonedUploads(files: Record<string, FileRecord>, now: number): void {
  for (const [id, file] of Object.entries(files)) {
    if (file.status === 'pending' && now - file.createdAt > PENDING_FILE_LIFETIME_MS) delete files[id];
  }
}
