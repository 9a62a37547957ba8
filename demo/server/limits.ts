/**
 * The two message limits of a chatbot (service-api.md section 8):
 * - MessageLimit: questions per calendar month for the whole chatbot, the month taken in the chatbot's TimeZone
 *   (UTC when it is not a known zone); -1 = unlimited, 0 = no questions at all. Counted in the data file.
 * - RateLimitCount / RateLimitTime: a sliding window of RateLimitTime seconds holding at most RateLimitCount accepted
 *   questions; either value 0 turns the rate limit off (and nothing is recorded while it is off). service-notes.md
 *   says "per visitor", and a new session key is one public request away (GetConfig, GetSession), so a question
 *   counts in two windows, and a full one refuses with the same message:
 *   - its session's;
 *   - its visitor's on this chatbot, the visitor being the request's address (the socket's remote address: a
 *     client sets X-Forwarded-For to anything), an IPv6 address taken as its /64 network, the block one home or
 *     phone is given, which it may rotate through. Only a visitor's session key is counted so: a caller with the
 *     secret key may be a site's backend asking for all its visitors. Visitors behind one NAT or reverse proxy
 *     share a window; ServiceOptions.visitorAddress can tell them apart, or turn this window off.
 *   Kept in memory only (a restart forgets the windows), which is fine for a limit measured in seconds; at most
 *   MAX_WINDOWS of each kind, the least recently used forgotten first.
 * Only accepted questions count: a refused question changes nothing.
 */
import { isIPv6 } from 'node:net';
import { BusinessError, Code } from './errors';
import type { ChatbotRecord, JsonStore } from './store';

export const MONTHLY_CAP_MESSAGE = 'This chatbot has reached its monthly message limit.';
const MAX_WINDOWS = 10_000;

/** Who asks: the session, and the visitor's address when the question counts per visitor too. */
export interface Asker {
  sessionId: number;
  address: string | undefined;
}

interface RateLimit {
  count: number;
  windowMs: number;
}

export class LimitTracker {
  private readonly bySession: SlidingWindows;
  private readonly byVisitor: SlidingWindows;

  constructor(maxWindows = MAX_WINDOWS) {
    this.bySession = new SlidingWindows(maxWindows);
    this.byVisitor = new SlidingWindows(maxWindows);
  }

  /** Throws the business error of the first limit that refuses a question now; changes nothing. */
  assertMayAsk(store: JsonStore, chatbot: ChatbotRecord, asker: Asker, now: number): void {
    const { MessageLimit, RateLimitMessage, TimeZone, serialNumber } = chatbot.settings;
    if (MessageLimit >= 0) {
      const used = store.data.usage[serialNumber]?.[monthKey(now, TimeZone)] ?? 0;
      if (used >= MessageLimit) throw new BusinessError(Code.monthlyCap, MONTHLY_CAP_MESSAGE);
    }
    const limit = rateLimitOf(chatbot);
    if (!limit) return;
    const waitMs = Math.max(...this.windowsOf(chatbot, asker).map(([windows, key]) => windows.waitMs(key, now, limit)));
    if (waitMs > 0) {
      const waitSeconds = Math.max(1, Math.ceil(waitMs / 1000));
      const message = RateLimitMessage.trim() || `Too many messages: please wait ${waitSeconds} seconds and try again.`;
      throw new BusinessError(Code.rateLimited, message);
    }
  }

  /** Counts an accepted question against both limits. */
  recordAsk(store: JsonStore, chatbot: ChatbotRecord, asker: Asker, now: number): void {
    const { serialNumber, TimeZone } = chatbot.settings;
    const months = (store.data.usage[serialNumber] ??= {});
    const month = monthKey(now, TimeZone);
    months[month] = (months[month] ?? 0) + 1;
    const limit = rateLimitOf(chatbot);
    if (!limit) return;
    for (const [windows, key] of this.windowsOf(chatbot, asker)) windows.record(key, now, limit.windowMs);
  }

  private windowsOf(chatbot: ChatbotRecord, { sessionId, address }: Asker): Array<[SlidingWindows, string]> {
    const windows: Array<[SlidingWindows, string]> = [[this.bySession, String(sessionId)]];
    if (address !== undefined) windows.push([this.byVisitor, `${chatbot.settings.serialNumber}\n${visitorNetwork(address)}`]);
    return windows;
  }
}

function rateLimitOf(chatbot: ChatbotRecord): RateLimit | undefined {
  const { RateLimitCount, RateLimitTime } = chatbot.settings;
  return RateLimitCount > 0 && RateLimitTime > 0 ? { count: RateLimitCount, windowMs: RateLimitTime * 1000 } : undefined;
}

/** The times of accepted questions per key, within their window; beyond maxKeys the least recently used key goes. */
class SlidingWindows {
  // A Map iterates in insertion order and record() re-inserts its key, so the first key is the least recently used.
  private readonly times = new Map<string, number[]>();

  constructor(private readonly maxKeys: number) {}

  /** How long until `key` may ask again: 0 when its window has room now. */
  waitMs(key: string, now: number, limit: RateLimit): number {
    const recent = this.recent(key, now, limit.windowMs);
    if (recent.length === 0) this.times.delete(key);
    // The question may go once enough of the oldest ones have left the window to leave room for one more.
    const mustLeave = recent[recent.length - limit.count];
    return mustLeave === undefined ? 0 : mustLeave + limit.windowMs - now;
  }

  record(key: string, now: number, windowMs: number): void {
    const recent = this.recent(key, now, windowMs);
    recent.push(now);
    this.times.delete(key);
    this.times.set(key, recent);
    for (const oldest of this.times.keys()) {
      if (this.times.size <= this.maxKeys) break;
      this.times.delete(oldest);
    }
  }

  private recent(key: string, now: number, windowMs: number): number[] {
    return (this.times.get(key) ?? []).filter((time) => time > now - windowMs);
  }
}

/**
 * The part of an address that names one visitor: an IPv4 address itself (also written IPv4-mapped, ::ffff:a.b.c.d,
 * as a dual-stack socket reports it), an IPv6 address's first 64 bits. Anything else (a test's name) as it is.
 */
export function visitorNetwork(address: string): string {
  const unzoned = address.split('%')[0] ?? address;
  if (!isIPv6(unzoned)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(unzoned);
  if (mapped?.[1]) return mapped[1];
  const [head = '', tail] = unzoned.split('::');
  const groupsOf = (part: string | undefined) => (part ? part.split(':') : []);
  // A trailing a.b.c.d stands for two groups.
  const width = (groups: string[]) => groups.reduce((sum, group) => sum + (group.includes('.') ? 2 : 1), 0);
  const before = groupsOf(head);
  const after = groupsOf(tail);
  const zeros = tail === undefined ? [] : Array<string>(8 - width(before) - width(after)).fill('0');
  const network = [...before, ...zeros, ...after].slice(0, 4).map((group) => parseInt(group, 16).toString(16));
  return `${network.join(':')}::/64`;
}

/** "YYYY-MM" of `now` in `timeZone`, or in UTC when the zone is unknown. */
export function monthKey(now: number, timeZone: string): string {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', { timeZone: timeZone || 'UTC', year: 'numeric', month: '2-digit' }).formatToParts(now);
  } catch {
    parts = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: '2-digit' }).formatToParts(now);
  }
  const year = parts.find((part) => part.type === 'year')?.value ?? '0000';
  const month = parts.find((part) => part.type === 'month')?.value ?? '00';
  return `${year}-${month}`;
}
