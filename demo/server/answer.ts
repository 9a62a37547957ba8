/**
 * The deterministic answer engine: no model, the same question always gets the same answer. It reads a city (one
 * of the chatbot's listing cities, or a capitalised name after "in", which then has none), buy or rent, a bedroom
 * count ("3 bed", "3-bedroom": at least that many) and a price limit ("under $500k", "below 2000") from the
 * question and lists matching listings (not Sold) as markdown,
 * cheapest first: a numbered list, or a table when the question asks to compare them ("compare", "table", "side by
 * side"). Otherwise it greets, hands over to a human, or explains what it can do. Image, audio and video
 * questions are acknowledged by their files. AnswerSuffix is appended after a blank line.
 */
import type { ChatAskType, SaleType } from '../../src/api/types';
import type { ListingRecord, Settings } from './store';

export interface AttachedFile {
  fileName: string;
  format: string;
  size: number;
  durationSeconds?: number;
}

export interface AnswerInput {
  question: string;
  askType: ChatAskType;
  files: AttachedFile[];
  settings: Settings;
  /** The chatbot's own listings. */
  listings: readonly ListingRecord[];
}

export interface EngineAnswer {
  text: string;
  /** True when the engine did not understand the question and fell back to explaining itself. */
  noAnswer: boolean;
}

export interface Criteria {
  city?: string;
  saleType?: SaleType;
  minBedrooms?: number;
  maxPrice?: number;
}

const MAX_RESULTS = 5;
const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };

export function answerQuestion(input: AnswerInput): EngineAnswer {
  const parts: string[] = [];
  const media = acknowledgeFiles(input.askType, input.files);
  if (media) parts.push(media);
  let noAnswer = false;
  const question = input.question.trim();
  if (question !== '' || !media) {
    const reply = replyToText(question, input);
    parts.push(reply.text);
    noAnswer = reply.noAnswer;
  } else {
    parts.push(`This demo cannot look inside files, but ${capabilities(input)}`);
  }
  const suffix = input.settings.AnswerSuffix.trim();
  if (suffix) parts.push(suffix);
  return { text: parts.join('\n\n'), noAnswer };
}

/** TotalToken: the number of whitespace-separated words in the question plus the answer. */
export function countTokens(question: string, answer: string): number {
  const words = (text: string) => text.split(/\s+/).filter((word) => word !== '').length;
  return words(question) + words(answer);
}

function replyToText(question: string, input: AnswerInput): EngineAnswer {
  const { settings } = input;
  const criteria = parseCriteria(question, cityNames(input.listings));
  const mentionsHomes = /\b(homes?|houses?|apartments?|condos?|listings?|propert(?:y|ies)|places?|townhouses?|studios?|duplex)\b/i.test(question);
  if (Object.keys(criteria).length > 0 || mentionsHomes) {
    const asTable = /\b(compare|comparison|table|side by side)\b/i.test(question);
    return { text: listMatches(criteria, input.listings, asTable), noAnswer: false };
  }
  if (/\b(human|person|agent|someone|representative)\b/i.test(question)) {
    const handoff = settings.TalkToHumanResponseMessage.trim();
    const email = settings.TalkToHumanEmail.trim();
    return {
      text: handoff || (email ? `You can reach a person at ${email}.` : 'I will let the team know you would like to talk to a person.'),
      noAnswer: false,
    };
  }
  if (/^(hi|hello|hey|howdy|good (morning|afternoon|evening))\b/i.test(question)) {
    return { text: `Hello! I'm ${settings.Name}. ${capabilities(input)}`, noAnswer: false };
  }
  if (/\b(thanks|thank you|cheers)\b/i.test(question)) {
    return { text: "You're welcome! Ask me any time about another city or budget.", noAnswer: false };
  }
  const helpAsked = /\b(help|what can you do|who are you)\b/i.test(question);
  return {
    text: helpAsked ? capabilities(input) : `I'm not sure I understood that. ${capabilities(input)}`,
    noAnswer: !helpAsked,
  };
}

export function parseCriteria(question: string, cities: readonly string[]): Criteria {
  const criteria: Criteria = {};
  const lower = question.toLowerCase();
  const longestFirst = [...cities].sort((a, b) => b.length - a.length);
  const city = longestFirst.find((name) => new RegExp(`\\b${escapeRegExp(name.toLowerCase())}\\b`).test(lower));
  // A place the listings do not have is still the place asked about: "none in Qatown", not other cities' homes.
  const place = city ?? placeAskedAbout(question);
  if (place) criteria.city = place;
  if (/\b(rent|rents|rental|rentals|renting|lease|leasing)\b/.test(lower)) criteria.saleType = 'for_rent';
  else if (/\b(buy|buying|purchase|for sale|sale|own)\b/.test(lower)) criteria.saleType = 'for_sale';
  const bedrooms = /\b(\d{1,2}|one|two|three|four|five|six)\s*\+?\s*-?\s*(?:bed(?:room)?s?|br|bd)\b/.exec(lower);
  if (bedrooms?.[1]) criteria.minBedrooms = NUMBER_WORDS[bedrooms[1]] ?? Number(bedrooms[1]);
  const price = /\b(?:under|below|less than|at most|up to|max(?:imum)?|cheaper than)\s*\$?\s*(\d[\d,]*(?:\.\d+)?)\s*(k|m|thousand|million)?\b/.exec(lower);
  if (price?.[1]) {
    const unit = price[2] ?? '';
    const multiplier = unit === 'k' || unit === 'thousand' ? 1_000 : unit === 'm' || unit === 'million' ? 1_000_000 : 1;
    criteria.maxPrice = Number(price[1].replace(/,/g, '')) * multiplier;
  }
  return criteria;
}

/** Words after "in" that name a time, a language or a currency, not a place. */
const NOT_PLACES = new Set(
  'january february march april may june july august september october november december spring summer autumn fall winter english spanish french german usd eur chf'.split(' '),
);

/** A capitalised name after "in" ("homes in Qatown", "in New Town?"), for a city none of the listings is in. */
function placeAskedAbout(question: string): string | undefined {
  const match = /\b[Ii]n\s+(\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*)*)/u.exec(question);
  const place = match?.[1]?.replace(/[.'’-]+$/, '');
  return place && !NOT_PLACES.has(place.toLowerCase()) ? place : undefined;
}

function listMatches(criteria: Criteria, listings: readonly ListingRecord[], asTable: boolean): string {
  const matches = listings
    .filter((listing) => listing.Status !== 'Sold')
    .filter((listing) => !criteria.city || (listing.City ?? '').toLowerCase() === criteria.city.toLowerCase())
    .filter((listing) => !criteria.saleType || listing.SaleType === criteria.saleType)
    .filter((listing) => criteria.minBedrooms === undefined || listing.Bedrooms >= criteria.minBedrooms)
    .filter((listing) => {
      if (criteria.maxPrice === undefined) return true;
      const price = priceOf(listing);
      return price !== undefined && price <= criteria.maxPrice;
    })
    .sort((a, b) => (priceOf(a) ?? Infinity) - (priceOf(b) ?? Infinity) || a.ID - b.ID);
  const description = describe(criteria, listings[0]?.CurrencySymbol ?? '$');
  if (matches.length === 0) {
    const cities = cityNames(listings);
    return (
      `I couldn't find any listings ${description}. Try a higher budget, fewer bedrooms or another city` +
      (cities.length ? ` (I know ${joinWords(cities)}).` : '.')
    );
  }
  const shown = matches.slice(0, MAX_RESULTS);
  const heading =
    matches.length === 1
      ? `I found 1 listing ${description}:`
      : matches.length > shown.length
        ? `I found ${matches.length} listings ${description}; here are the ${shown.length} least expensive:`
        : `I found ${matches.length} listings ${description}:`;
  const body = asTable
    ? listingTable(shown)
    : shown.map((listing, index) => `${index + 1}. ${formatListing(listing)}`);
  return [heading, '', ...body].join('\n');
}

/** A GFM table, one listing per row: prices aligned right, rooms centred. */
function listingTable(listings: readonly ListingRecord[]): string[] {
  return [
    '| Listing | City | Price | Bedrooms | Bathrooms | Type |',
    '| :-- | :-- | --: | :-: | :-: | :-- |',
    ...listings.map((listing) => {
      const rooms = listing.Bedrooms === 0 ? 'studio' : String(listing.Bedrooms);
      return `| ${listingLink(listing)} | ${escapeMarkdown(placeOf(listing))} | ${priceText(listing)} | ${rooms} | ${listing.Bathrooms} | ${escapeMarkdown(listing.PropertyType)} |`;
    }),
  ];
}

function priceText(listing: ListingRecord): string {
  const price = priceOf(listing);
  if (price === undefined) return 'price on request';
  return `${formatMoney(price, listing.CurrencySymbol)}${listing.SaleType === 'for_rent' ? '/month' : ''}`;
}

function formatListing(listing: ListingRecord): string {
  const rooms = listing.Bedrooms === 0 ? 'studio' : `${listing.Bedrooms} bd`;
  return `**${listingLink(listing)}**, ${escapeMarkdown(placeOf(listing))}: ${priceText(listing)} · ${rooms} · ${listing.Bathrooms} ba · ${escapeMarkdown(listing.PropertyType)}`;
}

function listingLink(listing: ListingRecord): string {
  return `[${escapeMarkdown(listing.Address || listing.PropertyType)}](${safeLinkTarget(listing.Url)})`;
}

function placeOf(listing: ListingRecord): string {
  return [listing.City, listing.State].filter(Boolean).join(', ');
}

function describe(criteria: Criteria, currency: string): string {
  const words: string[] = [];
  words.push(criteria.saleType === 'for_rent' ? 'for rent' : criteria.saleType === 'for_sale' ? 'for sale' : 'for sale or rent');
  if (criteria.city) words.push(`in ${criteria.city}`);
  if (criteria.minBedrooms !== undefined) words.push(`with ${criteria.minBedrooms}+ bedrooms`);
  if (criteria.maxPrice !== undefined) words.push(`up to ${formatMoney(criteria.maxPrice, currency)}`);
  return words.join(' ');
}

function acknowledgeFiles(askType: ChatAskType, files: readonly AttachedFile[]): string {
  if (askType === 'Text' || files.length === 0) return '';
  const describeFile = (file: AttachedFile) => `${escapeMarkdown(file.fileName)} (${file.format}, ${formatSize(file.size)})`;
  if (askType === 'Audio') {
    const [file] = files;
    const seconds = file?.durationSeconds ?? 0;
    return `I received a RIFF/WAVE recording of ${formatSeconds(seconds)} (${file ? describeFile(file) : ''}).`;
  }
  if (askType === 'Video') return `I received a video: ${files.map(describeFile).join(', ')}.`;
  return `I received ${files.length === 1 ? '1 image' : `${files.length} images`}: ${joinWords(files.map(describeFile))}.`;
}

function capabilities(input: AnswerInput): string {
  const cities = cityNames(input.listings);
  const where = cities.length ? ` in ${joinWords(cities)}` : '';
  const example = cities[0] ? `"3 bedroom homes for sale in ${cities[0]} under $700k"` : '"3 bedroom homes for sale under $700k"';
  return `I can find homes for sale or rent${where}. Tell me a city, whether you want to buy or rent, how many bedrooms and your budget, for example: ${example}.`;
}

function priceOf(listing: ListingRecord): number | undefined {
  return listing.SaleType === 'for_rent' ? listing.RentPrice : listing.SalePrice;
}

function cityNames(listings: readonly ListingRecord[]): string[] {
  const seen = new Map<string, string>();
  for (const listing of listings) {
    const city = listing.City?.trim();
    if (city && !seen.has(city.toLowerCase())) seen.set(city.toLowerCase(), city);
  }
  return [...seen.values()].sort((a, b) => a.localeCompare(b));
}

function formatMoney(amount: number, symbol: string): string {
  return `${symbol}${amount.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
}

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} bytes`;
}

function formatSeconds(seconds: number): string {
  const rounded = Math.round(seconds * 10) / 10;
  return `${rounded} second${rounded === 1 ? '' : 's'}`;
}

function joinWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** `|` too: the same text may land in a table cell, where an unescaped pipe would split it. */
function escapeMarkdown(text: string): string {
  return text.replace(/([\\`*_[\]<>|])/g, '\\$1');
}

/** Parentheses and spaces would end a markdown link target early; a pipe would split a table cell. */
function safeLinkTarget(url: string): string {
  return url.replace(/[()\s<>|]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
