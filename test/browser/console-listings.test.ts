/**
 * The console's listings manager in Chromium against the reference service: a listing created through the form
 * appears in the table and in the preview widget's streamed answer; deleted, it is gone from both. Filters, paging,
 * update by a chosen key, and a rejected value shown next to its field.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingItem, RealEstateListResponse } from '../../src/api/types';
import { PHONE_VIEWPORT } from '../helpers/browser';
import { callService } from '../helpers/service';
import { askPreview, openConsole, startConsoleFixture, viewportShot, type ConsoleFixture } from './console-helpers';

let fixture: ConsoleFixture;

beforeAll(async () => {
  fixture = await startConsoleFixture();
});

afterAll(async () => {
  await fixture?.close();
});

function listByService(filters: Record<string, unknown>): Promise<RealEstateListResponse> {
  return callService(fixture.service, '/chat/Chatbot/RealEstateList', { SerialNumber: fixture.service.serialNumber, ...filters });
}

/** The bodies of the RealEstateUpdate requests `page` sends from now on. */
function updatesSent(page: Page): Record<string, unknown>[] {
  const sent: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/console-api/realEstateUpdate')) sent.push(request.postDataJSON() as Record<string, unknown>);
  });
  return sent;
}

/** A listing made through the service, for a test that edits it: the required fields and `fields`. */
function createListing(fields: Record<string, unknown>): Promise<string> {
  return callService<string>(fixture.service, '/chat/Chatbot/RealEstateCreate', {
    SerialNumber: fixture.service.serialNumber, SaleType: 'for_sale', Status: 'Active', CurrencySymbol: '$',
    Bedrooms: 2, Bathrooms: 1, AreaUnit: 'Square Feet', ParkingSpots: 1, ...fields,
  });
}

const NEW_CITY = 'Cedar Falls';
const ADDRESS = '77 Quillfeather Lane';
const MLS = `CF-${process.pid}`;

async function fillNewListing(page: Page, overrides: Record<string, string> = {}): Promise<void> {
  const values: Record<string, string> = {
    PropertyType: 'Cottage',
    MLSNumber: MLS,
    Url: 'https://listings.example/cedar-falls/77-quillfeather',
    Address: ADDRESS,
    City: NEW_CITY,
    State: 'IA',
    ZIP: '50613',
    Bedrooms: '3',
    Bathrooms: '2.5',
    BuildingArea: '1450',
    LotArea: '5200',
    YearBuilt: '1998',
    ParkingSpots: '2',
    DaysOnMarket: '4',
    SalePrice: '412000',
    ...overrides,
  };
  for (const [name, value] of Object.entries(values)) await page.locator(`#listing-${name}`).fill(value);
  await page.locator('#listing-Tours').selectOption('OpenHouse');
  await page.locator('#listing-Images-0').fill('https://listings.example/cedar-falls/77-front.jpg');
  await page.getByRole('button', { name: 'Add detail' }).click();
  await page.locator('#listing-ExtensionColumn-0-key').fill('Pool');
  await page.locator('#listing-ExtensionColumn-0-value').fill('Heated');
}

describe('operator console: listings manager', () => {
  it('a listing created in a new city shows in the table and in the preview\'s streamed answer; deleted, in neither', async () => {
    const { page, log, close } = await openConsole(fixture, '#listings');
    const streamedAnswers: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/chat/Chat/ClientAsk')) streamedAnswers.push(response.headers()['content-type'] ?? '');
    });
    try {
      expect((await listByService({ CityName: NEW_CITY })).VirtualCount).toBe(0);
      await page.getByRole('button', { name: 'New listing' }).click();
      await fillNewListing(page);
      await page.getByRole('button', { name: 'Create listing' }).click();
      await page.locator('#listings-status', { hasText: `Created listing` }).waitFor();

      const row = page.locator('tbody tr', { hasText: MLS });
      await row.waitFor();
      expect(await row.textContent()).toContain(NEW_CITY);
      const stored = (await listByService({ CityName: NEW_CITY })).List;
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ MLSNumber: MLS, Address: ADDRESS, SalePrice: '412000', Bathrooms: '2.5', Tours: 'OpenHouse' });
      expect(JSON.parse(stored[0]?.ExtensionColumn ?? '[]')).toEqual([{ Key: 'Pool', value: 'Heated' }]);

      const answer = await askPreview(page, `Which homes are for sale in ${NEW_CITY}?`);
      expect(answer).toContain(ADDRESS);
      expect(answer).toContain(NEW_CITY);
      expect(streamedAnswers.at(-1)).toMatch(/text\/event-stream/);

      await row.getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Delete selected (1)' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete 1 listing?' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Delete 1 listing' }).click();
      await page.locator('#listings-status', { hasText: /^Deleted 1 listing\.$/ }).waitFor();
      await row.waitFor({ state: 'detached' });
      expect((await listByService({ CityName: NEW_CITY })).VirtualCount).toBe(0);

      const after = await askPreview(page, `Which homes are for sale in ${NEW_CITY}?`);
      // The city is gone with its only listing: the answer says there is none there, not other cities' homes.
      expect(after).not.toContain(ADDRESS);
      expect(after).toMatch(new RegExp(`^I couldn't find any listings for sale in ${NEW_CITY}\\.`));
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('the confirm step can be cancelled: nothing is deleted and the selection stays', async () => {
    const { page, close } = await openConsole(fixture, '#listings');
    try {
      const before = (await listByService({})).VirtualCount;
      const checkboxes = page.locator('tbody tr').getByRole('checkbox');
      await checkboxes.nth(0).check();
      await checkboxes.nth(1).check();
      await page.getByRole('button', { name: 'Delete selected (2)' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete 2 listings?' });
      await dialog.getByRole('button', { name: 'Keep them' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect((await listByService({})).VirtualCount).toBe(before);
      expect(await page.getByRole('button', { name: 'Delete selected (2)' }).isEnabled()).toBe(true);
    } finally {
      await close();
    }
  });

  it('filters by city, sale type and MLS number; pages with the total from VirtualCount', async () => {
    const { page, close } = await openConsole(fixture, '#listings');
    try {
      const all = await listByService({ PageSize: 100 });
      const summary = page.locator('#listings-summary');
      expect(await summary.textContent()).toBe(`Showing 1–20 of ${all.VirtualCount} listings`);
      expect(await page.locator('tbody tr').count()).toBe(Math.min(20, all.VirtualCount));

      await page.getByRole('button', { name: 'Next page' }).click();
      await summary.filter({ hasText: `Showing 21–` }).waitFor();
      const secondPage = await listByService({ PageNumber: 2, PageSize: 20 });
      expect(await page.locator('tbody tr').first().getAttribute('data-listing-id')).toBe(String(secondPage.List[0]?.ID));

      const city = ((await listByService({ SaleType: 'for_rent', PageSize: 1 })).List[0] as ListingItem).City;
      await page.getByLabel('City').fill(city);
      await page.getByLabel('Sale type').selectOption('for_rent');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      const expected = await listByService({ CityName: city, SaleType: 'for_rent' });
      await summary.filter({ hasText: `of ${expected.VirtualCount} listings` }).waitFor();
      const cities = await page.locator('tbody tr td:nth-child(4)').allTextContents();
      expect(cities.length).toBe(expected.List.length);
      expect(new Set(cities)).toEqual(new Set([city]));

      const mls = expected.List[0]?.MLSNumber ?? '';
      await page.getByLabel('MLS number').fill(mls);
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await summary.filter({ hasText: 'of 1 listings' }).waitFor();
      expect(await page.locator('tbody tr').count()).toBe(1);
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await summary.filter({ hasText: `of ${all.VirtualCount} listings` }).waitFor();
    } finally {
      await close();
    }
  });

  it('updates a listing found by its MLS number, sending only the changed fields', async () => {
    const { page, log, close } = await openConsole(fixture, '#listings');
    try {
      const target = (await listByService({ SaleType: 'for_sale', PageSize: 1 })).List[0] as ListingItem;
      const row = page.locator(`tbody tr[data-listing-id="${target.ID}"]`);
      await row.getByRole('button', { name: /^Edit/ }).click();
      expect(await page.locator('#listing-MLSNumber').inputValue()).toBe(target.MLSNumber);
      expect(await page.locator('#listing-Key').inputValue()).toBe(String(target.ID));
      await page.getByLabel('Find it by').selectOption('MLSNumber');
      expect(await page.locator('#listing-Key').inputValue()).toBe(target.MLSNumber);

      const sent = updatesSent(page);
      await page.locator('#listing-SalePrice').fill('123456');
      await page.locator('#listing-Description').fill('Updated from the console.');
      await page.getByRole('button', { name: 'Save listing' }).click();
      const status = page.locator('#listings-status, .listing-form .notice--error').filter({ hasText: /\S/ });
      await status.waitFor();
      expect(await status.textContent()).toBe('Updated 1 listing: Description, Sale price.');
      expect(sent).toEqual([
        { KeyType: 'MLSNumber', Key: target.MLSNumber, Description: 'Updated from the console.', SalePrice: 123456, SerialNumber: fixture.service.serialNumber },
      ]);
      expect(JSON.stringify(sent)).not.toContain(fixture.service.secretKey);
      const updated = (await listByService({ MLSNumber: target.MLSNumber })).List[0];
      expect(updated).toMatchObject({ SalePrice: '123456', Description: 'Updated from the console.', City: target.City });
      expect(updated?.ExtensionColumn).toBe(target.ExtensionColumn);
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('an emptied optional number is cleared (sent as null) and lists as unset; a required one cannot be emptied', async () => {
    const mls = `CLR-${process.pid}`;
    const id = await createListing({
      PropertyType: 'Bungalow', Url: `https://listings.example/clear/${process.pid}`, MLSNumber: mls, YearBuilt: 1960,
      DaysOnMarket: 3, LotArea: 3000, BuildingArea: 900, City: 'Juniper Flats', SalePrice: 289000, HOAMonth: 120,
    });
    const { page, log, close } = await openConsole(fixture, '#listings');
    try {
      const sent = updatesSent(page);
      const row = page.locator(`tbody tr[data-listing-id="${id}"]`);
      expect(await row.locator('td.table__number').textContent()).toBe('$289,000');
      await row.getByRole('button', { name: /^Edit/ }).click();
      await page.locator('#listing-SalePrice').fill('');
      await page.locator('#listing-HOAMonth').fill('');
      await page.locator('#listing-Bedrooms').fill('');
      await page.getByRole('button', { name: 'Save listing' }).click();
      expect(await page.locator('#listing-Bedrooms-error').textContent()).toBe('A number cannot be emptied; enter a value (0 for none).');
      expect(sent).toEqual([]);

      await page.locator('#listing-Bedrooms').fill('2');
      await page.getByRole('button', { name: 'Save listing' }).click();
      await page.locator('#listings-status', { hasText: 'Updated 1 listing: Sale price, Monthly HOA fee.' }).waitFor();
      expect(sent).toEqual([
        { KeyType: 'PlatformID', Key: id, SalePrice: null, HOAMonth: null, SerialNumber: fixture.service.serialNumber },
      ]);
      expect((await listByService({ MLSNumber: mls })).List[0]).toMatchObject({ Price: '', SalePrice: '', HOAMonth: '', Bedrooms: '2' });

      await page.reload();
      await page.locator('.table-wrap[data-state="ready"]').waitFor();
      expect(await row.locator('td.table__number').textContent()).toBe('Price on request');
      await row.getByRole('button', { name: /^Edit/ }).click();
      expect(await page.locator('#listing-SalePrice').inputValue()).toBe('');
      expect(await page.locator('#listing-HOAMonth').inputValue()).toBe('');
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
      await callService(fixture.service, '/chat/Chatbot/RealEstateDelete', { SerialNumber: fixture.service.serialNumber, Keys: [id], KeyType: 'PlatformID' });
    }
  });

  it('one coordinate emptied is refused next to it before sending, keeping every other edit; both emptied clear the position', async () => {
    const mls = `POS-${process.pid}`;
    const id = await createListing({
      PropertyType: 'Cabin', Url: `https://listings.example/position/${process.pid}`, MLSNumber: mls, YearBuilt: 1975,
      DaysOnMarket: 6, LotArea: 4000, BuildingArea: 800, City: 'Alder Point', SalePrice: 199000, Latitude: 44.25,
      Longitude: -121.5,
    });
    const { page, log, close } = await openConsole(fixture, '#listings');
    try {
      const sent = updatesSent(page);
      const row = page.locator(`tbody tr[data-listing-id="${id}"]`);
      await row.getByRole('button', { name: /^Edit/ }).click();
      expect(await page.locator('#listing-Latitude').inputValue()).toBe('44.25');
      expect(await page.locator('#listing-Longitude').inputValue()).toBe('-121.5');
      await page.locator('#listing-Description').fill('Cabin by the river.');
      await page.locator('#listing-SalePrice').fill('205000');
      await page.locator('#listing-Latitude').fill('');
      await page.getByRole('button', { name: 'Save listing' }).click();
      const error = page.locator('#listing-Latitude-error');
      await error.filter({ hasText: /\S/ }).waitFor();
      expect(await error.textContent()).toBe('Enter a latitude too, or empty Longitude as well: a position needs both coordinates or neither.');
      expect(await page.locator('#listing-Latitude').getAttribute('aria-invalid')).toBe('true');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('listing-Latitude');
      expect(sent).toEqual([]);
      // Nothing the operator typed is lost, and the service still has the whole position (no 0 anywhere).
      expect(await page.locator('#listing-Description').inputValue()).toBe('Cabin by the river.');
      expect(await page.locator('#listing-SalePrice').inputValue()).toBe('205000');
      expect(await page.locator('#listing-Longitude').inputValue()).toBe('-121.5');
      expect((await listByService({ MLSNumber: mls })).List[0]).toMatchObject({ LATITUDE: 44.25, LONGITUDE: -121.5, SalePrice: '199000' });

      // Emptying the other one too removes the position: both go as null, with the other edits.
      await page.locator('#listing-Longitude').fill('');
      expect(await page.locator('#listing-Latitude-error').count()).toBe(0);
      await page.getByRole('button', { name: 'Save listing' }).click();
      await page.locator('#listings-status', { hasText: 'Updated 1 listing:' }).waitFor();
      expect(sent).toEqual([
        {
          KeyType: 'PlatformID', Key: id, Description: 'Cabin by the river.', Latitude: null, Longitude: null, SalePrice: 205000,
          SerialNumber: fixture.service.serialNumber,
        },
      ]);
      expect((await listByService({ MLSNumber: mls })).List[0]).toMatchObject({ LATITUDE: 0, LONGITUDE: 0, SalePrice: '205000' });
      await row.getByRole('button', { name: /^Edit/ }).click();
      expect(await page.locator('#listing-Latitude').inputValue()).toBe('');
      expect(await page.locator('#listing-Longitude').inputValue()).toBe('');

      // A new position needs both: one alone is refused next to the empty one.
      await page.locator('#listing-Longitude').fill('-121.75');
      await page.getByRole('button', { name: 'Save listing' }).click();
      await page.locator('#listing-Latitude-error').filter({ hasText: /\S/ }).waitFor();
      expect(sent).toHaveLength(1);
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
      await callService(fixture.service, '/chat/Chatbot/RealEstateDelete', { SerialNumber: fixture.service.serialNumber, Keys: [id], KeyType: 'PlatformID' });
    }
  });

  it('a value the service rejects is shown next to its field and everything typed stays', async () => {
    const { page, close } = await openConsole(fixture, '#listings');
    try {
      const before = (await listByService({})).VirtualCount;
      await page.getByRole('button', { name: 'New listing' }).click();
      await fillNewListing(page, { Url: 'listing-page', MLSNumber: 'BAD-URL-1' });
      await page.getByRole('button', { name: 'Create listing' }).click();
      const error = page.locator('#listing-Url-error');
      await error.waitFor();
      expect(await error.textContent()).toMatch(/absolute http\(s\) URL/);
      expect(await page.locator('#listing-Url').getAttribute('aria-invalid')).toBe('true');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('listing-Url');
      expect(await page.locator('#listing-City').inputValue()).toBe(NEW_CITY);
      expect(await page.locator('#listing-ExtensionColumn-0-value').inputValue()).toBe('Heated');
      expect((await listByService({})).VirtualCount).toBe(before);

      // A required field left empty is caught before sending, next to the field.
      await page.locator('#listing-Bedrooms').fill('');
      await page.getByRole('button', { name: 'Create listing' }).click();
      expect(await page.locator('#listing-Bedrooms-error').textContent()).toBe('Required.');
    } finally {
      await close();
    }
  });

  it('long unbroken values wrap, and every row\'s price and Edit are in view on a desktop and on a phone', async () => {
    const id = await createListing({
      MLSNumber: 'MLS-ABCDEFGHIJKLMNOPQRSTUVWXYZ-0123456789', City: 'Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch',
      PropertyType: 'Condominiumwithaveryveryverylongnamethatneverbreaks', Url: 'https://listings.example/long',
      YearBuilt: 1990, DaysOnMarket: 1, LotArea: 100, BuildingArea: 90, SalePrice: 123456789,
    });
    try {
      for (const [name, viewport] of [['desktop', undefined], ['phone', PHONE_VIEWPORT]] as const) {
        const { page, close } = await openConsole(fixture, '#listings', viewport ? { viewport } : {});
        try {
          await page.locator(`tr[data-listing-id="${id}"]`).waitFor();
          const layout = await page.evaluate(() => {
            const wrap = document.querySelector('.table-wrap') as HTMLElement;
            const box = wrap.getBoundingClientRect();
            const rows = [...document.querySelectorAll('tbody tr[data-listing-id]')].map((row) => {
              const edit = row.querySelector('button')!.getBoundingClientRect();
              const price = row.querySelector('.table__number')!.getBoundingClientRect();
              return { edit: edit.right, price: price.right, priceLeft: price.left };
            });
            return { right: Math.min(box.right, innerWidth), left: box.left, scroll: wrap.scrollWidth - wrap.clientWidth, rows };
          });
          await viewportShot(page, `console-listings-long-${name}`);
          expect(layout.scroll, name).toBeLessThanOrEqual(0);
          expect(layout.rows.length, name).toBeGreaterThan(1);
          for (const row of layout.rows) {
            expect(row.edit, name).toBeLessThanOrEqual(layout.right);
            expect(row.price, name).toBeLessThanOrEqual(layout.right);
            expect(row.priceLeft, name).toBeGreaterThanOrEqual(layout.left);
          }
          // The Edit of the long row is reachable where it is: a click opens its form.
          await page.locator(`tr[data-listing-id="${id}"]`).getByRole('button', { name: /^Edit/ }).click();
          expect(await page.locator('#listing-City').inputValue()).toMatch(/^Llanfair/);
        } finally {
          await close();
        }
      }
    } finally {
      await callService(fixture.service, '/chat/Chatbot/RealEstateDelete', { SerialNumber: fixture.service.serialNumber, Keys: [id], KeyType: 'PlatformID' });
    }
  });
});
