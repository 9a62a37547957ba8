/**
 * The service's data: one JSON file in DATA_DIR, kept in memory and written atomically (temporary file, fsync,
 * rename) after every change, so a restart keeps every edit and a crash mid-write leaves the previous file whole.
 * Handlers validate first and mutate `data` only once a request is accepted, then await `commit()`.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChatbotSettings, ListingInput } from '../../src/api/types';
import { seedData } from './seed';

export type Settings = Required<ChatbotSettings>;

export interface ChatbotRecord {
  settings: Settings;
  createdAt: number;
}

export interface ListingRecord extends ListingInput {
  ID: number;
  createdAt: number;
  updatedAt: number;
}

export interface SessionRecord {
  serialNumber: string;
  key: string;
  createdAt: number;
  /** When it last asked: eviction keeps the sessions in use. */
  usedAt?: number;
}

export type FileStatus = 'pending' | 'uploaded' | 'finished';

export interface FileRecord {
  id: number;
  fileName: string;
  token: string;
  /** The chatbot whose session uploaded it, or null when uploaded with the secret key. */
  ownerSerial: string | null;
  status: FileStatus;
  createdAt: number;
  uploadExpiresAt: number;
  size?: number;
  kind?: 'image' | 'audio' | 'video';
  format?: string;
  mime?: string;
  durationSeconds?: number;
}

export interface StoreData {
  format: 1;
  /** Generated once when no SECRET_KEY is given, so it survives restarts. */
  secretKey?: string;
  /** The workspace's session key (service-api.md 5: "in the workspace's webhooks API area"). */
  workspaceSessionKey?: string;
  /** `file` is no longer counted (file ids are random: uploads.ts), kept so that earlier data files still read. */
  nextId: { session: number; message: number; listing: number; file: number };
  chatbots: Record<string, ChatbotRecord>;
  listings: ListingRecord[];
  sessions: Record<string, SessionRecord>;
  files: Record<string, FileRecord>;
  /** Questions accepted per chatbot per calendar month ("YYYY-MM" in the chatbot's TimeZone). */
  usage: Record<string, Record<string, number>>;
}

export const DATA_FILE_NAME = 'chatbot-service.json';
/**
 * The least recently used sessions are dropped beyond this many, so a long-running demo does not grow its file
 * without end; a flood of new sessions nobody uses ends idle ones first, not a conversation in progress.
 */
const MAX_SESSIONS = 5000;

export class JsonStore {
  readonly dataFile: string;
  readonly filesDir: string;
  private readonly sessionIdsByKey = new Map<string, number>();
  /** Sessions kept at most (tests lower it). */
  maxSessions = MAX_SESSIONS;
  private current: Promise<void> = Promise.resolve();
  private pending: Promise<void> | null = null;
  private tempCounter = 0;

  private constructor(
    readonly dataDir: string,
    readonly data: StoreData,
  ) {
    this.dataFile = join(dataDir, DATA_FILE_NAME);
    this.filesDir = join(dataDir, 'files');
    for (const [id, session] of Object.entries(data.sessions)) this.sessionIdsByKey.set(session.key, Number(id));
  }

  /** Opens DATA_DIR, seeding it when it holds no data file yet. */
  static async open(dataDir: string, now: number): Promise<JsonStore> {
    await mkdir(join(dataDir, 'files'), { recursive: true });
    const file = join(dataDir, DATA_FILE_NAME);
    let text: string | undefined;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    if (text === undefined) {
      const store = new JsonStore(dataDir, seedData(now));
      await store.commit();
      return store;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new Error(`The data file ${file} is not valid JSON (${String(error)}); move it away to start fresh.`);
    }
    if (!isStoreData(parsed)) throw new Error(`The data file ${file} is not a chatbot service data file.`);
    return new JsonStore(dataDir, parsed);
  }

  /** Resolves once everything changed before this call is on disk. Concurrent commits share one write. */
  commit(): Promise<void> {
    if (this.pending) return this.pending;
    const write = this.current.then(() => {
      this.pending = null;
      return this.writeAtomically(JSON.stringify(this.data, null, 1));
    });
    this.pending = write;
    this.current = write.catch(() => undefined);
    return write;
  }

  /** Resolves when every commit asked for so far has finished. */
  flush(): Promise<void> {
    return this.current;
  }

  addSession(serialNumber: string, now: number): { SessionID: number; SessionKey: string } {
    const id = this.data.nextId.session++;
    const key = randomBytes(24).toString('base64url');
    this.data.sessions[String(id)] = { serialNumber, key, createdAt: now };
    this.sessionIdsByKey.set(key, id);
    this.pruneSessions();
    return { SessionID: id, SessionKey: key };
  }

  sessionIdForKey(key: string): number | undefined {
    return this.sessionIdsByKey.get(key);
  }

  private pruneSessions(): void {
    const entries = Object.entries(this.data.sessions);
    if (entries.length <= this.maxSessions) return;
    const lastActive = (session: SessionRecord): number => session.usedAt ?? session.createdAt;
    entries.sort(([, a], [, b]) => lastActive(a) - lastActive(b));
    for (const [id, session] of entries.slice(0, entries.length - this.maxSessions)) {
      this.sessionIdsByKey.delete(session.key);
      delete this.data.sessions[id];
    }
  }

  private async writeAtomically(text: string): Promise<void> {
    const temp = `${this.dataFile}.${process.pid}.${++this.tempCounter}.tmp`;
    try {
      const handle = await open(temp, 'w');
      try {
        await handle.writeFile(text, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, this.dataFile);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    await syncDirectory(this.dataDir);
  }
}

/** Makes the rename itself durable; some file systems do not allow opening a directory, which is fine. */
async function syncDirectory(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Best effort only.
  }
}

function isStoreData(value: unknown): value is StoreData {
  if (typeof value !== 'object' || value === null) return false;
  const data = value as Partial<StoreData>;
  return (
    data.format === 1 &&
    typeof data.nextId === 'object' &&
    typeof data.chatbots === 'object' &&
    Array.isArray(data.listings) &&
    typeof data.sessions === 'object' &&
    typeof data.files === 'object' &&
    typeof data.usage === 'object'
  );
}
