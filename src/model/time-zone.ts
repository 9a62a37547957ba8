/**
 * Its own module because settings.ts (in the launcher's bundle) needs only these checks, while the formatting in
 * time.ts belongs to the panel: a module shared by both would load whole before the chat is opened.
 */
import type { KeyValueStore } from './storage.js';

interface TemporalNow {
  timeZoneId(): string;
  zonedDateTimeISO(timeZone: string): unknown;
}

/**
 * Temporal (Chromium 144+, Firefox 139+) answers both questions below in about a millisecond, without the 12-20 ms
 * Intl.DateTimeFormat costs the first time in a page (ICU loads its formatting data); its zones are Intl's.
 */
const temporalNow = (): TemporalNow | undefined => (globalThis as { Temporal?: { Now?: TemporalNow } }).Temporal?.Now;

/** True when the engine knows `timeZone` (an IANA name such as "Asia/Tokyo", or "UTC"). */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    const now = temporalNow();
    if (now) now.zonedDateTimeISO(timeZone);
    else new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

export const TIME_ZONES_KEY = 'time-zones';
const MAX_REMEMBERED_ZONES = 8;

interface RememberedZones {
  /** The browser's zone, and how Date described the zone when it was read (offset and name). */
  browser?: { seenAs: string; zone: string };
  /** Zone names Intl accepted. */
  valid?: string[];
}

export interface TimeZoneMemory {
  /** The browser's IANA time zone ("UTC" when the engine has no zone data). */
  browserZone(now?: Date): string;
  /** isValidTimeZone, for a zone not seen before. */
  isKnown(zone: string): boolean;
}

/**
 * The first Intl.DateTimeFormat of a page costs 12-20 ms of main thread (ICU loads its data), and the widget
 * needed one on every page of a site before anyone opened the chat: for the visitor's zone (GetConfig) and to
 * check the chatbot's TimeZone setting. Where Temporal exists it answers both at once. Elsewhere both answers are
 * kept in the visitor's storage, so only a first visit, or a zone that changed, pays for Intl. A changed zone shows
 * in Date's own description of it ("GMT+0100 (Central European Standard Time)"), which costs nothing to read: a
 * different offset, daylight saving or zone name asks Intl again.
 */
export function createTimeZoneMemory(store: KeyValueStore): TimeZoneMemory {
  // Read on first need: where Temporal answers, the storage is never touched.
  let memory: RememberedZones | undefined;
  const remembered = (): RememberedZones => {
    if (memory === undefined) {
      const stored = store.get<RememberedZones>(TIME_ZONES_KEY);
      // Anything but a plain record (an array, a string) is replaced: properties set on an array are not saved.
      memory = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? stored : {};
    }
    return memory;
  };
  return {
    browserZone(now = new Date()) {
      const temporal = temporalNow();
      if (temporal) return temporal.timeZoneId();
      const zones = remembered();
      const seenAs = `${now.getTimezoneOffset()} ${String(now).replace(/^.*\d\d:\d\d:\d\d ?/, '')}`;
      if (zones.browser?.seenAs !== seenAs || typeof zones.browser.zone !== 'string') {
        // Intl without arguments cannot throw; an engine without time zone data leaves timeZone undefined.
        zones.browser = { seenAs, zone: new Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC' };
        store.set(TIME_ZONES_KEY, zones);
      }
      return zones.browser.zone;
    },
    isKnown(zone) {
      if (temporalNow()) return isValidTimeZone(zone);
      const zones = remembered();
      const valid = Array.isArray(zones.valid) ? zones.valid : [];
      if (valid.includes(zone)) return true;
      if (!isValidTimeZone(zone)) return false;
      zones.valid = [zone, ...valid].slice(0, MAX_REMEMBERED_ZONES);
      store.set(TIME_ZONES_KEY, zones);
      return true;
    },
  };
}
