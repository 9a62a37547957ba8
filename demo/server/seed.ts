/** What a fresh DATA_DIR starts with: the demo chatbot, a second small chatbot, and realistic listings. */
import type { ListingRecord, StoreData } from './store';
import { defaultSettings } from './settings';

export const DEMO_SERIAL_NUMBER = 'demo-realty';
/** A second chatbot, so scoping (listings, session keys, files) can be seen and tested. */
export const SECOND_SERIAL_NUMBER = 'demo-rentals';

const DAY_MS = 24 * 60 * 60 * 1000;

type Row = [
  city: string,
  state: string,
  zip: string,
  address: string,
  saleType: 'for_sale' | 'for_rent',
  price: number,
  bedrooms: number,
  bathrooms: number,
  squareFeet: number,
  propertyType: string,
  yearBuilt: number,
  latitude: number,
  longitude: number,
];

const DEMO_ROWS: Row[] = [
  ['Austin', 'TX', '78704', '1402 Bouldin Ave', 'for_sale', 615000, 3, 2, 1680, 'Single Family', 1948, 30.2496, -97.7594],
  ['Austin', 'TX', '78702', '2210 E 12th St', 'for_sale', 449000, 2, 2, 1120, 'Townhouse', 2016, 30.2747, -97.7161],
  ['Austin', 'TX', '78745', '6604 Cooper Ln', 'for_sale', 389500, 3, 2, 1450, 'Single Family', 1984, 30.2012, -97.8015],
  ['Austin', 'TX', '78701', '300 Bowie St #1804', 'for_rent', 2650, 1, 1, 780, 'Condo', 2009, 30.2671, -97.7531],
  ['Austin', 'TX', '78751', '4505 Duval St', 'for_rent', 3400, 3, 2, 1530, 'Single Family', 1936, 30.3087, -97.7259],
  ['Austin', 'TX', '78758', '10901 Rutland Dr #212', 'for_rent', 1450, 1, 1, 640, 'Apartment', 1999, 30.3896, -97.7021],
  ['Seattle', 'WA', '98103', '4012 Woodland Park Ave N', 'for_sale', 925000, 3, 2.5, 1890, 'Single Family', 1925, 47.6559, -122.3431],
  ['Seattle', 'WA', '98122', '1717 E Olive St #4', 'for_sale', 529000, 2, 1, 870, 'Condo', 1989, 47.6196, -122.3107],
  ['Seattle', 'WA', '98118', '5625 Rainier Ave S', 'for_sale', 699000, 4, 2, 2010, 'Single Family', 1957, 47.5536, -122.2853],
  ['Seattle', 'WA', '98109', '500 Aloha St #302', 'for_rent', 2450, 1, 1, 690, 'Apartment', 2014, 47.6270, -122.3480],
  ['Seattle', 'WA', '98115', '7317 Roosevelt Way NE', 'for_rent', 3950, 3, 1.5, 1600, 'Single Family', 1941, 47.6822, -122.3176],
  ['Seattle', 'WA', '98121', '2600 2nd Ave #1109', 'for_rent', 3100, 2, 2, 1050, 'Condo', 2007, 47.6160, -122.3487],
  ['Denver', 'CO', '80205', '2821 Gilpin St', 'for_sale', 575000, 3, 2, 1540, 'Single Family', 1902, 39.7580, -104.9671],
  ['Denver', 'CO', '80211', '3435 W 32nd Ave #B', 'for_sale', 489000, 2, 2.5, 1230, 'Townhouse', 2018, 39.7620, -105.0327],
  ['Denver', 'CO', '80210', '1588 S Pearl St', 'for_sale', 1150000, 5, 3.5, 3200, 'Single Family', 1928, 39.6883, -104.9807],
  ['Denver', 'CO', '80202', '1700 Bassett St #1512', 'for_rent', 2200, 1, 1, 720, 'Condo', 2016, 39.7574, -105.0049],
  ['Denver', 'CO', '80219', '410 S Federal Blvd', 'for_rent', 1850, 2, 1, 900, 'Apartment', 1972, 39.7103, -105.0250],
  ['Denver', 'CO', '80220', '1265 Forest St', 'for_rent', 2950, 3, 2, 1480, 'Single Family', 1951, 39.7361, -104.9228],
  ['Portland', 'OR', '97214', '2134 SE Salmon St', 'for_sale', 649000, 3, 2, 1750, 'Single Family', 1912, 45.5141, -122.6437],
  ['Portland', 'OR', '97217', '6310 N Williams Ave', 'for_sale', 415000, 2, 1, 960, 'Single Family', 1924, 45.5680, -122.6666],
  ['Portland', 'OR', '97209', '1200 NW Marshall St #903', 'for_sale', 389000, 1, 1, 740, 'Condo', 2008, 45.5310, -122.6836],
  ['Portland', 'OR', '97202', '4417 SE Woodstock Blvd', 'for_rent', 2300, 2, 1, 1010, 'Duplex', 1939, 45.4791, -122.6158],
  ['Portland', 'OR', '97212', '3605 NE Halsey St', 'for_rent', 3200, 4, 2, 2100, 'Single Family', 1916, 45.5330, -122.6262],
  ['Portland', 'OR', '97201', '1650 SW Broadway #6', 'for_rent', 1395, 0, 1, 460, 'Studio', 1964, 45.5119, -122.6829],
  ['Miami', 'FL', '33131', '1100 Brickell Bay Dr #2306', 'for_sale', 735000, 2, 2, 1180, 'Condo', 2005, 25.7633, -80.1891],
  ['Miami', 'FL', '33133', '3340 Virginia St', 'for_sale', 1390000, 4, 3, 2650, 'Single Family', 1950, 25.7285, -80.2412],
  ['Miami', 'FL', '33137', '4100 NE 2nd Ave #410', 'for_sale', 499000, 1, 1, 820, 'Condo', 2019, 25.8137, -80.1927],
  ['Miami', 'FL', '33130', '90 SW 3rd St #1710', 'for_rent', 2900, 1, 1, 760, 'Condo', 2008, 25.7714, -80.1932],
  ['Miami', 'FL', '33135', '1545 SW 5th St', 'for_rent', 2400, 2, 1, 950, 'Apartment', 1961, 25.7681, -80.2188],
  ['Miami', 'FL', '33145', '2260 SW 17th Ter', 'for_rent', 3800, 3, 2, 1620, 'Single Family', 1947, 25.7573, -80.2337],
];

const SECOND_ROWS: Row[] = [
  ['Boston', 'MA', '02118', '560 Tremont St #3', 'for_rent', 3300, 2, 1, 880, 'Apartment', 1890, 42.3446, -71.0707],
  ['Boston', 'MA', '02130', '27 Paul Gore St', 'for_rent', 2750, 1, 1, 700, 'Apartment', 1910, 42.3198, -71.1094],
  ['Cambridge', 'MA', '02139', '14 Pleasant St #2', 'for_rent', 3900, 3, 1.5, 1300, 'Duplex', 1899, 42.3640, -71.1030],
];

export function seedData(now: number): StoreData {
  const listings: ListingRecord[] = [];
  let id = 1;
  const add = (serialNumber: string, rows: Row[], site: string) => {
    rows.forEach((row, index) => {
      listings.push(listingFromRow(serialNumber, row, id++, now - (rows.length - index) * DAY_MS, site));
    });
  };
  add(DEMO_SERIAL_NUMBER, DEMO_ROWS, 'https://harborandpine.example');
  add(SECOND_SERIAL_NUMBER, SECOND_ROWS, 'https://beaconrentals.example');
  return {
    format: 1,
    nextId: { session: 1001, message: 1, listing: id, file: 1 },
    chatbots: {
      [DEMO_SERIAL_NUMBER]: { settings: demoSettings(), createdAt: now },
      [SECOND_SERIAL_NUMBER]: { settings: secondSettings(), createdAt: now },
    },
    listings,
    sessions: {},
    files: {},
    usage: {},
  };
}

function demoSettings() {
  return {
    ...defaultSettings(DEMO_SERIAL_NUMBER),
    Name: 'Harbor & Pine Realty',
    SystemMessage: 'You are the assistant of Harbor & Pine Realty. Answer from the listings; be brief and friendly.',
    WelcomeMessage: "Hi! I'm the Harbor & Pine assistant. Ask me about homes for sale or rent in Austin, Seattle, Denver, Portland or Miami.",
    SuggestedMessage: '3 bedroom homes for sale in Austin under $650k\nCompare homes for rent in Seattle\nWhat can you do?',
    UserInputPlaceholder: 'Ask about a city, budget or bedrooms…',
    ChatBubbleColor: 'rgb(21,94,117)',
    UserMessageColor: 'rgb(21,94,117)',
    ChatbotPrivacyPolicyName: 'Privacy policy',
    ChatbotPrivacyPolicyDescription: 'By chatting you agree that we store this conversation to answer you.',
    ChatbotPrivacyPolicyUrl: 'https://harborandpine.example/privacy',
    SocialUrlOne: 'https://social.example/harborandpine',
    SocialUrlTwo: 'https://photos.example/harborandpine',
    MessengerUrl: 'https://messenger.example/harborandpine',
    TalkToHumanEmail: 'agents@harborandpine.example',
    TalkToHumanResponseMessage: 'I have asked one of our agents to get in touch. You can also write to agents@harborandpine.example.',
    EnableUploadImage: true,
    EnablePushToTalk: true,
    AnswerSuffix: '',
    RateLimitCount: 20,
    RateLimitTime: 60,
    RateLimitMessage: 'You are sending messages quickly. Please wait a minute and try again.',
  };
}

function secondSettings() {
  return {
    ...defaultSettings(SECOND_SERIAL_NUMBER),
    Name: 'Beacon Rentals',
    WelcomeMessage: 'Hello from Beacon Rentals. Looking for an apartment in Boston or Cambridge?',
    SuggestedMessage: 'Apartments for rent in Boston\n2 bedrooms in Cambridge',
    ChatBubbleColor: 'rgb(180,83,9)',
    UserMessageColor: 'rgb(180,83,9)',
    ChatBubbleAlign: 1,
    TimeZone: 'America/New_York',
  };
}

function listingFromRow(serialNumber: string, row: Row, id: number, createdAt: number, site: string): ListingRecord {
  const [city, state, zip, address, saleType, price, bedrooms, bathrooms, squareFeet, propertyType, yearBuilt, lat, lng] =
    row;
  const slug = `${address}-${city}`.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  const mls = `${state}${String(7_200_000 + id * 137)}`;
  const forSale = saleType === 'for_sale';
  return {
    ID: id,
    SerialNumber: serialNumber,
    SaleType: saleType,
    Status: id % 11 === 0 ? 'PreOnMarket' : 'Active',
    CurrencySymbol: '$',
    PropertyType: propertyType,
    Bedrooms: bedrooms,
    Bathrooms: bathrooms,
    Url: `${site}/listings/${slug}`,
    MLSNumber: mls,
    YearBuilt: yearBuilt,
    DaysOnMarket: (id * 7) % 45,
    LotArea: propertyType === 'Single Family' ? Math.round(squareFeet * 2.6) : 0,
    BuildingArea: squareFeet,
    AreaUnit: 'Square Feet',
    Images: [1, 2, 3].map((n) => `${site}/photos/${slug}/${n}.jpg`),
    ...(id % 4 === 0 ? { Tours: '3D' as const } : id % 5 === 0 ? { Tours: 'OpenHouse' as const } : {}),
    ParkingSpots: propertyType === 'Single Family' ? 2 : 1,
    Description: `${bedrooms === 0 ? 'Studio' : `${bedrooms}-bedroom`} ${propertyType.toLowerCase()} in ${city}, built ${yearBuilt}, ${squareFeet} sq ft.`,
    ExtensionColumn: [{ Key: 'Heating', value: city === 'Miami' ? 'None' : 'Forced air' }],
    Location: `${city}, ${state}`,
    Address: address,
    City: city,
    State: state,
    ZIP: zip,
    Latitude: lat,
    Longitude: lng,
    ...(forSale
      ? { SalePrice: price, UnitAreaPrice: Math.round(price / squareFeet), EstimatePrice: Math.round(price * 1.02) }
      : { RentPrice: price, DepositFee: price, SpaceType: 'Entire place' as const }),
    ...(forSale && propertyType !== 'Single Family' ? { HOAMonth: 250 + (id % 5) * 60 } : {}),
    createdAt,
    updatedAt: createdAt,
  };
}
