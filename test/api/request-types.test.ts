/**
 * The request types say what the service accepts, null included where the reference service clears a field with it
 * (service-api.md says nothing of null). These are compile-time checks: `npx tsc -p tsconfig.json` fails when one
 * does not hold (vitest only runs them). The contract tests hold the name lists equal to the reference service's
 * tables (test/contract/chatbot.test.ts, listings.test.ts) and send the nulls over HTTP.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type {
  ChatbotSettings,
  ClearableSettingName,
  EditRequest,
  ListingInput,
  RealEstateUpdateRequest,
  RemovableListingField,
  ServiceClient,
} from '../../src/api';

declare const client: ServiceClient;

describe('EditRequest', () => {
  it('takes null for a setting the service clears with it', () => {
    expectTypeOf<EditRequest['WelcomeMessage']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<EditRequest['MessageLimit']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<EditRequest['ChatIcon']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<{ serialNumber: string; WelcomeMessage: null; RateLimitTime: null }>().toExtend<EditRequest>();
  });

  it('takes no null for a setting the service refuses it for, and still needs serialNumber', () => {
    expectTypeOf<EditRequest['Name']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<EditRequest['Temperature']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<EditRequest['VerifyDomain']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<EditRequest['serialNumber']>().toEqualTypeOf<string>();
    // Never called: the calls are here for the compiler, which must refuse each.
    const compileOnly = () => {
      // @ts-expect-error a Name cannot be cleared (the service answers 400)
      void client.edit({ serialNumber: 'sn', Name: null });
      // @ts-expect-error a switch has no empty value
      void client.edit({ serialNumber: 'sn', VerifyDomain: null });
      // @ts-expect-error serialNumber says which chatbot; it is never null
      void client.edit({ serialNumber: null, WelcomeMessage: null });
    };
    void compileOnly;
  });

  it('has the settings of 2.2, and leaves the widget’s settings type without null', () => {
    expectTypeOf<keyof EditRequest>().toEqualTypeOf<keyof ChatbotSettings>();
    expectTypeOf<ClearableSettingName>().toExtend<keyof ChatbotSettings>();
    // Inline settings are values to show, not changes: null would mean nothing there.
    expectTypeOf<ChatbotSettings['WelcomeMessage']>().toEqualTypeOf<string | undefined>();
  });
});

describe('RealEstateUpdateRequest', () => {
  it('takes null for a field 2.4 marks optional, which the service removes', () => {
    expectTypeOf<RealEstateUpdateRequest['SalePrice']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<RealEstateUpdateRequest['City']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<RealEstateUpdateRequest['Images']>().toEqualTypeOf<string[] | null | undefined>();
    expectTypeOf<RealEstateUpdateRequest['Tours']>().toEqualTypeOf<ListingInput['Tours'] | null>();
    expectTypeOf<RemovableListingField>().toEqualTypeOf<
      | 'Images' | 'Tours' | 'Description' | 'ExtensionColumn' | 'Location' | 'Address' | 'City' | 'State' | 'ZIP'
      | 'Latitude' | 'Longitude' | 'SalePrice' | 'UnitAreaPrice' | 'HOAMonth' | 'EstimatePrice' | 'RentPrice'
      | 'SpaceType' | 'DepositFee'
    >();
  });

  it('takes no null for a required field, and keeps every field but the key optional', () => {
    expectTypeOf<RealEstateUpdateRequest['Bedrooms']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<RealEstateUpdateRequest['SaleType']>().toEqualTypeOf<ListingInput['SaleType'] | undefined>();
    expectTypeOf<{ SerialNumber: string; Key: string; KeyType: 'PlatformID' }>().toExtend<RealEstateUpdateRequest>();
    const compileOnly = () => {
      // @ts-expect-error a listing must keep its Bedrooms (the service answers 400)
      void client.realEstateUpdate({ SerialNumber: 'sn', Key: '1', KeyType: 'PlatformID', Bedrooms: null });
      // @ts-expect-error the key says which listing; it is never null
      void client.realEstateUpdate({ SerialNumber: 'sn', Key: null, KeyType: 'PlatformID', City: null });
    };
    void compileOnly;
  });
});
