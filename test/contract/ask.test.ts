/**
 * Contract: ClientAsk as one JSON answer: the answer engine against the chatbot's own listings, AnswerSuffix,
 * TotalToken, credentials, domain verification, the rate limit and the monthly cap (with a test clock), and bad
 * input, each refusal leaving the data unchanged.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AskRequest, ListingItem, ServiceClient } from '../../src/api';
import { MONTHLY_CAP_MESSAGE, SECOND_SERIAL_NUMBER } from '../../demo/server/index';
import { MAX_QUESTION_LENGTH } from '../../demo/server/ask';
import { plainText } from '../../src/ui/markdown/inline';
import { parseMarkdown } from '../../src/ui/markdown/parse';
import { startTestService, type TestService } from '../helpers/service';
import { createClient } from '../../src/api';
import {
  adminClient,
  anonymousClient,
  blob,
  expectBusiness,
  expectHttp,
  fromAddress,
  pngBytes,
  raw,
  readDataFile,
  testVisitorAddress,
  visitor,
} from './fixtures';

let service: TestService;
let admin: ServiceClient;
/** The service's clock; tests move it to cross rate-limit windows and month ends. */
let clock = Date.UTC(2025, 0, 15, 12, 0, 0);

beforeAll(async () => {
  service = await startTestService({ now: () => clock, visitorAddress: testVisitorAddress });
  admin = adminClient(service);
  await admin.edit({ serialNumber: service.serialNumber, RateLimitCount: 0, RateLimitTime: 0 });
});
afterAll(async () => {
  await service?.close();
});

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

async function listings(city: string, saleType: 'for_sale' | 'for_rent'): Promise<ListingItem[]> {
  const page = await admin.realEstateList({ SerialNumber: service.serialNumber, CityName: city, SaleType: saleType, PageSize: 100 });
  return page.List;
}

describe('answers', () => {
  it('lists exactly the listings that match city, sale type, bedrooms and budget, with links and prices', async () => {
    const { client, sessionID } = await visitor(service);
    const question = '3 bedroom homes for sale in Austin under $650k';
    const answer = await client.ask({ sessionID, content: question });
    const all = await listings('Austin', 'for_sale');
    const matching = all.filter((item) => item.Status !== 'Sold' && Number(item.Bedrooms) >= 3 && Number(item.Price) <= 650_000);
    expect(matching.length).toBeGreaterThan(0);
    for (const item of matching) {
      expect(answer.content).toContain(`(${item.Url})`);
      expect(answer.content).toContain(`$${Number(item.Price).toLocaleString('en-US')}`);
    }
    for (const item of all.filter((listing) => !matching.includes(listing))) expect(answer.content).not.toContain(item.Url);
    expect(answer.noAnswer).toBe(false);
    expect(answer.totalToken).toBe(words(question) + words(answer.content));
    expect(Number.isInteger(answer.messageid)).toBe(true);
  });

  it('understands rentals and "below 3000" as a monthly budget', async () => {
    const { client, sessionID } = await visitor(service);
    const answer = await client.ask({ sessionID, content: 'Apartments to rent in seattle below 3000?' });
    const matching = (await listings('Seattle', 'for_rent')).filter((item) => Number(item.Price) <= 3000);
    expect(matching.length).toBeGreaterThan(0);
    for (const item of matching) expect(answer.content).toContain(item.Url);
    expect(answer.content).toContain('/month');
  });

  it('answers "compare" with a markdown table of the same listings, which the widget renders as a table', async () => {
    const { client, sessionID } = await visitor(service);
    const asList = await client.ask({ sessionID, content: 'Homes for rent in Seattle' });
    const asTable = await client.ask({ sessionID, content: 'Compare homes for rent in Seattle' });
    const matching = (await listings('Seattle', 'for_rent')).filter((item) => item.Status !== 'Sold');
    expect(matching.length).toBeGreaterThan(1);
    const [table] = parseMarkdown(asTable.content).filter((block) => block.type === 'table');
    if (table?.type !== 'table') throw new Error(`no table in: ${asTable.content}`);
    expect(table.head.map(plainText)).toEqual(['Listing', 'City', 'Price', 'Bedrooms', 'Bathrooms', 'Type']);
    expect(table.align).toEqual(['left', 'left', 'right', 'center', 'center', 'left']);
    expect(table.rows).toHaveLength(matching.length);
    for (const item of matching) expect(asTable.content).toContain(`(${item.Url})`);
    // The same listings in the same order (cheapest first) as the list answer, one row each.
    const urlOrder = (text: string) => matching.map((item) => item.Url).sort((a, b) => text.indexOf(a) - text.indexOf(b));
    expect(urlOrder(asTable.content)).toEqual(urlOrder(asList.content));
    for (const row of table.rows) expect(plainText(row[2]!)).toMatch(/^\$[\d,]+\/month$/);
  });

  it('says so when nothing matches, greets, and explains itself when it does not understand', async () => {
    const { client, sessionID } = await visitor(service);
    const none = await client.ask({ sessionID, content: '9 bedroom house for rent in Miami under $500' });
    expect(none.content).toMatch(/couldn't find any listings/);
    const hello = await client.ask({ sessionID, content: 'Hello there' });
    expect(hello.content).toContain('Harbor & Pine Realty');
    expect(hello.noAnswer).toBe(false);
    const puzzled = await client.ask({ sessionID, content: 'Sing me a sea shanty' });
    expect(puzzled.noAnswer).toBe(true);
    expect(puzzled.content).toMatch(/Austin/);
  });

  it('appends AnswerSuffix, and gives each answer a new message id', async () => {
    await admin.edit({ serialNumber: service.serialNumber, AnswerSuffix: 'Reply STOP to end.' });
    try {
      const { client, sessionID } = await visitor(service);
      const first = await client.ask({ sessionID, content: 'hi' });
      const second = await client.ask({ sessionID, content: 'hi' });
      expect(first.content.endsWith('\n\nReply STOP to end.')).toBe(true);
      expect(second.messageid).toBeGreaterThan(first.messageid);
    } finally {
      await admin.edit({ serialNumber: service.serialNumber, AnswerSuffix: '' });
    }
  });

  it('answers with the secret key for any session', async () => {
    const { sessionID } = await visitor(service);
    const answer = await admin.ask({ sessionID, content: 'homes in Denver' });
    expect(answer.content).toContain('Denver');
  });
});

describe('refusals', () => {
  let client: ServiceClient;
  let sessionID: number;
  beforeEach(async () => {
    ({ client, sessionID } = await visitor(service));
  });

  const badAsks: Array<[string, Record<string, unknown>, number, string[]]> = [
    ['a missing sessionID', { sessionID: undefined }, 400, ['sessionID', 'required']],
    ['a string sessionID', { sessionID: '12' }, 400, ['sessionID', 'integer']],
    ['a missing content', { content: undefined }, 400, ['content', 'required']],
    ['an empty Text question', { content: '   ' }, 400, ['content', 'empty']],
    ['a bad chatAskType', { chatAskType: 'Document' }, 400, ['chatAskType', 'Image']],
    ['fileIds with a Text question', { fileIds: [1] }, 400, ['fileIds', 'Image, Audio or Video']],
    ['fileIds that are not integers', { chatAskType: 'Image', fileIds: ['a'] }, 400, ['fileIds[0]', 'integer']],
    ['a file id beyond 2^53 - 1 (not exact)', { chatAskType: 'Image', fileIds: [1e300] }, 400, ['fileIds[0]', '9007199254740991']],
    ['an unknown field', { question: 'hi' }, 400, ['question', 'unknown field']],
  ];

  it('refuses a question over MAX_QUESTION_LENGTH in words for the visitor (the widget shows them as they are)', async () => {
    const before = readDataFile(service);
    const longest = 'a'.repeat(MAX_QUESTION_LENGTH);
    const error = await expectBusiness(client.ask({ sessionID, content: `${longest}!` }), 400);
    expect(error.serviceMessage).toBe(
      'This message is too long: at most 10,000 characters, and it has 10,001. Shorten it and send it again.',
    );
    expect(readDataFile(service)).toEqual(before);
    await expect(client.ask({ sessionID, content: longest })).resolves.toMatchObject({ messageid: expect.any(Number) });
  });

  it.each(badAsks)('refuses %s with a business error naming the field, counting nothing', async (_name, fields, code, expected) => {
    const before = readDataFile(service);
    const request = { sessionID, content: 'homes in Austin', ...fields } as AskRequest;
    await expectBusiness(client.ask(request), code, ...expected);
    expect(readDataFile(service)).toEqual(before);
  });

  it('refuses an unknown sessionID (404), another session’s key and a missing credential (401)', async () => {
    const before = readDataFile(service);
    await expectBusiness(admin.ask({ sessionID: 987_654, content: 'hi' }), 404, 'sessionID', '987654');
    const other = await visitor(service);
    const afterSetup = readDataFile(service);
    await expectHttp(other.client.ask({ sessionID, content: 'hi' }), 401, 'another session');
    await expectHttp(anonymousClient(service).ask({ sessionID, content: 'hi' }), 401, 'Missing credential');
    expect(readDataFile(service)).toEqual(afterSetup);
    expect(before).not.toEqual(afterSetup);
  });

  it('refuses a non-boolean stream (sent raw: the client always sends a boolean)', async () => {
    const response = await raw(service, '/chat/Chat/ClientAsk', {
      body: JSON.stringify({ sessionID, content: 'hi', stream: 'yes' }),
      headers: { Authorization: service.secretKey },
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ Success: false, Code: 400 });
    expect(response.json.Message).toMatch(/^stream: must be a boolean/);
  });

  it('answers malformed JSON with HTTP 400', async () => {
    const response = await raw(service, '/chat/Chat/ClientAsk', { body: '{"sessionID":1,', headers: { Authorization: service.secretKey } });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ Success: false, Code: 400 });
  });
});

describe('domain verification', () => {
  beforeAll(async () => {
    await admin.edit({
      serialNumber: service.serialNumber,
      VerifyDomain: true,
      Domains: 'shop.example\nlocalhost:5173\n*.example.org\nhttps://secure.example',
    });
  });
  afterAll(async () => {
    await admin.edit({ serialNumber: service.serialNumber, VerifyDomain: false, Domains: '' });
  });

  const fromOrigin = (origin: string) => visitor(service, { headers: { Origin: origin } });

  it.each([
    'http://shop.example',
    'https://shop.example:8443',
    'http://localhost:5173',
    'https://www.example.org',
    'https://secure.example',
  ])('lets %s get a config and ask', async (origin) => {
    const { client, sessionID } = await fromOrigin(origin);
    expect((await client.ask({ sessionID, content: 'hi' })).content).toContain('Harbor');
  });

  it.each(['http://evil.example', 'http://localhost:3000', 'https://example.org', 'http://secure.example', 'http://shop.example.evil.test'])(
    'refuses %s with Code 403, creating no session',
    async (origin) => {
      const before = readDataFile(service);
      await expectBusiness(fromOrigin(origin), 403, 'Domain not allowed', origin);
      expect(readDataFile(service)).toEqual(before);
    },
  );

  it('refuses a request without Origin unless it carries the secret key', async () => {
    await expectBusiness(anonymousClient(service).getConfig({ serialNumber: service.serialNumber, clientTimeZone: 'UTC', clientCurrentTime: '' }), 403, 'no Origin');
    const config = await admin.getConfig({ serialNumber: service.serialNumber, clientTimeZone: 'UTC', clientCurrentTime: '' });
    expect(config.SessionID).toBeGreaterThan(0);
  });

  it('checks ClientAsk too: a session key used from another origin is refused', async () => {
    const { sessionID, sessionKey } = await fromOrigin('http://shop.example');
    const elsewhere = anonymousClient(service, { sessionKey, headers: { Origin: 'http://evil.example' } });
    const before = readDataFile(service);
    await expectBusiness(elsewhere.ask({ sessionID, content: 'hi' }), 403, 'Domain not allowed');
    expect(readDataFile(service)).toEqual(before);
  });

  it('checks the uploads too: a session key used from another origin neither pre-uploads nor finishes', async () => {
    const { sessionKey } = await fromOrigin('http://shop.example');
    const allowed = anonymousClient(service, { sessionKey, headers: { Origin: 'http://shop.example' } });
    const elsewhere = anonymousClient(service, { sessionKey, headers: { Origin: 'http://evil.example' } });
    const target = await allowed.preUpload({ fileName: 'room.png' });
    await allowed.putFile(target.PreUploadUrl, blob(pngBytes(), 'image/png'));
    const before = readDataFile(service);
    await expectBusiness(elsewhere.preUpload({ fileName: 'room.png' }), 403, 'Domain not allowed');
    await expectBusiness(elsewhere.finishUpload({ FileStoreId: target.FileStoreId }), 403, 'Domain not allowed');
    expect(readDataFile(service)).toEqual(before);
    // From the listed origin the same key finishes it.
    expect(await allowed.finishUpload({ FileStoreId: target.FileStoreId })).toBe(1);
  });
});

describe('rate limit (sliding window, per session and per visitor)', () => {
  it('refuses the question over RateLimitCount within RateLimitTime with RateLimitMessage, then allows it later', async () => {
    await admin.edit({ serialNumber: service.serialNumber, RateLimitCount: 2, RateLimitTime: 60, RateLimitMessage: 'Slow down, please.' });
    try {
      const { client, sessionID } = await visitor(service);
      await client.ask({ sessionID, content: 'hi' });
      clock += 30_000;
      await client.ask({ sessionID, content: 'hi' });
      const before = readDataFile(service);
      await expectBusiness(client.ask({ sessionID, content: 'hi' }), 429, 'Slow down, please.');
      expect(readDataFile(service)).toEqual(before);
      const other = await visitor(service, fromAddress('192.0.2.2'));
      await other.client.ask({ sessionID: other.sessionID, content: 'hi' });
      clock += 30_001;
      await client.ask({ sessionID, content: 'hi' });
      await expectBusiness(client.ask({ sessionID, content: 'hi' }), 429);
      await admin.edit({ serialNumber: service.serialNumber, RateLimitMessage: '' });
      await expectBusiness(client.ask({ sessionID, content: 'hi' }), 429, 'Too many messages');
    } finally {
      await admin.edit({ serialNumber: service.serialNumber, RateLimitCount: 0, RateLimitTime: 0 });
      clock += 120_000;
    }
  });
});

describe('rate limit across sessions (service-notes.md: "per visitor")', () => {
  const slowDown = { RateLimitCount: 2, RateLimitTime: 60, RateLimitMessage: 'Slow down, please.' };

  it('keeps the window of a visitor who fetches a new session key (GetConfig or GetSession), per chatbot', async () => {
    let now = Date.UTC(2025, 4, 1, 12, 0, 0);
    // The default: the visitor is the socket's address, 127.0.0.1 for every request here.
    const plain = await startTestService({ now: () => now });
    try {
      const operator = adminClient(plain);
      await operator.edit({ serialNumber: plain.serialNumber, ...slowDown });
      await operator.edit({ serialNumber: SECOND_SERIAL_NUMBER, ...slowDown });
      const first = await visitor(plain);
      await first.client.ask({ sessionID: first.sessionID, content: 'hi' });
      await first.client.ask({ sessionID: first.sessionID, content: 'hi' });
      const before = readDataFile(plain);
      const fresh = await visitor(plain);
      await expectBusiness(fresh.client.ask({ sessionID: fresh.sessionID, content: 'hi' }), 429, 'Slow down, please.');
      const { SessionID, SessionKey } = await anonymousClient(plain).getSession({ serialNumber: plain.serialNumber });
      const bySession = createClient({ baseUrl: plain.url, sessionKey: SessionKey, xhr: null });
      await expectBusiness(bySession.ask({ sessionID: SessionID, content: 'hi' }), 429, 'Slow down, please.');
      expect(readDataFile(plain).usage).toEqual(before.usage);
      // Another chatbot counts its own questions.
      const elsewhere = await visitor(plain, {}, SECOND_SERIAL_NUMBER);
      await elsewhere.client.ask({ sessionID: elsewhere.sessionID, content: 'hi' });
      now += 60_001;
      await fresh.client.ask({ sessionID: fresh.sessionID, content: 'hi' });
    } finally {
      await plain.close();
    }
  });

  it('counts by address: another address has its own window; an IPv6 address counts as its /64 network', async () => {
    await admin.edit({ serialNumber: service.serialNumber, ...slowDown });
    try {
      const askTwiceFrom = async (address: string) => {
        const { client, sessionID } = await visitor(service, fromAddress(address));
        await client.ask({ sessionID, content: 'hi' });
        await client.ask({ sessionID, content: 'hi' });
      };
      const askFrom = async (address: string) => {
        const { client, sessionID } = await visitor(service, fromAddress(address));
        return client.ask({ sessionID, content: 'hi' });
      };
      await askTwiceFrom('198.51.100.1');
      await expectBusiness(askFrom('198.51.100.1'), 429);
      // The same IPv4 address as an IPv4-mapped IPv6 one (a dual-stack socket) is the same visitor.
      await expectBusiness(askFrom('::ffff:198.51.100.1'), 429);
      await askFrom('198.51.100.2');
      await askTwiceFrom('2001:db8:1:2::a');
      await expectBusiness(askFrom('2001:db8:1:2:ffff:0:0:b'), 429);
      await askFrom('2001:db8:1:3::a');
    } finally {
      await admin.edit({ serialNumber: service.serialNumber, RateLimitCount: 0, RateLimitTime: 0, RateLimitMessage: '' });
      clock += 120_000;
    }
  });

  it("does not count the secret key's questions by address: a site that asks through its own backend asks for many visitors", async () => {
    await admin.edit({ serialNumber: service.serialNumber, ...slowDown });
    try {
      for (let index = 0; index < 3; index++) {
        const { SessionID } = await admin.getSession({ serialNumber: service.serialNumber });
        await admin.ask({ sessionID: SessionID, content: 'hi' });
        await admin.ask({ sessionID: SessionID, content: 'hi' });
        // Each session still has its own limit.
        await expectBusiness(admin.ask({ sessionID: SessionID, content: 'hi' }), 429);
      }
    } finally {
      await admin.edit({ serialNumber: service.serialNumber, RateLimitCount: 0, RateLimitTime: 0, RateLimitMessage: '' });
      clock += 120_000;
    }
  });
});

describe('monthly cap (per chatbot, calendar month in its TimeZone)', () => {
  it('refuses questions over MessageLimit until the month changes in the chatbot’s time zone', async () => {
    const serialNumber = SECOND_SERIAL_NUMBER;
    clock = Date.UTC(2025, 0, 31, 20, 0, 0);
    await admin.edit({ serialNumber, TimeZone: 'America/New_York', MessageLimit: 2, RateLimitCount: 0 });
    const first = await visitor(service, {}, serialNumber);
    const second = await visitor(service, {}, serialNumber);
    await first.client.ask({ sessionID: first.sessionID, content: 'hi' });
    await second.client.ask({ sessionID: second.sessionID, content: 'hi' });
    const before = readDataFile(service);
    await expectBusiness(first.client.ask({ sessionID: first.sessionID, content: 'hi' }), 402, MONTHLY_CAP_MESSAGE);
    await expectBusiness(second.client.ask({ sessionID: second.sessionID, content: 'hi' }), 402, MONTHLY_CAP_MESSAGE);
    expect(readDataFile(service)).toEqual(before);
    // 03:00 UTC on 1 February is still 31 January in New York.
    clock = Date.UTC(2025, 1, 1, 3, 0, 0);
    await expectBusiness(first.client.ask({ sessionID: first.sessionID, content: 'hi' }), 402);
    clock = Date.UTC(2025, 1, 1, 6, 0, 0);
    expect((await first.client.ask({ sessionID: first.sessionID, content: 'hi' })).content).toContain('Beacon');
    await admin.edit({ serialNumber, MessageLimit: 0 });
    await expectBusiness(first.client.ask({ sessionID: first.sessionID, content: 'hi' }), 402);
    await admin.edit({ serialNumber, MessageLimit: -1 });
    await first.client.ask({ sessionID: first.sessionID, content: 'hi' });
  });

  it('does not count other chatbots', async () => {
    await admin.edit({ serialNumber: SECOND_SERIAL_NUMBER, MessageLimit: 0 });
    const { client, sessionID } = await visitor(service);
    expect((await client.ask({ sessionID, content: 'hi' })).content).toContain('Harbor');
    await admin.edit({ serialNumber: SECOND_SERIAL_NUMBER, MessageLimit: -1 });
  });
});

describe('sessions kept (the least recently used go first)', () => {
  it('a flood of new sessions nobody uses ends idle sessions, not a conversation in progress', async () => {
    let now = Date.UTC(2025, 2, 1, 12, 0, 0);
    const small = await startTestService({ now: () => now, maxSessions: 3 });
    try {
      const talking = await visitor(small);
      now += 1000;
      const idle = await visitor(small);
      now += 1000;
      await talking.client.ask({ sessionID: talking.sessionID, content: 'hi' });
      // Four sessions over a limit of three: one goes, the one used longest ago (not the one made first).
      for (let index = 0; index < 2; index++) {
        now += 1000;
        await anonymousClient(small).getSession({ serialNumber: small.serialNumber });
      }
      await expectHttp(idle.client.ask({ sessionID: idle.sessionID, content: 'hi' }), 401, 'expired session key');
      expect((await talking.client.ask({ sessionID: talking.sessionID, content: 'hi' })).content).not.toBe('');
    } finally {
      await small.close();
    }
  });
});
