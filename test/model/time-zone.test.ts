import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../src/model/storage';
import { TIME_ZONES_KEY, createTimeZoneMemory, isValidTimeZone } from '../../src/model/time-zone';
import { countIntl, restoreIntl } from '../helpers/intl';

afterEach(restoreIntl);

const browserZoneOfIntl = new Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A Date whose zone, as Date describes it, is `description` at `offsetMinutes` (getTimezoneOffset's sign). */
function dateIn(offsetMinutes: number, description: string): Date {
  const date = new Date(Date.UTC(2026, 10, 21, 8, 0, 0));
  date.getTimezoneOffset = () => offsetMinutes;
  date.toString = () => `Sat Nov 21 2026 09:00:00 ${description}`;
  return date;
}

const BERLIN_WINTER = dateIn(-60, 'GMT+0100 (Central European Standard Time)');

describe('createTimeZoneMemory', () => {
  it('asks Intl for the browser zone once, then answers from storage while Date describes the zone the same way', () => {
    const store = createMemoryStore();
    const intl = countIntl();
    expect(createTimeZoneMemory(store).browserZone(BERLIN_WINTER)).toBe(browserZoneOfIntl);
    expect(intl.count()).toBe(1);
    // The next page of the site: a new memory over the same storage.
    expect(createTimeZoneMemory(store).browserZone(BERLIN_WINTER)).toBe(browserZoneOfIntl);
    expect(intl.count()).toBe(1);
  });

  it('asks Intl again when the offset, the daylight saving state or the zone name changes', () => {
    const store = createMemoryStore();
    store.set(TIME_ZONES_KEY, { browser: { seenAs: `-60 GMT+0100 (Central European Standard Time)`, zone: 'Europe/Berlin' } });
    expect(createTimeZoneMemory(store).browserZone(BERLIN_WINTER)).toBe('Europe/Berlin');
    const intl = countIntl();
    for (const moved of [
      dateIn(-120, 'GMT+0200 (Central European Summer Time)'),
      dateIn(-60, 'GMT+0100 (West Africa Standard Time)'),
      dateIn(300, 'GMT-0500 (Eastern Standard Time)'),
    ]) {
      intl.reset();
      expect(createTimeZoneMemory(store).browserZone(moved)).toBe(browserZoneOfIntl);
      expect(intl.count()).toBe(1);
    }
  });

  it('remembers the zones Intl accepted, not the ones it refused', () => {
    const store = createMemoryStore();
    expect(createTimeZoneMemory(store).isKnown('America/New_York')).toBe(true);
    expect(createTimeZoneMemory(store).isKnown('Mars/Olympus_Mons')).toBe(false);
    const intl = countIntl();
    expect(createTimeZoneMemory(store).isKnown('America/New_York')).toBe(true);
    expect(intl.count()).toBe(0);
    expect(createTimeZoneMemory(store).isKnown('Mars/Olympus_Mons')).toBe(false);
    expect(intl.count()).toBe(1);
  });

  it('replaces an array found in storage, so the browser zone is remembered from then on', () => {
    const store = createMemoryStore();
    store.set(TIME_ZONES_KEY, ['not', 'a record']);
    const intl = countIntl();
    expect(createTimeZoneMemory(store).browserZone(BERLIN_WINTER)).toBe(browserZoneOfIntl);
    expect(createTimeZoneMemory(store).browserZone(BERLIN_WINTER)).toBe(browserZoneOfIntl);
    expect(intl.count()).toBe(1);
  });

  it('keeps the last eight zones, and garbage in storage is ignored', () => {
    const store = createMemoryStore();
    store.set(TIME_ZONES_KEY, 'not an object');
    const memory = createTimeZoneMemory(store);
    const zones = ['UTC', 'Asia/Tokyo', 'Europe/Paris', 'Europe/Berlin', 'America/Chicago', 'America/Denver', 'Asia/Kolkata', 'Australia/Sydney', 'Africa/Lagos'];
    for (const zone of zones) expect(memory.isKnown(zone)).toBe(true);
    expect(store.get<{ valid: string[] }>(TIME_ZONES_KEY)?.valid).toEqual(zones.slice(1).reverse());
    expect(isValidTimeZone('UTC')).toBe(true);
  });
});

describe('with Temporal (Chromium 144+, Firefox 139+)', () => {
  const withTemporal = (zone: string): void => {
    const now = {
      timeZoneId: () => zone,
      zonedDateTimeISO: (timeZone: string) => {
        if (!['UTC', 'Asia/Tokyo', 'America/New_York'].includes(timeZone)) throw new RangeError(`unknown ${timeZone}`);
        return {};
      },
    };
    Object.defineProperty(globalThis, 'Temporal', { value: { Now: now }, configurable: true });
  };
  afterEach(() => {
    delete (globalThis as { Temporal?: unknown }).Temporal;
  });

  it('takes the browser zone and checks zones without any Intl.DateTimeFormat, even on a first visit', () => {
    withTemporal('Asia/Tokyo');
    const intl = countIntl();
    const store = createMemoryStore();
    const memory = createTimeZoneMemory(store);
    expect(memory.browserZone(BERLIN_WINTER)).toBe('Asia/Tokyo');
    expect(memory.isKnown('America/New_York')).toBe(true);
    expect(memory.isKnown('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(intl.count()).toBe(0);
    // Nothing to remember: the storage is left alone.
    expect(store.get(TIME_ZONES_KEY)).toBeUndefined();
  });
});
