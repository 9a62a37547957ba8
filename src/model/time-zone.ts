/**
 * Its own module because settings.ts (in the launcher's bundle) needs only this check, while the formatting in
 * time.ts belongs to the panel: a module shared by both would load whole before the chat is opened.
 */

/** True when Intl knows `timeZone` (an IANA name such as "Asia/Tokyo", or "UTC"). */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}
