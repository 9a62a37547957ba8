/** Counting the Intl.DateTimeFormat objects code makes: the first one in a page is what costs (ICU loads its data). */
const OriginalDateTimeFormat = Intl.DateTimeFormat;

/** Replaces Intl.DateTimeFormat with a counting one (restoreIntl undoes it); `new` and plain calls both count. */
export function countIntl(): { count(): number; reset(): void } {
  let count = 0;
  const counting = function DateTimeFormat(...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
    count += 1;
    return new OriginalDateTimeFormat(...args);
  };
  Intl.DateTimeFormat = counting as unknown as typeof Intl.DateTimeFormat;
  return { count: () => count, reset: () => (count = 0) };
}

export function restoreIntl(): void {
  Intl.DateTimeFormat = OriginalDateTimeFormat;
}
