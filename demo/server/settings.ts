/**
 * Chatbot settings (service-api.md 2.2): defaults, the Edit schema and the model list.
 * Decisions where the document is silent:
 * - Temperature: integer 0-100 (a percentage of the model's range); the deterministic engine ignores it.
 * - ChatBubbleAlign: any integer (within ±Number.MAX_SAFE_INTEGER, as every number: validation.ts); 1 = left,
 *   anything else = right (service-notes.md).
 * - TimeZone: "" or an IANA zone name (e.g. Europe/Berlin); it decides where a calendar month starts.
 * - RateLimitCount: integer 0-10000 (the widget's MAX_RATE_LIMIT_COUNT); RateLimitTime: integer seconds 0-86400; 0 in either turns the rate limit off.
 * - Domains: newline-separated host names, host:port, *.wildcards or origins (see auth.ts).
 * - ChatIcon / ChatProfilePicture: "" or the FileStoreId of a finished image upload.
 * - null in Edit (2.2 makes every setting but serialNumber optional there, and says nothing of null): it clears a
 *   setting that has an empty value and is refused (400, naming the field) for one that has none. A text setting
 *   Edit takes as "" becomes "", as if "" had been sent; a limit becomes "no limit": MessageLimit -1 (2.2: "default
 *   -1, meaning unlimited"), RateLimitCount and RateLimitTime 0 (off). Name and Model cannot be empty, colours must
 *   be rgb(r,g,b) (2.2), Temperature and ChatBubbleAlign have no "none", and a switch has two values: guessing false
 *   for null could, say, turn VerifyDomain off unasked.
 */
import type { ModelListItem } from '../../src/api/types';
import { MAX_RATE_LIMIT_COUNT } from '../../src/model/settings';
import type { Settings } from './store';
import {
  type Schema,
  emailProblem,
  httpUrlProblem,
  rgbColourProblem,
} from './validation';

export const MODEL_LIST: readonly ModelListItem[] = [
  { Key: '1', Value: 'gpt-4o-mini', Status: true },
  { Key: '2', Value: 'gpt-4o', Status: true },
  { Key: '3', Value: 'claude-3-5-sonnet', Status: true },
  { Key: '4', Value: 'gpt-3.5-turbo', Status: false },
];

export const TEMPERATURE_RANGE = { min: 0, max: 100 } as const;

export function defaultSettings(serialNumber: string): Settings {
  return {
    serialNumber,
    Name: 'Assistant',
    Model: '2',
    SystemMessage: '',
    Temperature: 70,
    TimeZone: 'America/Los_Angeles',
    AnswerSuffix: '',
    ChatProfilePicture: '',
    ChatIcon: '',
    ChatBubbleAlign: 2,
    ChatBubbleColor: 'rgb(37,99,235)',
    ChatbotPopupOnce: true,
    ChatbotPrivacyPolicyDescription: '',
    ChatbotPrivacyPolicyName: '',
    ChatbotPrivacyPolicyUrl: '',
    EnablePushToTalk: false,
    EnableUploadImage: false,
    SocialUrlOne: '',
    SocialUrlTwo: '',
    MessengerUrl: '',
    RemoveChatLogOnBrowserClose: false,
    SuggestedMessage: '',
    TalkToHumanEmail: '',
    TalkToHumanResponseMessage: '',
    UserInputPlaceholder: 'Type a message…',
    UserMessageColor: 'rgb(37,99,235)',
    WelcomeMessage: 'Hi! How can I help you today?',
    VerifyDomain: false,
    Domains: '',
    RateLimitCount: 0,
    RateLimitMessage: '',
    RateLimitTime: 0,
    CustomDomain: '',
    EmailForDailyChatLogs: '',
    EmailForDailyLeads: '',
    AIResponseLanguage: 'English',
    MessageLimit: -1,
  };
}

function timeZoneProblem(value: string): string | undefined {
  if (value === '') return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return undefined;
  } catch {
    return `must be an IANA time zone name such as Europe/Berlin (got "${value}").`;
  }
}

function modelProblem(value: string): string | undefined {
  const model = MODEL_LIST.find((item) => item.Key === value);
  if (!model) return `must be a Key from ModelList (${MODEL_LIST.map((item) => item.Key).join(', ')}); got "${value}".`;
  if (!model.Status) return `model ${value} (${model.Value}) is disabled; pick another Key from ModelList.`;
  return undefined;
}

function fileIdProblem(value: string): string | undefined {
  return value === '' || /^\d+$/.test(value) ? undefined : `must be "" or a FileStoreId (got "${value}").`;
}

function domainsProblem(value: string): string | undefined {
  const bad = value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .find((line) => line !== '' && !/^(https?:\/\/)?(\*\.)?[A-Za-z0-9.-]+(:\d{1,5})?\/?$/.test(line));
  return bad === undefined ? undefined : `each line must be a host name, host:port, *.host or origin (bad line "${bad}").`;
}

function hostProblem(value: string): string | undefined {
  return value === '' || /^[A-Za-z0-9.-]+(:\d{1,5})?$/.test(value) ? undefined : `must be a host name (got "${value}").`;
}

// A text setting null clears to "" (every one below takes ""; their checks let "" through).
const text = { type: 'string', onNull: 'clear' } as const;
const shortText = { type: 'string', maxLength: 200, onNull: 'clear' } as const;
const url = { type: 'string', maxLength: 2000, check: httpUrlProblem, onNull: 'clear' } as const;
const email = { type: 'string', maxLength: 320, check: emailProblem, onNull: 'clear' } as const;
const fileId = { type: 'string', maxLength: 20, check: fileIdProblem, onNull: 'clear' } as const;
// Settings without an empty value, for which null is refused.
const flag = { type: 'boolean', onNull: 'refuse' } as const;
const colour = { type: 'string', check: rgbColourProblem, onNull: 'refuse' } as const;

export const EDIT_SCHEMA: Schema = {
  serialNumber: { type: 'string', required: true, nonEmpty: true, maxLength: 200 },
  Name: { type: 'string', maxLength: 100, nonEmpty: true, onNull: 'refuse' },
  Model: { type: 'string', check: modelProblem, onNull: 'refuse' },
  SystemMessage: text,
  Temperature: { type: 'integer', ...TEMPERATURE_RANGE, onNull: 'refuse' },
  TimeZone: { type: 'string', maxLength: 100, check: timeZoneProblem, onNull: 'clear' },
  AnswerSuffix: { type: 'string', maxLength: 2000, onNull: 'clear' },
  ChatProfilePicture: fileId,
  ChatIcon: fileId,
  ChatBubbleAlign: { type: 'integer', onNull: 'refuse' },
  ChatBubbleColor: colour,
  ChatbotPopupOnce: flag,
  ChatbotPrivacyPolicyDescription: text,
  ChatbotPrivacyPolicyName: shortText,
  ChatbotPrivacyPolicyUrl: url,
  EnablePushToTalk: flag,
  EnableUploadImage: flag,
  SocialUrlOne: url,
  SocialUrlTwo: url,
  // http(s) only, like the social links: the widget shows a contact link only when it is one (README), so a mailto:
  // address saved here was dropped there with a console warning. An e-mail contact is TalkToHumanEmail.
  MessengerUrl: url,
  RemoveChatLogOnBrowserClose: flag,
  SuggestedMessage: text,
  TalkToHumanEmail: email,
  TalkToHumanResponseMessage: text,
  UserInputPlaceholder: shortText,
  UserMessageColor: colour,
  WelcomeMessage: text,
  VerifyDomain: flag,
  Domains: { type: 'string', check: domainsProblem, onNull: 'clear' },
  // At most the widget's MAX_RATE_LIMIT_COUNT: above it the widget takes the setting as invalid and checks no limit
  // before sending (a console warning), while this service still refused the questions over it.
  RateLimitCount: { type: 'integer', min: 0, max: MAX_RATE_LIMIT_COUNT, onNull: 'clear' },
  RateLimitMessage: text,
  RateLimitTime: { type: 'integer', min: 0, max: 86_400, onNull: 'clear' },
  CustomDomain: { type: 'string', maxLength: 255, check: hostProblem, onNull: 'clear' },
  EmailForDailyChatLogs: email,
  EmailForDailyLeads: email,
  AIResponseLanguage: shortText,
  MessageLimit: { type: 'integer', min: -1, onNull: 'clear' },
};

/** What a null in Edit leaves in a number setting EDIT_SCHEMA clears: its "no limit" value. */
const CLEARED_NUMBERS: Readonly<Record<string, number>> = { MessageLimit: -1, RateLimitCount: 0, RateLimitTime: 0 };

/** The value Edit stores for `name` sent as null (EDIT_SCHEMA lets null through only where it clears). */
export function clearedSetting(name: string): string | number {
  const rule = EDIT_SCHEMA[name];
  const cleared = rule?.onNull !== 'clear' ? undefined : rule.type === 'string' ? '' : CLEARED_NUMBERS[name];
  // Only a schema edit that marks a number 'clear' without a value here gets this far.
  if (cleared === undefined) throw new Error(`Edit: ${name} has no cleared value; give it one or mark it onNull 'refuse'.`);
  return cleared;
}

/** Operator-only settings that GetConfig never shows a page. */
export const SECRET_SETTINGS = ['SystemMessage', 'EmailForDailyChatLogs', 'EmailForDailyLeads'] as const;
