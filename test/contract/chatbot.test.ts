/**
 * Contract: GetConfig, GetSession, ModelList and Edit over real HTTP, through the service client, including every
 * kind of bad input (and the data unchanged after each), credentials and CORS.
 */
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { GET_SETTINGS_PATH } from '../../demo/server/router';
import { EDIT_SCHEMA } from '../../demo/server/settings';
import type { ChatbotSettings, ClearableSettingName, EditRequest, GetConfigRequest } from '../../src/api';
import { DEFAULT_PATHS } from '../../src/api/types';
import { resolveSettings } from '../../src/model/settings';
import { callService, startTestService, type TestService } from '../helpers/service';
import { adminClient, anonymousClient, expectBusiness, expectHttp, namedBlob, pngBytes, raw, readDataFile, visitor } from './fixtures';

let service: TestService;

beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service?.close();
});

describe('GetConfig', () => {
  it('gives a page every public setting, a session and its key, and never the operator-only settings', async () => {
    const { config } = await visitor(service);
    expect(config.serialNumber).toBe(service.serialNumber);
    expect(config.Name).toBe('Harbor & Pine Realty');
    expect(config.WelcomeMessage).toMatch(/Harbor & Pine/);
    expect(config.ChatBubbleColor).toMatch(/^rgb\(\d+,\d+,\d+\)$/);
    expect(config.SuggestedMessage?.split('\n').length).toBeGreaterThan(1);
    expect(config.MessageLimit).toBe(-1);
    expect(Number.isInteger(config.SessionID)).toBe(true);
    expect(config.SessionKey.length).toBeGreaterThan(20);
    expect(config.ChatIconUrl).toBe('');
    expect(config.ChatProfilePictureUrl).toBe('');
    for (const secret of ['SystemMessage', 'EmailForDailyChatLogs', 'EmailForDailyLeads']) {
      expect(config).not.toHaveProperty(secret);
    }
  });

  it('issues a new session per call', async () => {
    const first = await visitor(service);
    const second = await visitor(service);
    expect(second.sessionID).not.toBe(first.sessionID);
    expect(second.sessionKey).not.toBe(first.sessionKey);
  });

  it('refuses an unknown serialNumber, a missing one, and a badly written clientCurrentTime', async () => {
    const client = anonymousClient(service);
    await expectBusiness(client.getConfig({ serialNumber: 'nope', clientTimeZone: 'UTC', clientCurrentTime: '' }), 404, 'serialNumber', 'nope');
    await expectBusiness(client.getConfig({} as GetConfigRequest), 400, 'serialNumber', 'required');
    // Names every object has (its prototype's) are no chatbot either: a 404, not an internal error.
    for (const name of ['__proto__', 'constructor', 'toString']) {
      await expectBusiness(client.getConfig({ serialNumber: name, clientTimeZone: 'UTC', clientCurrentTime: '' }), 404, name);
      await expectBusiness(client.getSession({ serialNumber: name }), 404, name);
      await expectBusiness(adminClient(service).realEstateList({ SerialNumber: name }), 404, name);
      await expectBusiness(adminClient(service).edit({ serialNumber: name, Name: 'x' }), 404, name);
    }
    await expectBusiness(
      client.getConfig({ serialNumber: service.serialNumber, clientTimeZone: 'UTC', clientCurrentTime: 'yesterday' }),
      400,
      'clientCurrentTime',
    );
  });
});

describe('GetSession and ModelList', () => {
  it('GetSession gives a new SessionID (and a key) without a secret', async () => {
    const session = await anonymousClient(service).getSession({ serialNumber: service.serialNumber });
    expect(Number.isInteger(session.SessionID)).toBe(true);
    // The typed client passes the key on, so a page that took GetSession (not GetConfig) can ask in its session.
    expect(session.SessionKey).toEqual(expect.any(String));
    const asker = anonymousClient(service, { sessionKey: session.SessionKey });
    expect((await asker.ask({ sessionID: session.SessionID, content: 'hi' })).content).not.toBe('');
    const envelope = await raw(service, '/chat/Chatbot/GetSession', { body: JSON.stringify({ serialNumber: service.serialNumber }) });
    expect(envelope.json.Data).toMatchObject({ SessionID: expect.any(Number), SessionKey: expect.any(String) });
    await expectBusiness(anonymousClient(service).getSession({ serialNumber: 'missing-bot' }), 404, 'serialNumber');
  });

  it('ModelList needs the secret key and lists Key/Value/Status items', async () => {
    const models = await adminClient(service).modelList();
    expect(models.length).toBeGreaterThan(1);
    for (const model of models) expect(model).toEqual({ Key: expect.any(String), Value: expect.any(String), Status: expect.any(Boolean) });
    await expectHttp(anonymousClient(service).modelList(), 401, 'secret key');
    const { client } = await visitor(service);
    await expectHttp(client.modelList(), 401, 'session key is not enough');
    await expectHttp(adminClient(service, { secretKey: 'wrong' }).modelList(), 401, 'Wrong secret key');
  });
});

describe('Edit', () => {
  it('changes settings that GetConfig then shows, and answers 1', async () => {
    const client = adminClient(service);
    const models = await client.modelList();
    const model = models.find((item) => item.Status && item.Key !== '2');
    const changes: EditRequest = {
      serialNumber: service.serialNumber,
      Name: 'Edited Realty Bot',
      ChatBubbleColor: 'rgb(10, 20, 30)',
      ChatBubbleAlign: 1,
      MessageLimit: 500,
      Temperature: 35,
      EnablePushToTalk: false,
      SuggestedMessage: 'One\nTwo',
      TalkToHumanEmail: 'people@example.com',
      TimeZone: 'Europe/Berlin',
      Domains: 'shop.example\nlocalhost:5173\n*.example.org\nhttps://secure.example',
      ...(model ? { Model: model.Key } : {}),
    };
    expect(await client.edit(changes)).toBe(1);
    const { config } = await visitor(service);
    expect(config).toMatchObject({ ...changes, serialNumber: service.serialNumber });
    await client.edit({ serialNumber: service.serialNumber, EnablePushToTalk: true });
  });

  const badEdits: Array<[string, Record<string, unknown>, number, string[]]> = [
    ['missing serialNumber', { serialNumber: undefined }, 400, ['serialNumber', 'required']],
    ['null serialNumber', { serialNumber: null }, 400, ['serialNumber', 'required']],
    ['unknown serialNumber', { serialNumber: 'ghost', Name: 'x' }, 404, ['serialNumber', 'ghost']],
    ['wrong type (string for boolean)', { EnableUploadImage: 'yes' }, 400, ['EnableUploadImage', 'boolean']],
    ['wrong type (string for integer)', { MessageLimit: '10' }, 400, ['MessageLimit', 'integer']],
    ['fraction for an integer', { RateLimitCount: 2.5 }, 400, ['RateLimitCount', 'integer']],
    ['integer beyond 2^53 - 1 (not exact)', { ChatBubbleAlign: 1e300 }, 400, ['ChatBubbleAlign', 'at most 9007199254740991']],
    ['integer below -(2^53 - 1)', { ChatBubbleAlign: -(2 ** 60) }, 400, ['ChatBubbleAlign', 'at least -9007199254740991']],
    ['bad colour', { ChatBubbleColor: '#ff0000' }, 400, ['ChatBubbleColor', 'rgb(r,g,b)']],
    ['colour channel over 255', { UserMessageColor: 'rgb(0,256,0)' }, 400, ['UserMessageColor', '0-255']],
    ['MessageLimit below -1', { MessageLimit: -2 }, 400, ['MessageLimit', 'at least -1']],
    ['negative RateLimitTime', { RateLimitTime: -1 }, 400, ['RateLimitTime', 'at least 0']],
    // Above the widget's MAX_RATE_LIMIT_COUNT the widget would check no limit before sending.
    ['RateLimitCount over 10,000', { RateLimitCount: 10_001 }, 400, ['RateLimitCount', 'at most 10000']],
    ['Temperature out of range', { Temperature: 101 }, 400, ['Temperature', 'at most 100']],
    ['Model not in ModelList', { Model: 'gpt-9' }, 400, ['Model', 'ModelList']],
    ['disabled Model', { Model: '4' }, 400, ['Model', 'disabled']],
    ['bad e-mail', { TalkToHumanEmail: 'not-an-email' }, 400, ['TalkToHumanEmail', 'e-mail']],
    ['non-http URL', { ChatbotPrivacyPolicyUrl: 'javascript:alert(1)' }, 400, ['ChatbotPrivacyPolicyUrl', 'http']],
    // The widget shows contact links that are http(s) only (README), so a mailto: one would never reach visitors.
    ['mailto: messenger link', { MessengerUrl: 'mailto:desk@harbor.example' }, 400, ['MessengerUrl', 'http(s) URL']],
    ['unknown time zone', { TimeZone: 'Mars/Olympus' }, 400, ['TimeZone', 'IANA']],
    ['bad Domains line', { Domains: 'good.example\nbad domain!' }, 400, ['Domains', 'bad domain!']],
    ['unknown field', { Colour: 'rgb(1,2,3)' }, 400, ['Colour', 'unknown field']],
    ['ChatIcon that is not an upload', { ChatIcon: '999999' }, 404, ['ChatIcon', '999999']],
  ];

  it.each(badEdits)('refuses %s with a business error naming the field, and changes nothing', async (_name, fields, code, words) => {
    const before = readDataFile(service);
    const request = { serialNumber: service.serialNumber, Name: 'Should not be saved', ...fields } as EditRequest;
    await expectBusiness(adminClient(service).edit(request), code, ...words);
    expect(readDataFile(service)).toEqual(before);
    const { config } = await visitor(service);
    expect(config.Name).not.toBe('Should not be saved');
  });

  it('takes a TalkToHumanEmail exactly when the widget shows it to visitors', async () => {
    const admin = adminClient(service);
    const { config: before } = await visitor(service);
    const addresses = [
      'help@example.com', 'sales+x@shop.example.co.uk', 'help@example.com?subject=Hi', 'a&b@example.com', 'a@b..com',
      'a@b.com,c@d.com', 'help@localhost', 'a/b@example.com',
    ];
    try {
      for (const address of addresses) {
        const shown = resolveSettings({ TalkToHumanEmail: address }, undefined, () => undefined).talkToHuman !== null;
        const saved = await admin.edit({ serialNumber: service.serialNumber, TalkToHumanEmail: address }).then(() => true, () => false);
        expect({ address, saved }).toEqual({ address, saved: shown });
        if (saved) expect((await visitor(service)).config.TalkToHumanEmail).toBe(address);
      }
    } finally {
      await admin.edit({ serialNumber: service.serialNumber, TalkToHumanEmail: before.TalkToHumanEmail ?? '' });
    }
  });

  it('names every invalid field of one Edit, one a line, so a form can mark them all after one request', async () => {
    const before = readDataFile(service);
    const request = {
      serialNumber: service.serialNumber,
      Name: '',
      Temperature: 500,
      TimeZone: 'Mars/Phobos',
      ChatBubbleColor: 'red',
      ChatbotPrivacyPolicyUrl: 'javascript:alert(1)',
      TalkToHumanEmail: 'nope',
      Domains: 'good.example\nbad domain!',
    } as EditRequest;
    const error = await expectBusiness(adminClient(service).edit(request), 400);
    const lines = (error.serviceMessage ?? '').split('\n');
    expect(lines.map((line) => line.slice(0, line.indexOf(':')))).toEqual([
      'Name', 'Temperature', 'TimeZone', 'ChatBubbleColor', 'ChatbotPrivacyPolicyUrl', 'TalkToHumanEmail', 'Domains',
    ]);
    expect(lines[1]).toBe('Temperature: must be at most 100 (got 500).');
    // A line break inside a quoted value stays inside its line.
    expect(lines[6]).toContain('bad domain!');
    expect(readDataFile(service)).toEqual(before);
  });

  it('refuses an Edit with only serialNumber (nothing to change) as a 400 business error, not Data 1', async () => {
    const before = readDataFile(service);
    await expectBusiness(adminClient(service).edit({ serialNumber: service.serialNumber }), 400, 'nothing to change', 'serialNumber');
    // The envelope as it goes over the wire: HTTP 200 (a business error), Success false, Data null, the Message.
    const response = await raw(service, '/chat/Chatbot/Edit', {
      body: JSON.stringify({ serialNumber: service.serialNumber }),
      headers: { Authorization: service.secretKey },
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ Data: null, Success: false, Code: 400, Message: expect.stringMatching(/^Request: nothing to change/) });
    expect(readDataFile(service)).toEqual(before);
  });

  it('answers malformed JSON with HTTP 400 and an envelope', async () => {
    const before = readDataFile(service);
    const response = await raw(service, '/chat/Chatbot/Edit', {
      body: '{"serialNumber": "demo-realty", "Name": ',
      headers: { Authorization: service.secretKey },
    });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ Success: false, Code: 400, Version: expect.stringMatching(/^\d+\.\d+\.\d+$/) });
    expect(response.json.Message).toMatch(/Malformed JSON/);
    expect(readDataFile(service)).toEqual(before);
  });

  it('answers a missing, wrong or insufficient credential with HTTP 401 and changes nothing', async () => {
    const { client } = await visitor(service);
    const before = readDataFile(service);
    const edit = { serialNumber: service.serialNumber, Name: 'Intruder' };
    await expectHttp(anonymousClient(service).edit(edit), 401, 'Missing credential');
    await expectHttp(adminClient(service, { secretKey: 'not-the-key' }).edit(edit), 401, 'Wrong secret key');
    await expectHttp(client.edit(edit), 401, 'secret key');
    await expectHttp(anonymousClient(service, { sessionKey: 'made-up' }).edit(edit), 401, 'session key');
    expect(readDataFile(service)).toEqual(before);
  });

  it('accepts "Bearer <key>" as well as the bare key', async () => {
    const response = await raw(service, '/chat/Chatbot/ModelList', { method: 'GET', headers: { Authorization: `Bearer ${service.secretKey}` } });
    expect(response.json.Success).toBe(true);
  });
});

describe('null in Edit (2.2: every setting but serialNumber is optional on edit, so null must mean something)', () => {
  /**
   * The settings null clears, and what it leaves: a text setting Edit takes as "" becomes "" (what sending ""
   * does); a limit becomes "no limit": MessageLimit -1 (2.2: "default -1, meaning unlimited"), the rate limit 0 (off).
   * Keyed by the client's ClearableSettingName, so the compiler holds this list to the names EditRequest lets be null.
   */
  const cleared: Record<ClearableSettingName, string | number> = {
    SystemMessage: '', TimeZone: '', AnswerSuffix: '', ChatProfilePicture: '', ChatIcon: '',
    ChatbotPrivacyPolicyDescription: '', ChatbotPrivacyPolicyName: '', ChatbotPrivacyPolicyUrl: '', SocialUrlOne: '',
    SocialUrlTwo: '', MessengerUrl: '', SuggestedMessage: '', TalkToHumanEmail: '', TalkToHumanResponseMessage: '',
    UserInputPlaceholder: '', WelcomeMessage: '', Domains: '', RateLimitMessage: '', CustomDomain: '',
    EmailForDailyChatLogs: '', EmailForDailyLeads: '', AIResponseLanguage: '', MessageLimit: -1, RateLimitCount: 0,
    RateLimitTime: 0,
  };
  /** The settings that have no empty value: a name, a model, colours, numbers without a "none", and switches. */
  const refused = [
    'Name', 'Model', 'Temperature', 'ChatBubbleAlign', 'ChatBubbleColor', 'UserMessageColor', 'ChatbotPopupOnce',
    'EnablePushToTalk', 'EnableUploadImage', 'RemoveChatLogOnBrowserClose', 'VerifyDomain',
  ] as const;
  // The rest of 2.2, each once: a setting added to the client's types must be sorted into one list or the other.
  expectTypeOf<(typeof refused)[number]>().toEqualTypeOf<Exclude<keyof ChatbotSettings, ClearableSettingName | 'serialNumber'>>();
  const readSettings = () => callService<Record<string, unknown>>(service, GET_SETTINGS_PATH, { serialNumber: service.serialNumber });

  it('clears with null just the settings EditRequest lets be null, and refuses it for the others (EDIT_SCHEMA)', () => {
    const names = (onNull: string) => Object.keys(EDIT_SCHEMA).filter((name) => EDIT_SCHEMA[name]?.onNull === onNull).sort();
    expect(names('clear')).toEqual(Object.keys(cleared).sort());
    expect(names('refuse')).toEqual([...refused].sort());
  });

  it('decides for every setting the operator read shows: a null clears it or is refused', async () => {
    const { serialNumber: _serialNumber, ChatIconUrl: _icon, ChatProfilePictureUrl: _picture, ...settings } = await readSettings();
    expect([...Object.keys(cleared), ...refused].sort()).toEqual(Object.keys(settings).sort());
  });

  it('clears each setting sent as null, answering 1; the operator read and GetConfig then show it cleared', async () => {
    const admin = adminClient(service);
    const icon = String(await admin.uploadFile(namedBlob(pngBytes(), 'icon.png')));
    const face = String(await admin.uploadFile(namedBlob(pngBytes(), 'face.png')));
    const filled: Record<string, string | number> = {
      SystemMessage: 'Be brief.', TimeZone: 'Europe/Berlin', AnswerSuffix: ' (Harbor & Pine)', ChatProfilePicture: face,
      ChatIcon: icon, ChatbotPrivacyPolicyDescription: 'We keep chats 30 days.', ChatbotPrivacyPolicyName: 'Privacy',
      ChatbotPrivacyPolicyUrl: 'https://harbor.example/privacy', SocialUrlOne: 'https://social.example/harbor',
      SocialUrlTwo: 'https://social.example/pine', MessengerUrl: 'https://chat.harbor.example/desk', SuggestedMessage: 'A\nB',
      TalkToHumanEmail: 'people@harbor.example', TalkToHumanResponseMessage: 'Someone will write.',
      UserInputPlaceholder: 'Ask away', WelcomeMessage: 'Hello!', Domains: 'shop.example', RateLimitMessage: 'Slow down.',
      CustomDomain: 'chat.harbor.example', EmailForDailyChatLogs: 'logs@harbor.example',
      EmailForDailyLeads: 'leads@harbor.example', AIResponseLanguage: 'German', MessageLimit: 500, RateLimitCount: 5,
      RateLimitTime: 60,
    };
    expect(Object.keys(filled).sort()).toEqual(Object.keys(cleared).sort());
    await admin.edit({ serialNumber: service.serialNumber, ...filled } as EditRequest);
    expect(await readSettings()).toMatchObject(filled);

    const nulls = Object.fromEntries(Object.keys(cleared).map((name) => [name, null])) as Record<ClearableSettingName, null>;
    // No cast to EditRequest: the client's type takes these nulls as they are.
    expect(await admin.edit({ serialNumber: service.serialNumber, ...nulls })).toBe(1);
    expect(await readSettings()).toMatchObject({ ...cleared, ChatIconUrl: '', ChatProfilePictureUrl: '' });
    const { config } = await visitor(service);
    expect(config).toMatchObject({ WelcomeMessage: '', MessageLimit: -1, RateLimitCount: 0, ChatIconUrl: '' });
  });

  it('takes a null alone as a change, not as nothing sent', async () => {
    const admin = adminClient(service);
    await admin.edit({ serialNumber: service.serialNumber, AnswerSuffix: ' (edited)' });
    expect(await admin.edit({ serialNumber: service.serialNumber, AnswerSuffix: null })).toBe(1);
    expect(await readSettings()).toMatchObject({ AnswerSuffix: '' });
  });

  it.each(refused)('refuses null for %s with Code 400 naming it, changing nothing', async (name) => {
    const before = readDataFile(service);
    const request = { serialNumber: service.serialNumber, AnswerSuffix: 'Should not be saved', [name]: null };
    // EditRequest has no null for these; the cast sends one anyway, as an untyped caller could.
    await expectBusiness(adminClient(service).edit(request as unknown as EditRequest), 400, `${name}: must not be null`);
    expect(readDataFile(service)).toEqual(before);
  });
});

describe('HTTP surface', () => {
  it('answers a CORS preflight for the widget origin', async () => {
    const response = await fetch(`${service.url}/chat/Chat/ClientAsk`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type, chatrobot-sessionkey',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const header of ['content-type', 'authorization', 'chatrobot-sessionkey']) expect(allowed).toContain(header);
    expect(response.headers.get('access-control-allow-methods')).toMatch(/GET.*POST.*PUT.*OPTIONS/);
  });

  it("allows the extra headers a site adds through the widget's headers option (README's x-site-token)", async () => {
    const response = await fetch(`${service.url}/chat/Chat/ClientAsk`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type, chatrobot-sessionkey, x-site-token',
      },
    });
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(/\s*,\s*/);
    expect(allowed).toContain('x-site-token');
    expect(response.headers.get('vary')).toContain('Access-Control-Request-Headers');
  });

  it('echoes the Origin on normal answers, and every answer is an envelope with a x.y.z Version', async () => {
    const response = await raw(service, '/chat/Chatbot/GetConfig', {
      body: JSON.stringify({ serialNumber: service.serialNumber }),
      headers: { Origin: 'http://127.0.0.1:9999' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:9999');
    expect(response.json).toMatchObject({ Success: true, Code: 200, Message: '', Version: '1.0.0' });
  });

  it('answers unknown paths with 404 and wrong methods with 405, both as envelopes', async () => {
    const missing = await raw(service, '/chat/Chatbot/Nope', { body: '{}' });
    expect([missing.status, missing.json.Code, missing.json.Success]).toEqual([404, 404, false]);
    const wrongMethod = await raw(service, '/chat/Chatbot/Edit', { method: 'GET' });
    expect([wrongMethod.status, wrongMethod.json.Code]).toEqual([405, 405]);
  });
});

describe('Content-Type of the JSON operations (service-api.md 5: "Content-Type: application/json (required)")', () => {
  /** Every POST operation: all take a JSON body (section 4). The upload PUT takes the file's own type (uploads.test.ts). */
  const jsonPaths = [...Object.values(DEFAULT_PATHS).filter((path) => path !== DEFAULT_PATHS.modelList), GET_SETTINGS_PATH];
  /** A POST with the secret key and a JSON body; with no Content-Type given, none is sent. */
  const post = (path: string, contentType: string | undefined, body: object = { serialNumber: service.serialNumber }) =>
    raw(service, path, {
      headers: { Authorization: service.secretKey, ...(contentType === undefined ? {} : { 'content-type': contentType }) },
      body: JSON.stringify(body),
      bytes: true,
    });

  it.each(jsonPaths)('answers %s sent as text/plain (no CORS preflight in a browser) with HTTP 415, acting on nothing', async (path) => {
    const before = readDataFile(service);
    const response = await post(path, 'text/plain;charset=UTF-8');
    expect([response.status, response.json.Code, response.json.Success, response.json.Version]).toEqual([415, 415, false, '1.0.0']);
    expect(response.json.Message).toContain('application/json');
    expect(response.json.Message).toContain('text/plain');
    expect(readDataFile(service)).toEqual(before);
  });

  it.each([undefined, 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonp', 'text/json'])(
    'refuses Content-Type %s with HTTP 415',
    async (contentType) => {
      const before = readDataFile(service);
      const response = await post(DEFAULT_PATHS.getSession, contentType);
      expect([response.status, response.json.Code]).toEqual([415, 415]);
      expect(readDataFile(service)).toEqual(before);
    },
  );

  it.each(['application/json', 'application/json; charset=utf-8', 'Application/JSON ; charset="UTF-8"'])('accepts %s', async (contentType) => {
    const response = await post(DEFAULT_PATHS.getSession, contentType);
    expect([response.status, response.json.Success]).toEqual([200, true]);
  });
});
