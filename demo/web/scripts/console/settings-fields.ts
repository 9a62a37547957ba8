/**
 * Every editable chatbot setting of service-api.md 2.2, grouped the way an operator thinks about them, with the
 * input that fits each one, its label and its help text. The editor renders exactly this list.
 */
import type { ChatbotSettings } from '../../../../src/api/index';
import { MAX_RATE_LIMIT_COUNT, MAX_SUGGESTED_MESSAGES } from '../../../../src/model/settings';

export type SettingName = Exclude<keyof ChatbotSettings, 'serialNumber'>;

export type SettingKind =
  | 'text'
  | 'longText'
  /** One entry per line, stored as one newline-separated string. */
  | 'lines'
  | 'integer'
  | 'toggle'
  | 'colour'
  /** ChatBubbleAlign: 1 = left, 2 = right. */
  | 'align'
  /** A Key of ModelList. */
  | 'model'
  | 'email'
  | 'url'
  /** A FileStoreId of an uploaded image. */
  | 'image'
  /** An integer where -1 means unlimited. */
  | 'messageLimit';

export interface SettingField {
  name: SettingName;
  label: string;
  help: string;
  kind: SettingKind;
  placeholder?: string;
  min?: number;
  max?: number;
  /** Suggestions offered by a <datalist>. */
  suggestions?: 'timeZones' | 'languages';
  /** Unit shown after a number, e.g. "seconds". */
  unit?: string;
}

export interface SettingGroup {
  id: string;
  title: string;
  description: string;
  fields: readonly SettingField[];
}

export const SETTING_GROUPS: readonly SettingGroup[] = [
  {
    id: 'identity',
    title: 'Identity and model',
    description: 'Who the assistant is and how it answers.',
    fields: [
      { name: 'Name', label: 'Chatbot name', kind: 'text', help: 'Shown in the chat header. Required by the service.' },
      { name: 'Model', label: 'AI model', kind: 'model', help: 'The models your service offers (ModelList).' },
      {
        name: 'SystemMessage',
        label: 'System prompt',
        kind: 'longText',
        help: 'Instructions the model follows in every conversation. Visitors never see it.',
      },
      {
        name: 'Temperature',
        label: 'Temperature',
        kind: 'integer',
        min: 0,
        max: 100,
        help: 'Whole number; higher gives more varied answers. The reference service takes 0 to 100.',
      },
      {
        name: 'AIResponseLanguage',
        label: 'Answer language',
        kind: 'text',
        suggestions: 'languages',
        placeholder: 'English',
        help: 'The full name of the language the assistant answers in, e.g. English or German.',
      },
      {
        name: 'TimeZone',
        label: 'Time zone',
        kind: 'text',
        suggestions: 'timeZones',
        placeholder: 'America/Los_Angeles',
        help: 'An IANA time zone name. It decides when the monthly message count starts again.',
      },
      {
        name: 'AnswerSuffix',
        label: 'Answer suffix',
        kind: 'text',
        help: 'Text added to the end of every answer, e.g. a disclaimer. Leave empty for none.',
      },
    ],
  },
  {
    id: 'appearance',
    title: 'Appearance and features',
    description: 'How the launcher and the chat look, and what visitors can do.',
    fields: [
      { name: 'ChatBubbleColor', label: 'Bubble colour', kind: 'colour', help: 'Colour of the launcher and the chat header.' },
      { name: 'UserMessageColor', label: 'Visitor message colour', kind: 'colour', help: 'Background of the visitor\'s own messages.' },
      { name: 'ChatBubbleAlign', label: 'Launcher position', kind: 'align', help: 'Which bottom corner of the page the launcher sits in.' },
      { name: 'ChatIcon', label: 'Launcher icon', kind: 'image', help: 'An image shown in the launcher instead of the chat symbol. PNG, JPEG, WebP or GIF.' },
      { name: 'ChatProfilePicture', label: 'Profile picture', kind: 'image', help: 'The assistant\'s picture in the header of the open chat. PNG, JPEG, WebP or GIF.' },
      { name: 'ChatbotPopupOnce', label: 'Show the welcome popup only once', kind: 'toggle', help: 'When off, the welcome popup beside the launcher appears on every visit.' },
      { name: 'EnableUploadImage', label: 'Visitors can send images', kind: 'toggle', help: 'Adds an image button to the message field.' },
      { name: 'EnablePushToTalk', label: 'Visitors can send voice messages', kind: 'toggle', help: 'Adds a hold-to-talk microphone button.' },
    ],
  },
  {
    id: 'messages',
    title: 'Messages',
    description: 'The words visitors see before and around the answers.',
    fields: [
      { name: 'WelcomeMessage', label: 'Welcome message', kind: 'longText', help: 'The first message of every conversation, and the popup text.' },
      {
        name: 'SuggestedMessage',
        label: 'Suggested questions',
        kind: 'lines',
        placeholder: 'Which homes are for sale?\nDo you have rentals?',
        help: `One per line. Shown as buttons a visitor can tap instead of typing; the widget shows at most ${MAX_SUGGESTED_MESSAGES}, the first ones.`,
      },
      { name: 'UserInputPlaceholder', label: 'Message field placeholder', kind: 'text', help: 'Grey hint text in the empty message field.' },
      {
        name: 'TalkToHumanResponseMessage',
        label: 'Hand-off message',
        kind: 'longText',
        help: 'Shown when a visitor asks to talk to a person, above the link that e-mails the conversation.',
      },
    ],
  },
  {
    id: 'privacy',
    title: 'Privacy',
    description: 'The notice visitors see, and how long their chat is kept in the browser.',
    fields: [
      { name: 'ChatbotPrivacyPolicyName', label: 'Privacy policy link text', kind: 'text', placeholder: 'Privacy policy', help: 'The words of the link under the chat.' },
      { name: 'ChatbotPrivacyPolicyUrl', label: 'Privacy policy address', kind: 'url', placeholder: 'https://', help: 'An absolute http(s) address.' },
      { name: 'ChatbotPrivacyPolicyDescription', label: 'Privacy notice', kind: 'longText', help: 'A short sentence shown with the link, e.g. what is stored.' },
      {
        name: 'RemoveChatLogOnBrowserClose',
        label: 'Forget the chat when the browser closes',
        kind: 'toggle',
        help: 'Keeps the conversation for the browser session only, not across visits.',
      },
    ],
  },
  {
    id: 'contact',
    title: 'Contact',
    description: 'Where a visitor can reach a person, and where reports go.',
    fields: [
      { name: 'TalkToHumanEmail', label: 'Hand-off e-mail', kind: 'email', placeholder: 'agent@example.com', help: 'A visitor who asks for a person can e-mail the conversation here.' },
      { name: 'MessengerUrl', label: 'Messenger link', kind: 'url', placeholder: 'https://', help: 'A messaging contact, e.g. https://m.me/yourpage: an absolute http(s) address. For e-mail, use the talk-to-a-person address.' },
      { name: 'SocialUrlOne', label: 'Social page', kind: 'url', placeholder: 'https://', help: 'An absolute http(s) address, shown as a link in the chat.' },
      { name: 'SocialUrlTwo', label: 'Second social page', kind: 'url', placeholder: 'https://', help: 'An absolute http(s) address.' },
      { name: 'EmailForDailyChatLogs', label: 'Daily chat log e-mail', kind: 'email', help: 'Receives the day\'s conversations. Never shown to visitors.' },
      { name: 'EmailForDailyLeads', label: 'Daily leads e-mail', kind: 'email', help: 'Receives the day\'s leads. Never shown to visitors.' },
    ],
  },
  {
    id: 'limits',
    title: 'Limits',
    description: 'How many messages the chatbot answers.',
    fields: [
      {
        name: 'MessageLimit',
        label: 'Messages per month',
        kind: 'messageLimit',
        min: 0,
        help: 'All visitors together, per calendar month in the chatbot\'s time zone.',
      },
      {
        name: 'RateLimitCount',
        label: 'Messages per visitor per window',
        kind: 'integer',
        min: 0,
        max: MAX_RATE_LIMIT_COUNT,
        help: `How many messages one visitor may send within the window below (at most ${MAX_RATE_LIMIT_COUNT}). 0 turns the rate limit off.`,
      },
      {
        name: 'RateLimitTime',
        label: 'Window length',
        kind: 'integer',
        min: 0,
        max: 86_400,
        unit: 'seconds',
        help: 'Length of the rate-limit window in seconds (at most 86400, one day). 0 turns it off.',
      },
      { name: 'RateLimitMessage', label: 'Rate-limit message', kind: 'text', help: 'Shown to a visitor who sends too many messages.' },
    ],
  },
  {
    id: 'domains',
    title: 'Domains',
    description: 'Which websites may embed this chatbot.',
    fields: [
      {
        name: 'VerifyDomain',
        label: 'Only allow the domains below',
        kind: 'toggle',
        help: 'When on, the service refuses pages whose address is not listed. Check the list before turning it on.',
      },
      {
        name: 'Domains',
        label: 'Allowed domains',
        kind: 'lines',
        placeholder: 'example.com\n*.example.com\nlocalhost:5173',
        help: 'One per line: a host name, host:port, *.host for subdomains, or a full origin like https://shop.example.',
      },
      {
        name: 'CustomDomain',
        label: 'Custom domain',
        kind: 'text',
        placeholder: 'chat.example.com',
        help: 'A host name of your own that serves the chatbot; also allowed when domains are checked.',
      },
    ],
  },
];

export const SETTING_FIELDS: readonly SettingField[] = SETTING_GROUPS.flatMap((group) => group.fields);

export function settingField(name: string): SettingField | undefined {
  return SETTING_FIELDS.find((field) => field.name === name);
}

/** The id of a setting's input element (labels, error links and tests use it). */
export function settingInputId(name: SettingName): string {
  return `setting-${name}`;
}

export const LANGUAGE_SUGGESTIONS = [
  'English', 'Spanish', 'French', 'German', 'Italian', 'Portuguese', 'Dutch', 'Polish', 'Chinese', 'Japanese',
  'Korean', 'Arabic', 'Hindi', 'Turkish', 'Vietnamese',
] as const;

export function timeZoneSuggestions(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? ['UTC', 'Europe/London', 'Europe/Berlin', 'America/New_York', 'America/Los_Angeles'];
}
