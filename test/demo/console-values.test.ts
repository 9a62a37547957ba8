/**
 * The console's form logic without a browser: field coverage against the reference service's own lists, colour
 * conversion, reading the field a service Message names, and the Edit / create / update requests the forms build.
 */
import { describe, expect, it } from 'vitest';
import { hexToRgb, lowContrastHint, rgbToHex } from '../../demo/web/scripts/console/color';
import { fieldProblem, fieldProblems } from '../../demo/web/scripts/console/failure';
import { LISTING_FIELDS } from '../../demo/web/scripts/console/listing-fields';
import {
  changedListingFields,
  draftFromItem,
  emptyListingDraft,
  planCreate,
  planUpdate,
  type ListingDraft,
} from '../../demo/web/scripts/console/listing-values';
import { deletedNotice } from '../../demo/web/scripts/console/listings-model';
import { SETTING_FIELDS, SETTING_GROUPS, settingField } from '../../demo/web/scripts/console/settings-fields';
import { MAX_SUGGESTED_MESSAGES } from '../../src/model/settings';
import { domainWarning, draftFromSettings, planEdit, previewSettings } from '../../demo/web/scripts/console/settings-values';
import { CREATE_SCHEMA, toListItem } from '../../demo/server/listing-schema';
import { defaultSettings, EDIT_SCHEMA } from '../../demo/server/settings';
import type { ListingRecord } from '../../demo/server/store';

describe('field coverage', () => {
  it('the settings editor has exactly one input for every editable setting of 2.2, each labelled and explained', () => {
    const names = SETTING_FIELDS.map((field) => field.name);
    expect(new Set(names).size).toBe(names.length);
    const editable = Object.keys(EDIT_SCHEMA).filter((name) => name !== 'serialNumber');
    expect([...names].sort()).toEqual(editable.sort());
    expect([...names].sort()).toEqual(Object.keys(defaultSettings('x')).filter((name) => name !== 'serialNumber').sort());
    for (const field of SETTING_FIELDS) {
      expect(field.label.trim(), field.name).not.toBe('');
      expect(field.help.trim(), field.name).not.toBe('');
    }
    expect(SETTING_GROUPS.map((group) => group.title)).toEqual([
      'Identity and model', 'Appearance and features', 'Messages', 'Privacy', 'Contact', 'Limits', 'Domains',
    ]);
  });

  it('help texts say what the widget does: at most MAX_SUGGESTED_MESSAGES suggestions, the profile picture in the header only', () => {
    expect(settingField('SuggestedMessage')?.help).toContain(`at most ${MAX_SUGGESTED_MESSAGES}`);
    const picture = settingField('ChatProfilePicture')?.help ?? '';
    expect(picture).toMatch(/header/);
    expect(picture).not.toMatch(/answers/);
  });

  it('the listing form has every field of 2.4 with the required marks of the document', () => {
    const names = LISTING_FIELDS.map((field) => field.name);
    expect(new Set(names).size).toBe(names.length);
    const schemaFields = Object.entries(CREATE_SCHEMA).filter(([name]) => name !== 'SerialNumber');
    expect([...names].sort()).toEqual(schemaFields.map(([name]) => name).sort());
    for (const [name, rule] of schemaFields) {
      expect(LISTING_FIELDS.find((field) => field.name === name)?.required, name).toBe(rule.required === true);
    }
    const enumerations = LISTING_FIELDS.filter((field) => field.kind === 'select').map((field) => field.name).sort();
    expect(enumerations).toEqual(['AreaUnit', 'SaleType', 'SpaceType', 'Status', 'Tours']);
  });
});

describe('colours', () => {
  it('converts rgb(r,g,b) and #rrggbb both ways', () => {
    expect(rgbToHex('rgb(200,30,60)')).toBe('#c81e3c');
    expect(rgbToHex(' rgb( 0 , 255 ,16 ) ')).toBe('#00ff10');
    expect(hexToRgb('#c81e3c')).toBe('rgb(200,30,60)');
    expect(hexToRgb('#0f8')).toBe('rgb(0,255,136)');
    expect(hexToRgb(rgbToHex('rgb(21,94,117)') ?? '')).toBe('rgb(21,94,117)');
  });

  it('hints (without blocking) when a colour is under 3:1 against white, as the widget would draw it on a white panel', () => {
    expect(lowContrastHint('rgb(250,250,250)', 'The widget outlines them.')).toMatch(
      /^Hard to see on a white page: 1\.0:1 against white, where shapes need 3:1\. The widget outlines them\. A darker colour/,
    );
    expect(lowContrastHint('rgb(255,255,0)', 'The launcher')).toMatch(/ 1\.0:1 /);
    expect(lowContrastHint('rgb(150,150,150)', 'x')).toMatch(/ 2\.9:1 /); // 2.96:1, never shown as 3.0
    expect(lowContrastHint('rgb(128,128,128)', 'x')).toBeUndefined(); // 3.95:1
    expect(lowContrastHint('rgb(37,99,235)', 'x')).toBeUndefined();
    expect(lowContrastHint('', 'x')).toBeUndefined();
    expect(lowContrastHint('red', 'x')).toBeUndefined();
  });

  it('refuses what is not a colour', () => {
    expect(rgbToHex('rgb(256,0,0)')).toBeUndefined();
    expect(rgbToHex('blue')).toBeUndefined();
    expect(rgbToHex('rgba(1,2,3,0.5)')).toBeUndefined();
    expect(hexToRgb('#12345')).toBeUndefined();
    expect(hexToRgb('red')).toBeUndefined();
  });
});

describe('the field a service Message names', () => {
  it('reads plain, indexed and nested field names', () => {
    expect(fieldProblem('ChatBubbleColor: must be a colour written rgb(r,g,b) (got "blue").')).toEqual({
      field: 'ChatBubbleColor',
      text: 'Must be a colour written rgb(r,g,b) (got "blue").',
    });
    expect(fieldProblem('Images[1]: must be an absolute http(s) URL.')).toMatchObject({ field: 'Images', index: 1 });
    expect(fieldProblem('ExtensionColumn[0].Key: must not be empty.')).toMatchObject({
      field: 'ExtensionColumn',
      index: 0,
      part: 'Key',
      text: 'Must not be empty.',
    });
  });

  it('reads every field of a Message that names several, one a line; none when a line names no field', () => {
    expect(fieldProblems('Name: must not be empty.\nTemperature: must be at most 100 (got 500).')).toEqual([
      { field: 'Name', text: 'Must not be empty.' },
      { field: 'Temperature', text: 'Must be at most 100 (got 500).' },
    ]);
    expect(fieldProblems('Name: must not be empty.\nSomething else went wrong')).toEqual([]);
    expect(fieldProblems('')).toEqual([]);
  });

  it('finds none in messages that name no field', () => {
    expect(fieldProblem('Missing credential: this operation needs the secret key.')).toBeUndefined();
    expect(fieldProblem('Domain not allowed: https://x.example is not listed.')).toBeUndefined();
    expect(fieldProblem('')).toBeUndefined();
  });
});

describe('settings: Edit and preview', () => {
  const saved = draftFromSettings(defaultSettings('demo') as unknown as Record<string, unknown>);

  it('reads stored settings as input values (numbers as text, booleans as booleans)', () => {
    expect(saved.Temperature).toBe('70');
    expect(saved.MessageLimit).toBe('-1');
    expect(saved.VerifyDomain).toBe(false);
    expect(saved.Domains).toBe('');
  });

  it('sends only the changed settings, converted to the service\'s types', () => {
    const draft = { ...saved, Temperature: ' 35 ', Domains: 'shop.example\r\nlocalhost:5173\r\n\r\n', EnableUploadImage: true };
    expect(planEdit(saved, draft)).toEqual({
      changes: { Temperature: 35, Domains: 'shop.example\nlocalhost:5173', EnableUploadImage: true },
      errors: {},
    });
    expect(planEdit(saved, saved)).toEqual({ changes: {}, errors: {} });
  });

  it('keeps a value that is not a number out of the request, with an error for its field', () => {
    const plan = planEdit(saved, { ...saved, RateLimitTime: '1.5', Name: 'New' });
    expect(plan.changes).toEqual({ Name: 'New' });
    expect(plan.errors.RateLimitTime).toMatch(/whole number/);
  });

  it('marks every value the service would refuse at once, with the service\'s own rules, and sends none of them', () => {
    const plan = planEdit(saved, {
      ...saved,
      Name: ' ',
      Temperature: '500',
      TimeZone: 'Mars/Phobos',
      ChatBubbleColor: 'red',
      ChatbotPrivacyPolicyUrl: 'javascript:alert(1)',
      TalkToHumanEmail: 'nope',
      RateLimitTime: '90000',
      Domains: 'bad domain!',
      ChatIcon: 'abc',
      AnswerSuffix: ' (ok)',
    });
    expect(plan.changes).toEqual({ AnswerSuffix: ' (ok)' });
    expect(plan.errors).toEqual({
      Name: 'Must not be empty.',
      Temperature: 'Must be at most 100 (got 500).',
      TimeZone: expect.stringMatching(/^Must be an IANA time zone/),
      ChatBubbleColor: expect.stringMatching(/^Must be a colour written rgb\(r,g,b\)/),
      ChatIcon: expect.stringMatching(/FileStoreId/),
      ChatbotPrivacyPolicyUrl: expect.stringMatching(/^Must be an absolute http\(s\) URL/),
      TalkToHumanEmail: expect.stringMatching(/^Must be one e-mail address/),
      RateLimitTime: 'Must be at most 86400 (got 90000).',
      Domains: expect.stringMatching(/bad domain!/),
    });
    // The form's order, so focus goes to the first marked field on the page.
    expect(Object.keys(plan.errors)[0]).toBe('Name');
  });

  it('keeps a value the service would refuse out of the preview, which then shows the fetched one', () => {
    const preview = previewSettings({ ...saved, ChatBubbleColor: 'red', TimeZone: 'Mars/Phobos', Name: 'Ok' });
    expect(preview).not.toHaveProperty('ChatBubbleColor');
    expect(preview).not.toHaveProperty('TimeZone');
    expect(preview.Name).toBe('Ok');
  });

  it('warns when domain checks would lock out the page the operator is on', () => {
    const origin = 'http://127.0.0.1:5173';
    expect(domainWarning({ ...saved, VerifyDomain: false, Domains: '' }, origin)).toBeUndefined();
    expect(domainWarning({ ...saved, VerifyDomain: true, Domains: 'shop.example' }, origin)).toMatch(/127\.0\.0\.1:5173\) is not in the list/);
    for (const entry of ['127.0.0.1:5173', '127.0.0.1', 'http://127.0.0.1:5173/', 'shop.example\n127.0.0.1']) {
      expect(domainWarning({ ...saved, VerifyDomain: true, Domains: entry }, origin), entry).toBeUndefined();
    }
    expect(domainWarning({ ...saved, VerifyDomain: true, Domains: '*.example.com' }, 'https://shop.example.com')).toBeUndefined();
  });

  it('gives the preview every value that converts, and picture URLs instead of file ids', () => {
    const draft = { ...saved, ChatBubbleColor: 'rgb(1,2,3)', RateLimitCount: 'ten', ChatIcon: '7' };
    const preview = previewSettings(draft, { ChatIcon: 'http://service/upload/7?token=t' });
    expect(preview.ChatBubbleColor).toBe('rgb(1,2,3)');
    expect(preview.ChatIcon).toBe('http://service/upload/7?token=t');
    expect(preview).not.toHaveProperty('RateLimitCount');
    expect(preview.ChatProfilePicture).toBe(''); // none in the draft: none in the preview either
    expect(previewSettings({ ...saved, ChatProfilePicture: '8' })).not.toHaveProperty('ChatProfilePicture'); // no URL known
    expect(preview.MessageLimit).toBe(-1);
    // Cleared fields and a removed picture go as "", which wins over the config the preview fetched.
    expect(previewSettings({ ...saved, WelcomeMessage: '', ChatIcon: '' })).toMatchObject({ WelcomeMessage: '', ChatIcon: '' });
  });
});

function record(overrides: Partial<ListingRecord> = {}): ListingRecord {
  return {
    ID: 42, createdAt: 0, updatedAt: 0, SerialNumber: 'demo', SaleType: 'for_sale', Status: 'Active',
    CurrencySymbol: '$', PropertyType: 'Condo', Bedrooms: 2, Bathrooms: 1.5, Url: 'https://x.example/42',
    MLSNumber: 'MLS-42', YearBuilt: 2001, DaysOnMarket: 9, LotArea: 0, BuildingArea: 90, AreaUnit: 'Square Meters',
    ParkingSpots: 1, City: 'Austin', Location: 'Near the park', SalePrice: 350000, Images: ['https://x.example/a.jpg'],
    ExtensionColumn: [{ Key: 'Pool', value: 'Yes' }],
    ...overrides,
  };
}

describe('listings: create and update requests', () => {
  function filled(): ListingDraft {
    const draft = emptyListingDraft();
    return {
      values: {
        ...draft.values, PropertyType: 'Cottage', MLSNumber: ' M-1 ', Url: 'https://x.example/1', Bedrooms: '3',
        Bathrooms: '2.5', BuildingArea: '120', LotArea: '400', YearBuilt: '1990', ParkingSpots: '0', DaysOnMarket: '1',
        City: 'Reno',
      },
      images: ['https://x.example/1.jpg', '  '],
      extension: [{ Key: 'View', value: 'Lake' }, { Key: '', value: '' }],
    };
  }

  it('create: every filled field, numbers as numbers, empty rows dropped, defaults for the enumerations', () => {
    const plan = planCreate(filled());
    expect(plan.errors).toEqual({});
    expect(plan.request).toEqual({
      SaleType: 'for_sale', Status: 'Active', PropertyType: 'Cottage', MLSNumber: 'M-1', Url: 'https://x.example/1',
      City: 'Reno', Bedrooms: 3, Bathrooms: 2.5, BuildingArea: 120, LotArea: 400, AreaUnit: 'Square Feet',
      YearBuilt: 1990, ParkingSpots: 0, DaysOnMarket: 1, CurrencySymbol: '$',
      Images: ['https://x.example/1.jpg'], ExtensionColumn: [{ Key: 'View', value: 'Lake' }],
    });
  });

  it('create: missing required fields, bad numbers and nameless details are errors before sending', () => {
    const draft = filled();
    const plan = planCreate({
      ...draft,
      values: { ...draft.values, PropertyType: ' ', Bedrooms: '2.5', Bathrooms: 'two' },
      extension: [{ Key: '', value: 'Lake' }],
    });
    expect(plan.errors).toEqual({
      PropertyType: 'Required.',
      Bedrooms: 'Enter a whole number.',
      Bathrooms: 'Enter a number (not "two").',
      'ExtensionColumn.0': 'Give this detail a name.',
    });
  });

  it('reads a list row (2.5) back into the form, including what the list shape hides inside strings', () => {
    const draft = draftFromItem(toListItem(record()));
    expect(draft.values).toMatchObject({ MLSNumber: 'MLS-42', Bathrooms: '1.5', AreaUnit: 'Square Meters', SalePrice: '350000' });
    expect(draft.values.Latitude).toBe('');
    expect(draft.values.Location).toBe('');
    expect(draft.images).toEqual(['https://x.example/a.jpg']);
    expect(draft.extension).toEqual([{ Key: 'Pool', value: 'Yes' }]);
  });

  it('update: the key plus only the changed fields; nothing unseen is overwritten', () => {
    const original = draftFromItem(toListItem(record()));
    expect(planUpdate(original, original, 'MLSNumber', 'MLS-42')).toEqual({ request: { KeyType: 'MLSNumber', Key: 'MLS-42' }, errors: {} });
    const edited: ListingDraft = {
      ...original,
      values: { ...original.values, SalePrice: '340000', Description: 'Sunny' },
      extension: [...original.extension, { Key: 'Gym', value: 'Yes' }],
    };
    expect(changedListingFields(original, edited)).toEqual(['Description', 'SalePrice', 'ExtensionColumn']);
    expect(planUpdate(original, edited, 'PlatformID', '42').request).toEqual({
      KeyType: 'PlatformID', Key: '42', Description: 'Sunny', SalePrice: 340000,
      ExtensionColumn: [{ Key: 'Pool', value: 'Yes' }, { Key: 'Gym', value: 'Yes' }],
    });
  });

  it('update: an emptied optional number is sent as null (the service clears it), a required one cannot be emptied, an emptied text is sent as ""; the key is required', () => {
    const original = draftFromItem(toListItem(record({ HOAMonth: 250 })));
    const emptied = { ...original.values, SalePrice: '', HOAMonth: ' ', Bedrooms: '', City: '' };
    const plan = planUpdate(original, { ...original, values: emptied }, 'URL', ' ');
    expect(plan.errors).toEqual({
      Key: expect.stringMatching(/Required/),
      Bedrooms: 'A number cannot be emptied; enter a value (0 for none).',
    });
    expect(plan.request).toEqual({ KeyType: 'URL', Key: '', SalePrice: null, HOAMonth: null, City: '' });
  });

  it('a position is both coordinates or neither: one alone is an error on the empty one, both emptied go as null', () => {
    const both = 'a position needs both coordinates or neither';
    const created = planCreate({ ...filled(), values: { ...filled().values, Latitude: '40.5', Longitude: ' ' } });
    expect(created.errors).toEqual({ Longitude: expect.stringContaining(both) });
    expect(planCreate({ ...filled(), values: { ...filled().values, Latitude: '40.5', Longitude: '-73' } }).errors).toEqual({});

    const original = draftFromItem(toListItem(record({ Latitude: 40.5, Longitude: -73.25 })));
    expect(original.values).toMatchObject({ Latitude: '40.5', Longitude: '-73.25' });
    const oneEmptied = planUpdate(original, { ...original, values: { ...original.values, Latitude: '', Description: 'Kept' } }, 'PlatformID', '42');
    expect(oneEmptied.errors).toEqual({ Latitude: expect.stringContaining(both) });
    const bothEmptied = planUpdate(original, { ...original, values: { ...original.values, Latitude: '', Longitude: '' } }, 'PlatformID', '42');
    expect(bothEmptied).toEqual({ request: { KeyType: 'PlatformID', Key: '42', Latitude: null, Longitude: null }, errors: {} });
    const moved = planUpdate(original, { ...original, values: { ...original.values, Latitude: '0' } }, 'PlatformID', '42');
    expect(moved).toEqual({ request: { KeyType: 'PlatformID', Key: '42', Latitude: 0 }, errors: {} });
  });
});

describe('listings: the delete notice', () => {
  it('says how many were deleted in words, without the API\'s field names', () => {
    expect(deletedNotice(50, 50)).toBe('Deleted 50 listings.');
    expect(deletedNotice(1, 1)).toBe('Deleted 1 listing.');
    expect(deletedNotice(48, 50)).toBe('Deleted 48 of 50 listings. 2 could not be found; maybe they were deleted already.');
    expect(deletedNotice(0, 1)).toBe('Deleted 0 of 1 listing. 1 could not be found; maybe it was deleted already.');
  });
});
