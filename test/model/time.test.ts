import { describe, expect, it } from 'vitest';
import { formatMessageTime, formatWaitTime, isValidTimeZone } from '../../src/model/time';

// 2024-01-15T03:05:00Z
const MOMENT = Date.UTC(2024, 0, 15, 3, 5);
/** Later the same day, in every zone below. */
const NOW = MOMENT + 60_000;

describe('formatMessageTime', () => {
  it('shows the time in the given zone', () => {
    expect(formatMessageTime(MOMENT, 'UTC', 'en-GB', NOW)).toBe('03:05');
    expect(formatMessageTime(MOMENT, 'Asia/Tokyo', 'en-GB', NOW)).toBe('12:05');
    expect(formatMessageTime(MOMENT, 'America/New_York', 'en-GB', NOW)).toBe('22:05');
  });

  it("follows the locale's clock convention", () => {
    expect(formatMessageTime(MOMENT, 'Asia/Tokyo', 'en-US', NOW)).toMatch(/^12:05\s?PM$/);
  });

  it("uses the visitor's zone for undefined or unknown zones instead of throwing", () => {
    const visitor = formatMessageTime(MOMENT, undefined, 'en-GB', NOW);
    expect(visitor).toMatch(/^\d\d:05$/);
    expect(formatMessageTime(MOMENT, 'Mars/Olympus_Mons', 'en-GB', NOW)).toBe(visitor);
  });

  it('keeps the zone when only the locale is unknown', () => {
    expect(formatMessageTime(MOMENT, 'Asia/Tokyo', 'not a locale!', NOW)).toMatch(/12.05/);
  });

  it('says the date of a message of another day than now, in the zone', () => {
    const nextDay = MOMENT + 24 * 3_600_000;
    expect(formatMessageTime(MOMENT, 'UTC', 'en-GB', nextDay)).toBe('15 Jan 2024, 03:05');
    expect(formatMessageTime(MOMENT, 'UTC', 'en-US', nextDay)).toMatch(/^Jan 15, 2024, 3:05\sAM$/);
    expect(formatMessageTime(MOMENT, 'UTC', 'de-DE', nextDay)).toBe('15.01.2024, 03:05');
    expect(formatMessageTime(MOMENT, 'UTC', 'en-GB', Date.UTC(2025, 0, 15, 3, 5))).toBe('15 Jan 2024, 03:05');
    // 03:05 UTC on 15 January is 22:05 on the 14th in New York: seen at 10:00 UTC, it was yesterday there, today in Tokyo.
    const later = Date.UTC(2024, 0, 15, 10, 0);
    expect(formatMessageTime(MOMENT, 'America/New_York', 'en-GB', later)).toBe('14 Jan 2024, 22:05');
    expect(formatMessageTime(MOMENT, 'Asia/Tokyo', 'en-GB', later)).toBe('12:05');
  });

  it('gives an empty text for an invalid timestamp', () => {
    expect(formatMessageTime(Number.NaN, 'UTC')).toBe('');
  });
});

describe('isValidTimeZone', () => {
  it.each([['UTC'], ['Asia/Tokyo'], ['Europe/Berlin']])('accepts %s', (zone) => {
    expect(isValidTimeZone(zone)).toBe(true);
  });
  it.each([['Mars/Olympus_Mons'], [''], ['GMT+25']])('rejects %j', (zone) => {
    expect(isValidTimeZone(zone)).toBe(false);
  });
});

describe('formatWaitTime', () => {
  it.each([
    [45_000, 'in 45 seconds'],
    [44_001, 'in 45 seconds'],
    [1, 'in 1 second'],
    [0, 'in 1 second'],
    [-5, 'in 1 second'],
    [90_000, 'in 90 seconds'],
    [120_000, 'in 2 minutes'],
    [121_000, 'in 3 minutes'],
    [3 * 3_600_000, 'in 3 hours'],
    [3 * 86_400_000, 'in 3 days'],
  ])('%i ms reads %j (rounded up, never sooner than true)', (ms, text) => {
    expect(formatWaitTime(ms)).toBe(text);
  });

  it('speaks another language when asked', () => {
    expect(formatWaitTime(45_000, 'de')).toBe('in 45 Sekunden');
  });
});
