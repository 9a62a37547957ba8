/** Time texts of the conversation: message times in the chatbot's TimeZone and the rate limit's wait. */

export { isValidTimeZone } from './time-zone.js';

/*
 * Creating an Intl.DateTimeFormat costs far more than using one, and a conversation formats many times. The cache
 * holds immutable formatters only, keyed by everything that shapes them, so two widgets sharing it share no
 * state; it is bounded so a page cycling through zones cannot grow it.
 */
const MAX_CACHED_FORMATTERS = 16;
const timeFormatters = new Map<string, Intl.DateTimeFormat>();

function timeFormatter(timeZone: string | undefined, locale: string | undefined, dated = false): Intl.DateTimeFormat {
  const cacheKey = `${locale ?? ''}|${timeZone ?? ''}|${dated}`;
  let formatter = timeFormatters.get(cacheKey);
  if (formatter === undefined) {
    // The locale's own clock: "03:05" in 24-hour locales, "3:05 AM" in 12-hour ones.
    const options: Intl.DateTimeFormatOptions = { dateStyle: dated ? 'medium' : undefined, timeStyle: 'short' };
    // An unknown locale still shows the chatbot's zone; an unknown zone shows the visitor's own clock.
    const attempts: Array<[string | undefined, Intl.DateTimeFormatOptions]> = [
      [locale, { ...options, timeZone }],
      [undefined, { ...options, timeZone }],
      [locale, options],
      [undefined, options],
    ];
    for (const [attemptLocale, attemptOptions] of attempts) {
      try {
        formatter = new Intl.DateTimeFormat(attemptLocale, attemptOptions);
        break;
      } catch {
        // try the next, more forgiving combination
      }
    }
    formatter ??= new Intl.DateTimeFormat();
    if (timeFormatters.size >= MAX_CACHED_FORMATTERS) timeFormatters.clear();
    timeFormatters.set(cacheKey, formatter);
  }
  return formatter;
}

/**
 * 'HH:mm'-style local time of `timestamp` (epoch ms) in `timeZone` (visitor's zone when undefined), in the
 * locale's own clock convention ("09:05" for en-GB, "9:05 AM" for en-US). A time of another day than `now`'s, in that
 * zone, says its date too ("15 Jan 2024, 09:05"): a conversation kept across reloads may span days, and bare times read
 * as today's. An invalid timestamp gives ''.
 */
export function formatMessageTime(timestamp: number, timeZone: string | undefined, locale?: string, now = Date.now()): string {
  if (!Number.isFinite(timestamp)) return '';
  return timeFormatter(timeZone, locale, dayOf(timestamp, timeZone, locale) !== dayOf(now, timeZone, locale)).format(timestamp);
}

/** The date of `moment` (epoch ms) in `timeZone`, as formatMessageTime tells days apart. */
export function dayOf(moment: number, timeZone: string | undefined, locale?: string): string {
  // The date is what the dated text has besides the time (should a locale word them apart, the date shows: no harm).
  return timeFormatter(timeZone, locale, true).format(moment).replace(timeFormatter(timeZone, locale).format(moment), '');
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Human wait text for the rate limit: 'in 45 seconds', 'in 2 minutes'. Always rounds up, so the visitor is
 * never told to retry before the limit lifts; at least one second. `locale` defaults to English, the language of
 * the widget's other texts.
 */
export function formatWaitTime(ms: number, locale = 'en'): string {
  const wait = Number.isFinite(ms) ? Math.max(ms, 0) : 0;
  // numeric 'always' (the default) says "in 2 days", never "the day after tomorrow" (German "übermorgen").
  let format: Intl.RelativeTimeFormat;
  try {
    format = new Intl.RelativeTimeFormat(locale);
  } catch {
    format = new Intl.RelativeTimeFormat('en');
  }
  if (wait < 2 * MINUTE) return format.format(Math.max(1, Math.ceil(wait / SECOND)), 'second');
  if (wait < 2 * HOUR) return format.format(Math.ceil(wait / MINUTE), 'minute');
  if (wait < 2 * DAY) return format.format(Math.ceil(wait / HOUR), 'hour');
  return format.format(Math.ceil(wait / DAY), 'day');
}
