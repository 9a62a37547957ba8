/**
 * The console's models without a browser: what a refused save leaves in the fields, against a fake console API
 * that answers as the reference service does.
 */
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/api/errors';
import { toListItem } from '../../demo/server/listing-schema';
import { defaultSettings } from '../../demo/server/settings';
import type { ListingRecord } from '../../demo/server/store';
import type { ConsoleApi, FullSettings } from '../../demo/web/scripts/console/api';
import { createListingFormModel } from '../../demo/web/scripts/console/listing-form-model';
import { createSettingsModel } from '../../demo/web/scripts/console/settings-model';

const refusal = (message: string) => new ServiceError('business', message, { operation: 'x', code: 400, serviceMessage: message });

function fakeApi(editMessage: string | null): ConsoleApi & { edits: unknown[] } {
  const edits: unknown[] = [];
  const settings = { ...defaultSettings('demo'), ChatIconUrl: '', ChatProfilePictureUrl: '' } as unknown as FullSettings;
  return {
    edits,
    getSettings: async () => settings,
    modelList: async () => [{ Key: '2', Value: 'gpt-4o', Status: true }],
    async edit(changes) {
      edits.push(changes);
      if (editMessage === null) return 1;
      throw refusal(editMessage);
    },
    listListings: async () => { throw new Error('not used'); },
    createListing: async () => { throw new Error('not used'); },
    updateListing: async () => { throw new Error('not used'); },
    deleteListings: async () => { throw new Error('not used'); },
    uploadImage: async () => { throw new Error('not used'); },
  };
}

describe('settings model: save', () => {
  it('marks every field the service names in one refusal, in the form\'s order, and keeps the typed values', async () => {
    // Rules the console cannot know (a service of its own) reach it only this way: several fields in one Message.
    const api = fakeApi('CustomDomain: taken by another chatbot.\nName: already used by another chatbot.');
    const model = createSettingsModel(api);
    await model.reload();
    model.set('Name', 'Harbor');
    model.set('CustomDomain', 'chat.example.com');
    expect(await model.save()).toBe(false);
    expect(api.edits).toHaveLength(1);
    expect(model.fieldErrors.value).toEqual({
      Name: 'Already used by another chatbot.',
      CustomDomain: 'Taken by another chatbot.',
    });
    expect(Object.keys(model.fieldErrors.value)).toEqual(['Name', 'CustomDomain']);
    expect(model.notice.value?.text).toBe(
      'Not saved. Chatbot name: Already used by another chatbot. Custom domain: Taken by another chatbot.',
    );
    expect(model.draft.value.Name).toBe('Harbor');
  });

  it('sends nothing while any value breaks the service\'s rules, and marks them all', async () => {
    const api = fakeApi(null);
    const model = createSettingsModel(api);
    await model.reload();
    model.set('Name', '');
    model.set('Temperature', '500');
    model.set('ChatBubbleColor', 'red');
    expect(await model.save()).toBe(false);
    expect(api.edits).toEqual([]);
    expect(Object.keys(model.fieldErrors.value)).toEqual(['Name', 'Temperature', 'ChatBubbleColor']);
    expect(model.notice.value?.text).toMatch(/^3 values need fixing/);
  });
});

describe('listing form model: save', () => {
  it('marks every field and row the service names in one refusal', async () => {
    const api = fakeApi(null);
    api.updateListing = async () => {
      throw refusal('SalePrice: must be at least 0 (got -1).\nImages[0]: must be an absolute http(s) URL (got "x").');
    };
    const item = toListItem({
      ID: 42, createdAt: 0, updatedAt: 0, SerialNumber: 'demo', SaleType: 'for_sale', Status: 'Active',
      CurrencySymbol: '$', PropertyType: 'Condo', Bedrooms: 2, Bathrooms: 1, Url: 'https://x.example/42',
      MLSNumber: 'MLS-42', YearBuilt: 2001, DaysOnMarket: 9, LotArea: 0, BuildingArea: 90, AreaUnit: 'Square Meters',
      ParkingSpots: 1, City: 'Austin', Location: 'Near the park', SalePrice: 350000, Images: [], ExtensionColumn: [],
    } as ListingRecord);
    const form = createListingFormModel(api, { kind: 'update', item });
    form.setValue('Description', 'Sunny');
    expect(await form.save()).toBeUndefined();
    expect(form.errors.value).toEqual({
      SalePrice: 'Must be at least 0 (got -1).',
      'Images.0': 'Must be an absolute http(s) URL (got "x").',
    });
    expect(form.failure.value).toMatch(/^Not saved\. Sale price: Must be at least 0 \(got -1\)\. Image addresses \(row 1\): /);
  });
});
