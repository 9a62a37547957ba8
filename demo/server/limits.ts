/**
 * The two message limits of a chatbot (service-api.md section 8):
 * - MessageLimit: questions per calendar month for the whole chatbot, the month taken in the chatbot's TimeZone
 *   (UTC when it is not a known zone); -1 = unlimited, 0 = no questions at all. Counted in the data file.
 * - RateLimitCount / RateLimitTime: per session, a sliding window of RateLimitTime seconds holding at most
 *   RateLimitCount accepted questions; either value 0 turns the rate limit off. Kept in memory only (a restart
 *   forgets the window), which is fine for a limit measured in seconds.
 * Only accepted questions count: a refused question changes nothing.
 */
import { BusinessError, Code } from './errors';
import type { ChatbotRecord, JsonStore } from './store';

export const MONTHLY_CAP_MESSAGE = 'This chatbot has reached its monthly message limit.';
const SWEEP_ABOVE_SESSIONS = 10_000;

export class LimitTracker {
  private readonly acceptedAt = new Map<number, number[]>();

  /** Throws the business error of the first limit that refuses a question now; changes nothing. */
  assertMayAsk(store: JsonStore, chatbot: ChatbotRecord, sessionId: number, now: number): void {
    const { MessageLimit, RateLimitCount, RateLimitTime, RateLimitMessage, TimeZone, serialNumber } = chatbot.settings;
    if (MessageLimit >= 0) {
      const used = store.data.usage[serialNumber]?.[monthKey(now, TimeZone)] ?? 0;
      if (used >= MessageLimit) throw new BusinessError(Code.monthlyCap, MONTHLY_CAP_MESSAGE);
    }
    if (RateLimitCount > 0 && RateLimitTime > 0) {
      const windowMs = RateLimitTime * 1000;
      const recent = this.recent(sessionId, now, windowMs);
      if (recent.length >= RateLimitCount) {
        const waitSeconds = Math.max(1, Math.ceil(((recent[0] ?? now) + windowMs - now) / 1000));
        const message = RateLimitMessage.trim() || `Too many messages: please wait ${waitSeconds} seconds and try again.`;
        throw new BusinessError(Code.rateLimited, message);
      }
    }
  }

  /** Counts an accepted question against both limits. */
  recordAsk(store: JsonStore, chatbot: ChatbotRecord, sessionId: number, now: number): void {
    const { serialNumber, TimeZone } = chatbot.settings;
    const months = (store.data.usage[serialNumber] ??= {});
    const month = monthKey(now, TimeZone);
    months[month] = (months[month] ?? 0) + 1;
    const times = this.acceptedAt.get(sessionId) ?? [];
    times.push(now);
    this.acceptedAt.set(sessionId, times);
    if (this.acceptedAt.size > SWEEP_ABOVE_SESSIONS) this.sweep(now);
  }

  private recent(sessionId: number, now: number, windowMs: number): number[] {
    const times = (this.acceptedAt.get(sessionId) ?? []).filter((time) => time > now - windowMs);
    if (times.length === 0) this.acceptedAt.delete(sessionId);
    else this.acceptedAt.set(sessionId, times);
    return times;
  }

  /** Forgets sessions that have not asked for a day; no rate window is that long in practice. */
  private sweep(now: number): void {
    for (const [sessionId, times] of this.acceptedAt) {
      if ((times[times.length - 1] ?? 0) < now - 24 * 60 * 60 * 1000) this.acceptedAt.delete(sessionId);
    }
  }
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
