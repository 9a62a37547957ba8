/**
 * Turns the chatbot's settings (GetConfig, overridden field by field by inline options with the Edit field names)
 * into the values the widget renders. Every value is checked; an invalid one falls back to its default, and all
 * problems of one call are reported in a single warning so a console is not flooded.
 */
import type { ChatbotSettings, PublicConfig } from '../api/types.js';
import { formatRgb, parseRgb, readableTextColor } from './color.js';
import type { Rgb } from './color.js';
import type { TextOverrides } from './texts.js';
import { isValidTimeZone } from './time-zone.js';
import { safeUrl, urlLabel } from './urls.js';

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
  /** "" = no welcome bubble and no popup (an empty WelcomeMessage). */
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
  /** Null when count or time is 0 (no limit). */
  rateLimit: RateLimitSettings | null;
  /** -1 = unlimited. */
  messageLimit: number;
  /** A valid IANA zone, else undefined = the visitor's zone. */
  timeZone: string | undefined;
}

const DEFAULT_BUBBLE_COLOR: Rgb = { r: 37, g: 99, b: 235 };

/** The English defaults of the settings that are words (WidgetTexts keys: mount()'s `texts` translates them). */
export const SETTING_TEXTS = {
  botName: 'Chat assistant',
  welcome: 'Hi! How can I help you today?',
  placeholder: 'Type your message…',
  privacyPolicy: 'Privacy policy',
  talkToHumanResponse: 'A person from our team will get back to you. Send us your conversation by e-mail.',
  rateLimitMessage: 'You are sending messages too quickly. Please wait a moment.',
} satisfies TextOverrides;

export const MAX_SUGGESTED_MESSAGES = 6;
/** Beyond this a browser timer cannot wait (setTimeout overflows at 24.8 days); a week is already generous. */
export const MAX_RATE_LIMIT_SECONDS = 7 * 24 * 60 * 60;
/** Send times are stored per visitor; a cap keeps that record small. */
export const MAX_RATE_LIMIT_COUNT = 10_000;

export interface ResolveOptions {
  /** The service's base URL: relative ChatIconUrl / ChatProfilePictureUrl from GetConfig resolve against it. */
  baseUrl?: string;
  /** Whether Intl knows a time zone (isValidTimeZone unless given: the widget remembers the answers). */
  isKnownTimeZone?: (zone: string) => boolean;
  /** mount()'s `texts`: the defaults of settings that are words (SETTING_TEXTS) come from them. */
  texts?: TextOverrides | undefined;
}

type SettingsRecord = Readonly<Record<string, unknown>>;
type Source = 'inline' | 'config';
/**
 * How one field is checked: the value to use (trimmed, parsed), or undefined when it is invalid; and what a valid
 * value is, for the warning ("<value> is not <expected>").
 */
type Rule<T> = readonly [check: (value: unknown) => T | undefined, expected: string];

/** A set value for a warning (unset ones, null included, never get one). */
function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function asRecord(value: unknown): SettingsRecord {
  return typeof value === 'object' && value !== null ? (value as SettingsRecord) : {};
}

const isBlank = (value: unknown): boolean => typeof value === 'string' && value.trim() === '';

const trimmed = (value: unknown): string | undefined => (typeof value === 'string' ? value.trim() : undefined);

const TEXT: Rule<string> = [trimmed, 'text'];
const BOOLEAN: Rule<boolean> = [(value) => (typeof value === 'boolean' ? value : undefined), 'true or false'];
const COLOR: Rule<Rgb> = [(value) => parseRgb(value) ?? undefined, 'a colour written rgb(r,g,b) with 0-255 values'];
const URL_RULE: Rule<string | null> = [(value) => safeUrl(value) ?? undefined, 'an absolute http(s) URL'];
const ALIGN: Rule<'left' | 'right'> = [
  (value) => (Number.isFinite(value) ? (value === 1 ? 'left' : 'right') : undefined),
  'a number (1 = left, other = right)',
];

const integer = (min: number, max: number, expected: string): Rule<number> => [
  (value) => (Number.isInteger(value) && (value as number) >= min && (value as number) <= max ? (value as number) : undefined),
  expected,
];

const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"?&#%/]+@[^\s@<>()[\]\\,;:"?&#%/.]+(\.[^\s@<>()[\]\\,;:"?&#%/.]+)+$/;

/** One address only: characters like ? & # would add headers or recipients to the mailto link. */
const EMAIL: Rule<string | null> = [
  (value) => {
    const email = trimmed(value)?.replace(/^mailto:/i, '');
    return email !== undefined && EMAIL_PATTERN.test(email) ? email : undefined;
  },
  'an e-mail address',
];

const SUGGESTIONS: Rule<string[]> = [
  (value) => {
    const lines =
      typeof value === 'string'
        ? value.split(/\r\n|\r|\n/)
        : Array.isArray(value) && value.every((item) => typeof item === 'string')
          ? (value as string[])
          : undefined;
    return lines && [...new Set(lines.map((line) => line.trim()).filter((line) => line !== ''))].slice(0, MAX_SUGGESTED_MESSAGES);
  },
  'text with one suggestion per line',
];

const timeZoneRule = (isKnown: (zone: string) => boolean): Rule<string | undefined> => [
  (value) => {
    const zone = trimmed(value);
    return zone !== undefined && isKnown(zone) ? zone : undefined;
  },
  'a known IANA time zone',
];

/**
 * Inline values win over the fetched config (same field names as Edit). Every invalid value falls back to its
 * default; `warn` is called ONCE per call, listing every invalid field and why (or not at all). ChatIconUrl /
 * ChatProfilePictureUrl come from the config; inline ChatIcon / ChatProfilePicture may be URLs (a site owner's
 * own image) — if they are http(s) URLs use them. A URL that is not http(s) (or mailto where allowed) is dropped.
 * null and undefined are "not given": the next source decides. A blank string is a value, the one an owner saves by
 * clearing a field, so an inline one wins over the config (the console's preview shows a cleared field that way): it
 * means what a blank config value means, the default without a warning (WelcomeMessage: no welcome).
 */
export function resolveSettings(
  config: Partial<PublicConfig> | undefined,
  inline: Partial<ChatbotSettings> | undefined,
  warn: (message: string) => void,
  options: ResolveOptions = {},
): WidgetSettings {
  const sources: Record<Source, SettingsRecord> = { inline: asRecord(inline), config: asRecord(config) };
  // Property by property, not a spread: the build then inlines SETTING_TEXTS' words and drops the object and its keys.
  // An empty text keeps the default (a nameless launcher would read "Open chat with "); only an empty welcome is
  // meant, as for WelcomeMessage: no welcome.
  const texts = options.texts ?? {};
  const problems: string[] = [];
  const report = (field: string, source: Source, value: unknown, expected: string): void => {
    problems.push(`${field} (${source}): ${describe(value)} is not ${expected}`);
  };

  /**
   * The winning value of `field`, checked; `fallback` when not given or invalid, `blank` when a blank string (where
   * a cleared field means something else than the default).
   */
  function read<T>(field: string, [check, expected]: Rule<T>, fallback: T, blank = fallback): T {
    for (const source of ['inline', 'config'] as const) {
      const value = sources[source][field];
      if (value == null) continue;
      if (isBlank(value)) return blank;
      const checked = check(value);
      if (checked === undefined) report(field, source, value, expected);
      return checked ?? fallback;
    }
    return fallback;
  }

  /** Pictures: the first usable of inline <field>, config <field>Url, config <field> (that one normally a file id). */
  function picture(field: 'ChatProfilePicture' | 'ChatIcon'): string | null {
    const candidates: Array<[Source, string]> = [
      ['inline', field],
      ['config', `${field}Url`],
      ['config', field],
    ];
    for (const [source, name] of candidates) {
      const value = sources[source][name];
      if (value == null) continue;
      if (isBlank(value)) return null;
      const href = safeUrl(value, source === 'config' ? { base: options.baseUrl } : {});
      if (href !== null) return href;
      // The config's own field normally holds a file id, which is no URL: not worth a warning.
      if (name !== field || source === 'inline') report(name, source, value, 'an http(s) image URL');
    }
    return null;
  }

  const bubble = read('ChatBubbleColor', COLOR, DEFAULT_BUBBLE_COLOR);
  const userMessage = read('UserMessageColor', COLOR, bubble);

  const privacyName = read('ChatbotPrivacyPolicyName', TEXT, '');
  const privacyDescription = read('ChatbotPrivacyPolicyDescription', TEXT, '');
  const privacyUrl = read('ChatbotPrivacyPolicyUrl', URL_RULE, null);

  const contactLinks: ContactLink[] = [];
  for (const [field, kind] of [
    ['SocialUrlOne', 'social'],
    ['SocialUrlTwo', 'social'],
    ['MessengerUrl', 'messenger'],
  ] as const) {
    const url = read(field, URL_RULE, null);
    if (url !== null) contactLinks.push({ kind, url, label: urlLabel(url) });
  }

  const email = read('TalkToHumanEmail', EMAIL, null);
  const responseMessage = read('TalkToHumanResponseMessage', TEXT, texts.talkToHumanResponse || SETTING_TEXTS.talkToHumanResponse);

  // 0 or unset: no limit. A negative value is invalid, as the service refuses it on Edit (the reference service;
  // service-api.md gives no range), not a quiet "no limit".
  const rateCount = read('RateLimitCount', integer(0, MAX_RATE_LIMIT_COUNT, `a whole number from 0 to ${MAX_RATE_LIMIT_COUNT} (0 = no limit)`), 0);
  const rateTime = read('RateLimitTime', integer(0, MAX_RATE_LIMIT_SECONDS, `whole seconds from 0 to ${MAX_RATE_LIMIT_SECONDS} (0 = no limit)`), 0);
  const rateMessage = read('RateLimitMessage', TEXT, texts.rateLimitMessage || SETTING_TEXTS.rateLimitMessage);

  const settings: WidgetSettings = {
    name: read('Name', TEXT, texts.botName || SETTING_TEXTS.botName),
    avatarUrl: picture('ChatProfilePicture'),
    launcherIconUrl: picture('ChatIcon'),
    align: read('ChatBubbleAlign', ALIGN, 'right'),
    bubbleColor: formatRgb(bubble),
    bubbleTextColor: readableTextColor(bubble),
    userMessageColor: formatRgb(userMessage),
    userMessageTextColor: readableTextColor(userMessage),
    // "" turns the welcome bubble and the popup off; only a WelcomeMessage never set gets the default.
    welcomeMessage: read('WelcomeMessage', TEXT, texts.welcome ?? SETTING_TEXTS.welcome, ''),
    placeholder: read('UserInputPlaceholder', TEXT, texts.placeholder || SETTING_TEXTS.placeholder),
    suggestedMessages: read('SuggestedMessage', SUGGESTIONS, []),
    popupOnce: read('ChatbotPopupOnce', BOOLEAN, false),
    privacyPolicy:
      privacyName === '' && privacyDescription === '' && privacyUrl === null
        ? null
        : { name: privacyName || texts.privacyPolicy || SETTING_TEXTS.privacyPolicy, url: privacyUrl, description: privacyDescription },
    contactLinks,
    talkToHuman: email === null ? null : { email, responseMessage },
    enableUploadImage: read('EnableUploadImage', BOOLEAN, false),
    enablePushToTalk: read('EnablePushToTalk', BOOLEAN, false),
    removeChatLogOnBrowserClose: read('RemoveChatLogOnBrowserClose', BOOLEAN, false),
    rateLimit:
      rateCount > 0 && rateTime > 0
        ? { count: rateCount, windowSeconds: rateTime, message: rateMessage }
        : null,
    messageLimit: read('MessageLimit', integer(-1, Number.MAX_SAFE_INTEGER, 'a whole number of at least 0, or -1 for unlimited'), -1),
    timeZone: read('TimeZone', timeZoneRule(options.isKnownTimeZone ?? isValidTimeZone), undefined),
  };

  if (problems.length > 0) {
    warn(
      `Chatbot widget: ignored ${problems.length} invalid setting${problems.length === 1 ? '' : 's'} ` +
        `(defaults used instead):\n- ${problems.join('\n- ')}`,
    );
  }
  return settings;
}

/**
 * What resolves without any config or inline value. Frozen, lists included, so nobody can change it through a
 * shared reference. Pure: a bundle that does not use it (the widget's) leaves it out.
 */
export const DEFAULT_SETTINGS: Readonly<WidgetSettings> = /* @__PURE__ */ frozenDefaults();

function frozenDefaults(): Readonly<WidgetSettings> {
  const defaults = resolveSettings(undefined, undefined, () => undefined);
  Object.freeze(defaults.suggestedMessages);
  Object.freeze(defaults.contactLinks);
  return Object.freeze(defaults);
}
