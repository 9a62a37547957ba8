/**
 * Turns the chatbot's settings (GetConfig, overridden field by field by inline options with the Edit field names)
 * into the values the widget renders. Every value is checked; an invalid one falls back to its default, and all
 * problems of one call are reported in a single warning so a console is not flooded.
 */
import type { ChatbotSettings, PublicConfig } from '../api/types';
import { formatRgb, parseRgb, readableTextColor } from './color';
import type { Rgb } from './color';
import { isValidTimeZone } from './time-zone';
import { safeUrl, urlLabel } from './urls';

export interface PrivacyPolicy {
  name: string;
  url: string | null;
  description: string;
}
export interface ContactLink {
  kind: 'social' | 'messenger';
  url: string;
  /** A readable name derived from the host (e.g. "facebook.com"). */
  label: string;
}
export interface TalkToHuman {
  email: string;
  responseMessage: string;
}
export interface RateLimitSettings {
  count: number;
  windowSeconds: number;
  message: string;
}

export interface WidgetSettings {
  name: string;
  /** From ChatProfilePictureUrl (http(s) only). */
  avatarUrl: string | null;
  /** From ChatIconUrl. */
  launcherIconUrl: string | null;
  /** ChatBubbleAlign 1 = left, else right. */
  align: 'left' | 'right';
  bubbleColor: string;
  /** readableTextColor(bubbleColor): meets WCAG AA against it. */
  bubbleTextColor: string;
  /** Defaults to the bubble colour, so one brand colour themes both. */
  userMessageColor: string;
  userMessageTextColor: string;
  welcomeMessage: string;
  placeholder: string;
  /** SuggestedMessage split on newlines, trimmed, empties dropped, deduped, at most MAX_SUGGESTED_MESSAGES. */
  suggestedMessages: string[];
  popupOnce: boolean;
  /** Null when there is no name, description or URL. */
  privacyPolicy: PrivacyPolicy | null;
  /** SocialUrlOne, SocialUrlTwo (social), MessengerUrl (messenger); unsafe URLs dropped. */
  contactLinks: ContactLink[];
  /** Null when there is no valid e-mail. */
  talkToHuman: TalkToHuman | null;
  enableUploadImage: boolean;
  enablePushToTalk: boolean;
  removeChatLogOnBrowserClose: boolean;
  /** Null when count <= 0 or time <= 0 (no limit). */
  rateLimit: RateLimitSettings | null;
  /** -1 = unlimited. */
  messageLimit: number;
  /** A valid IANA zone, else undefined = the visitor's zone. */
  timeZone: string | undefined;
}

const DEFAULT_BUBBLE_COLOR: Rgb = { r: 37, g: 99, b: 235 };
/** An empty list nobody can push into through DEFAULT_SETTINGS. */
const frozenEmptyList = <T>(): T[] => Object.freeze([]) as unknown as T[];

export const DEFAULT_SETTINGS: Readonly<WidgetSettings> = Object.freeze({
  name: 'Chat assistant',
  avatarUrl: null,
  launcherIconUrl: null,
  align: 'right',
  bubbleColor: formatRgb(DEFAULT_BUBBLE_COLOR),
  bubbleTextColor: readableTextColor(DEFAULT_BUBBLE_COLOR),
  userMessageColor: formatRgb(DEFAULT_BUBBLE_COLOR),
  userMessageTextColor: readableTextColor(DEFAULT_BUBBLE_COLOR),
  welcomeMessage: 'Hi! How can I help you today?',
  placeholder: 'Type your message…',
  suggestedMessages: frozenEmptyList<string>(),
  popupOnce: false,
  privacyPolicy: null,
  contactLinks: frozenEmptyList<ContactLink>(),
  talkToHuman: null,
  enableUploadImage: false,
  enablePushToTalk: false,
  removeChatLogOnBrowserClose: false,
  rateLimit: null,
  messageLimit: -1,
  timeZone: undefined,
});

/** Defaults of the parts of settings whose own default is null. */
export const DEFAULT_SETTING_TEXTS = Object.freeze({
  privacyPolicyName: 'Privacy policy',
  talkToHumanResponseMessage: 'A person from our team will get back to you. Send us your conversation by e-mail.',
  rateLimitMessage: 'You are sending messages too quickly. Please wait a moment.',
});

export const MAX_SUGGESTED_MESSAGES = 6;
/** Beyond this a browser timer cannot wait (setTimeout overflows at 24.8 days); a week is already generous. */
export const MAX_RATE_LIMIT_SECONDS = 7 * 24 * 60 * 60;
/** Send times are stored per visitor; a cap keeps that record small. */
export const MAX_RATE_LIMIT_COUNT = 10_000;

export interface ResolveOptions {
  /** The service's base URL: relative ChatIconUrl / ChatProfilePictureUrl from GetConfig resolve against it. */
  baseUrl?: string;
}

type SettingsRecord = Readonly<Record<string, unknown>>;
type Source = 'inline' | 'config';
type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

const valid = <T>(value: T): Checked<T> => ({ ok: true, value });
const invalid = (problem: string): Checked<never> => ({ ok: false, problem });

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`;
}

function asRecord(value: unknown): SettingsRecord {
  return typeof value === 'object' && value !== null ? (value as SettingsRecord) : {};
}

const isUnset = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const checkText = (value: unknown): Checked<string> =>
  typeof value === 'string' ? valid(value.trim()) : invalid(`${describe(value)} is not text`);

const checkBoolean = (value: unknown): Checked<boolean> =>
  typeof value === 'boolean' ? valid(value) : invalid(`${describe(value)} is not true or false`);

const checkColor = (value: unknown): Checked<Rgb> => {
  const color = parseRgb(value);
  return color ? valid(color) : invalid(`${describe(value)} is not a colour written rgb(r,g,b) with 0-255 values`);
};

function checkInteger(min: number, max: number, expected: string) {
  return (value: unknown): Checked<number> =>
    typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
      ? valid(value)
      : invalid(`${describe(value)} is not ${expected}`);
}

function checkUrl(base?: string) {
  return (value: unknown): Checked<string> => {
    const href = safeUrl(value, base === undefined ? {} : { base });
    return href !== null ? valid(href) : invalid(`${describe(value)} is not an absolute http(s) URL`);
  };
}

const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"?&#%/]+@[^\s@<>()[\]\\,;:"?&#%/.]+(\.[^\s@<>()[\]\\,;:"?&#%/.]+)+$/;

/** One address only: characters like ? & # would add headers or recipients to the mailto link. */
const checkEmail = (value: unknown): Checked<string> => {
  const email = typeof value === 'string' ? value.trim().replace(/^mailto:/i, '') : '';
  return EMAIL_PATTERN.test(email) ? valid(email) : invalid(`${describe(value)} is not an e-mail address`);
};

const checkSuggestions = (value: unknown): Checked<string[]> => {
  const lines =
    typeof value === 'string'
      ? value.split(/\r\n|\r|\n/)
      : Array.isArray(value) && value.every((item) => typeof item === 'string')
        ? (value as string[])
        : null;
  if (lines === null) return invalid(`${describe(value)} is not text with one suggestion per line`);
  const unique = new Set(lines.map((line) => line.trim()).filter((line) => line !== ''));
  return valid([...unique].slice(0, MAX_SUGGESTED_MESSAGES));
};

const checkTimeZone = (value: unknown): Checked<string> => {
  const zone = typeof value === 'string' ? value.trim() : '';
  return isValidTimeZone(zone) ? valid(zone) : invalid(`${describe(value)} is not a known IANA time zone`);
};

/**
 * Inline values win over the fetched config (same field names as Edit). Every invalid value falls back to its
 * default; `warn` is called ONCE per call, listing every invalid field and why (or not at all). ChatIconUrl /
 * ChatProfilePictureUrl come from the config; inline ChatIcon / ChatProfilePicture may be URLs (a site owner's
 * own image) — if they are http(s) URLs use them. A URL that is not http(s) (or mailto where allowed) is dropped.
 * Blank strings and null count as "not set": they take the default without a warning.
 */
export function resolveSettings(
  config: Partial<PublicConfig> | undefined,
  inline: Partial<ChatbotSettings> | undefined,
  warn: (message: string) => void,
  options: ResolveOptions = {},
): WidgetSettings {
  const sources: Array<[Source, SettingsRecord]> = [
    ['inline', asRecord(inline)],
    ['config', asRecord(config)],
  ];
  const problems: string[] = [];
  const report = (field: string, source: Source, problem: string): void => {
    problems.push(`${field} (${source}): ${problem}`);
  };

  /** The winning value of `field`, checked; `fallback` when unset or invalid. */
  function read<T>(field: string, check: (value: unknown) => Checked<T>, fallback: T): T {
    for (const [source, record] of sources) {
      const value = record[field];
      if (isUnset(value)) continue;
      const checked = check(value);
      if (checked.ok) return checked.value;
      report(field, source, checked.problem);
      return fallback;
    }
    return fallback;
  }

  /** Pictures: the first usable of inline <field>, config <field>Url, config <field> (that one normally a file id). */
  function picture(field: 'ChatProfilePicture' | 'ChatIcon'): string | null {
    const candidates: Array<[Source, string, unknown, boolean]> = [
      ['inline', field, asRecord(inline)[field], true],
      ['config', `${field}Url`, asRecord(config)[`${field}Url`], true],
      ['config', field, asRecord(config)[field], false],
    ];
    for (const [source, name, value, reportIfUnusable] of candidates) {
      if (isUnset(value)) continue;
      const base = source === 'config' ? options.baseUrl : undefined;
      const href = safeUrl(value, base === undefined ? {} : { base });
      if (href !== null) return href;
      if (reportIfUnusable) report(name, source, `${describe(value)} is not an http(s) image URL`);
    }
    return null;
  }

  const bubble = read('ChatBubbleColor', checkColor, DEFAULT_BUBBLE_COLOR);
  const userMessage = read('UserMessageColor', checkColor, bubble);
  const align = read('ChatBubbleAlign', (value) =>
    typeof value === 'number' && Number.isFinite(value)
      ? valid(value === 1 ? ('left' as const) : ('right' as const))
      : invalid(`${describe(value)} is not a number (1 = left, other = right)`),
    DEFAULT_SETTINGS.align,
  );

  const privacyName = read('ChatbotPrivacyPolicyName', checkText, '');
  const privacyDescription = read('ChatbotPrivacyPolicyDescription', checkText, '');
  const privacyUrl = read<string | null>('ChatbotPrivacyPolicyUrl', checkUrl(), null);
  const privacyPolicy: PrivacyPolicy | null =
    privacyName === '' && privacyDescription === '' && privacyUrl === null
      ? null
      : {
          name: privacyName === '' ? DEFAULT_SETTING_TEXTS.privacyPolicyName : privacyName,
          url: privacyUrl,
          description: privacyDescription,
        };

  const contactLinks: ContactLink[] = [];
  const contactFields = [
    ['SocialUrlOne', 'social'],
    ['SocialUrlTwo', 'social'],
    ['MessengerUrl', 'messenger'],
  ] as const;
  for (const [field, kind] of contactFields) {
    const url = read<string | null>(field, checkUrl(), null);
    if (url !== null) contactLinks.push({ kind, url, label: urlLabel(url) });
  }

  const email = read<string | null>('TalkToHumanEmail', checkEmail, null);
  const responseMessage = read(
    'TalkToHumanResponseMessage',
    checkText,
    DEFAULT_SETTING_TEXTS.talkToHumanResponseMessage,
  );

  const rateCount = read<number | null>('RateLimitCount', checkInteger(-Infinity, MAX_RATE_LIMIT_COUNT, `a whole number up to ${MAX_RATE_LIMIT_COUNT} (0 = no limit)`), null);
  const rateTime = read<number | null>('RateLimitTime', checkInteger(-Infinity, MAX_RATE_LIMIT_SECONDS, `whole seconds up to ${MAX_RATE_LIMIT_SECONDS} (0 = no limit)`), null);
  const rateMessage = read('RateLimitMessage', checkText, DEFAULT_SETTING_TEXTS.rateLimitMessage);

  const settings: WidgetSettings = {
    name: read('Name', checkText, DEFAULT_SETTINGS.name),
    avatarUrl: picture('ChatProfilePicture'),
    launcherIconUrl: picture('ChatIcon'),
    align,
    bubbleColor: formatRgb(bubble),
    bubbleTextColor: readableTextColor(bubble),
    userMessageColor: formatRgb(userMessage),
    userMessageTextColor: readableTextColor(userMessage),
    welcomeMessage: read('WelcomeMessage', checkText, DEFAULT_SETTINGS.welcomeMessage),
    placeholder: read('UserInputPlaceholder', checkText, DEFAULT_SETTINGS.placeholder),
    suggestedMessages: read('SuggestedMessage', checkSuggestions, [...DEFAULT_SETTINGS.suggestedMessages]),
    popupOnce: read('ChatbotPopupOnce', checkBoolean, DEFAULT_SETTINGS.popupOnce),
    privacyPolicy,
    contactLinks,
    talkToHuman: email === null ? null : { email, responseMessage },
    enableUploadImage: read('EnableUploadImage', checkBoolean, DEFAULT_SETTINGS.enableUploadImage),
    enablePushToTalk: read('EnablePushToTalk', checkBoolean, DEFAULT_SETTINGS.enablePushToTalk),
    removeChatLogOnBrowserClose: read(
      'RemoveChatLogOnBrowserClose',
      checkBoolean,
      DEFAULT_SETTINGS.removeChatLogOnBrowserClose,
    ),
    rateLimit:
      rateCount !== null && rateTime !== null && rateCount > 0 && rateTime > 0
        ? { count: rateCount, windowSeconds: rateTime, message: rateMessage }
        : null,
    messageLimit: read('MessageLimit', checkInteger(-1, Number.MAX_SAFE_INTEGER, 'a whole number of at least 0, or -1 for unlimited'), DEFAULT_SETTINGS.messageLimit),
    timeZone: read<string | undefined>('TimeZone', checkTimeZone, DEFAULT_SETTINGS.timeZone),
  };

  if (problems.length > 0) {
    warn(
      `Chatbot widget: ignored ${problems.length} invalid setting${problems.length === 1 ? '' : 's'} ` +
        `(defaults used instead):\n- ${problems.join('\n- ')}`,
    );
  }
  return settings;
}
