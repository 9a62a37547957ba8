import type { ListingItem } from '../../../../src/api/types';

/** Listing images load only from these origins: the demo runs offline, and a failed load is a console error. */
function isLoadableImage(url: string, allowedOrigins: readonly string[]): boolean {
  try {
    return allowedOrigins.includes(new URL(url).origin);
  } catch {
    return false;
  }
}

/** Images arrives as a string: a JSON array, or URLs separated by commas or whitespace. */
export function imageUrls(images: string): string[] {
  const text = images.trim();
  if (!text) return [];
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) return parsed.filter((value): value is string => typeof value === 'string');
    } catch {
      // fall through to the plain-list reading
    }
  }
  return text.split(/[\s,]+/).filter(Boolean);
}

export function formatPrice(item: ListingItem): string {
  const amount = item.SaleType === 'for_rent' ? item.RentPrice || item.Price : item.SalePrice || item.Price;
  const value = Number(amount);
  if (!amount || !Number.isFinite(value)) return 'Price on request';
  // A symbol like "$" sits on the number; a code like "CHF" gets a (no-break) space, as in "CHF 1,200".
  const symbol = item.CurrencySymbol.trim();
  const formatted = `${symbol}${/\p{L}$/u.test(symbol) ? '\u00a0' : ''}${value.toLocaleString('en-US')}`;
  return item.SaleType === 'for_rent' ? `${formatted} / month` : formatted;
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** One card per listing, built from text nodes only: listing data is never parsed as HTML. */
export function renderListings(
  container: HTMLElement,
  items: readonly ListingItem[],
  imageOrigins: readonly string[],
): void {
  container.replaceChildren(
    ...items.map((item) => {
      const card = element('article', 'listing');
      const picture = element('div', 'listing__picture');
      const image = imageUrls(item.Images).find((url) => isLoadableImage(url, imageOrigins));
      if (image) {
        const img = element('img', 'listing__image');
        img.src = image;
        img.alt = '';
        img.loading = 'lazy';
        picture.append(img);
      } else {
        picture.textContent = item.PropertyType || 'Home';
      }
      const badge = element('span', 'listing__badge', item.SaleType === 'for_rent' ? 'For rent' : 'For sale');
      const price = element('p', 'listing__price', formatPrice(item));
      const title = element('h3', 'listing__title', [item.PropertyType, item.City].filter(Boolean).join(' in '));
      const facts = element(
        'p',
        'listing__facts',
        [`${item.Bedrooms || '–'} bd`, `${item.Bathrooms || '–'} ba`, item.Area || item.BuildingArea]
          .filter(Boolean)
          .join(' · '),
      );
      const address = element('p', 'listing__address', [item.Address, item.City, item.State].filter(Boolean).join(', '));
      card.append(picture, badge, price, title, facts, address);
      if (/^https?:\/\//i.test(item.Url)) {
        const link = element('a', 'listing__link', 'View listing');
        link.href = item.Url;
        link.rel = 'noopener';
        card.append(link);
      }
      return card;
    }),
  );
}
