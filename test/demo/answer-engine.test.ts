/** The reference service's answer engine (demo/server/answer.ts) on its own: which listings a question gets. */
import { describe, expect, it } from 'vitest';
import { answerQuestion, parseCriteria } from '../../demo/server/answer';
import { defaultSettings } from '../../demo/server/settings';
import type { ListingRecord } from '../../demo/server/store';

function listing(ID: number, City: string, SalePrice: number): ListingRecord {
  return {
    ID, createdAt: 0, updatedAt: 0, SerialNumber: 'demo', SaleType: 'for_sale', Status: 'Active', CurrencySymbol: '$',
    PropertyType: 'Condo', Bedrooms: 2, Bathrooms: 1, Url: `https://x.example/${ID}`, MLSNumber: `MLS-${ID}`,
    YearBuilt: 2001, DaysOnMarket: 9, LotArea: 0, BuildingArea: 90, AreaUnit: 'Square Meters', ParkingSpots: 1, City,
    Address: `${ID} Main St`, SalePrice, Images: [], ExtensionColumn: [],
  } as ListingRecord;
}

const listings = [listing(1, 'Portland', 300_000), listing(2, 'Austin', 400_000), listing(3, 'New Haven', 500_000)];
const ask = (question: string) =>
  answerQuestion({ question, askType: 'Text', files: [], settings: defaultSettings('demo'), listings }).text;

describe('answer engine: the city asked about', () => {
  it('says it found none in a city that has no listings, instead of answering with other cities', () => {
    const answer = ask('Homes for sale in Qatown?');
    expect(answer).toMatch(/^I couldn't find any listings for sale in Qatown\./);
    expect(answer).not.toMatch(/Main St/);
    expect(parseCriteria('Any rentals in Lake Placid, please?', [])).toMatchObject({ city: 'Lake Placid', saleType: 'for_rent' });
  });

  it('still answers a known city, a lower-case one and a question with no place', () => {
    expect(ask('Homes for sale in portland')).toMatch(/^I found 1 listing for sale in Portland:/);
    expect(ask('Condos in New Haven?')).toMatch(/^I found 1 listing for sale or rent in New Haven:/);
    expect(ask('Homes for sale in June?')).toMatch(/^I found 3 listings for sale:/);
    expect(ask('Which homes are for sale?')).toMatch(/^I found 3 listings for sale:/);
  });
});
