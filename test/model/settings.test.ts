import { describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChatbotSettings, PublicConfig } from '../../src/api/types';
import { contrastRatio, parseRgb } from '../../src/model/color';
import {
  SETTING_TEXTS,
  DEFAULT_SETTINGS,
  MAX_SUGGESTED_MESSAGES,
  resolveSettings,
} from '../../src/model/settings';
import type { WidgetSettings } from '../../src/model/settings';

/** Resolves and returns the settings with every warning message collected. */
function resolve(
  config?: Record<string, unknown>,
  inline?: Record<string, unknown>,
  options?: { baseUrl?: string },
): { settings: WidgetSettings; warnings: string[] } {
  const warnings: string[] = [];
  const settings = resolveSettings(
    config as Partial<PublicConfig> | undefined,
    inline as Partial<ChatbotSettings> | undefined,
    (message) => warnings.push(message),
    options,
  );
  return { settings, warnings };
}

/** Resolves one field given in the config; returns the settings and the single warning or null. */
function field(name: string, value: unknown): { settings: WidgetSettings; warning: string | null } {
  const { settings, warnings } = resolve({ [name]: value });
  expect(warnings.length).toBeLessThanOrEqual(1);
  return { settings, warning: warnings[0] ?? null };
}

const ratio = (text: string, background: string): number => contrastRatio(parseRgb(text)!, parseRgb(background)!);

describe('resolveSettings defaults', () => {
  it('gives DEFAULT_SETTINGS without config or inline values, silently', () => {
    const warn = vi.fn();
    expect(resolveSettings(undefined, undefined, warn)).toEqual(DEFAULT_SETTINGS);
    expect(resolveSettings({}, {}, warn)).toEqual(DEFAULT_SETTINGS);
    expect(warn).not.toHaveBeenCalled();
  });

  it('has readable default colours', () => {
    expect(ratio(DEFAULT_SETTINGS.bubbleTextColor, DEFAULT_SETTINGS.bubbleColor)).toBeGreaterThanOrEqual(4.5);
    expect(ratio(DEFAULT_SETTINGS.userMessageTextColor, DEFAULT_SETTINGS.userMessageColor)).toBeGreaterThanOrEqual(4.5);
  });

  it('treats null and blank strings as not set, without a warning', () => {
    const { settings, warnings } = resolve({ Name: '  ', ChatBubbleColor: null, SocialUrlOne: '', TimeZone: '' });
    expect(settings).toEqual(DEFAULT_SETTINGS);
    expect(warnings).toEqual([]);
  });

  it('ignores a config or inline value that is not an object', () => {
    const warn = vi.fn();
    expect(resolveSettings('oops' as never, 42 as never, warn)).toEqual(DEFAULT_SETTINGS);
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('resolveSettings: inline values win', () => {
  it('takes each inline field over the config field of the same name', () => {
    const { settings, warnings } = resolve(
      { Name: 'Config bot', WelcomeMessage: 'From config', ChatBubbleColor: 'rgb(0,0,128)', RateLimitCount: 5, RateLimitTime: 60 },
      { serialNumber: 'x', Name: 'Inline bot', ChatBubbleColor: 'rgb(255,250,205)', RateLimitCount: 2 },
    );
    expect(warnings).toEqual([]);
    expect(settings.name).toBe('Inline bot');
    expect(settings.welcomeMessage).toBe('From config');
    expect(settings.bubbleColor).toBe('rgb(255, 250, 205)');
    expect(settings.rateLimit).toEqual({ count: 2, windowSeconds: 60, message: SETTING_TEXTS.rateLimitMessage });
  });

  it('takes a blank inline value over the config: it means what a blank config value means (a cleared field)', () => {
    const config = {
      Name: 'Config bot', SuggestedMessage: 'Prices?', ChatbotPrivacyPolicyName: 'Policy', SocialUrlOne: 'https://social.example/us',
      TalkToHumanEmail: 'help@example.com', ChatIconUrl: 'https://cdn.example/icon.png',
    };
    const blank = Object.fromEntries(Object.keys(config).map((name) => [name === 'ChatIconUrl' ? 'ChatIcon' : name, ' ']));
    const { settings, warnings } = resolve(config, blank);
    expect(settings).toEqual(DEFAULT_SETTINGS);
    expect(warnings).toEqual([]);
    // null and undefined are not values: the config's stays.
    expect(resolve(config, { Name: null, SuggestedMessage: undefined }).settings).toMatchObject({ name: 'Config bot', suggestedMessages: ['Prices?'] });
  });

  it('falls back to the default (not the config) when the winning inline value is invalid', () => {
    const { settings, warnings } = resolve({ ChatBubbleColor: 'rgb(0,0,128)' }, { ChatBubbleColor: 'navy' });
    expect(settings.bubbleColor).toBe(DEFAULT_SETTINGS.bubbleColor);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('ChatBubbleColor (inline)');
    expect(warnings[0]).toContain('"navy"');
  });
});

describe('resolveSettings: warnings', () => {
  it('warns exactly once, listing every invalid field with its reason', () => {
    const warn = vi.fn();
    const settings = resolveSettings(
      { ChatBubbleColor: 'rgb(300,0,0)', SocialUrlOne: 'javascript:alert(1)', MessageLimit: -7 },
      { serialNumber: 'x', Name: 42 as never, TimeZone: 'Mars/Base', ChatbotPopupOnce: 'yes' as never },
      warn,
    );
    expect(warn).toHaveBeenCalledTimes(1);
    const message = String(warn.mock.calls[0]![0]);
    for (const fieldName of ['ChatBubbleColor', 'SocialUrlOne', 'MessageLimit', 'Name', 'TimeZone', 'ChatbotPopupOnce']) {
      expect(message).toContain(fieldName);
    }
    expect(message).toContain('ignored 6 invalid settings');
    expect(message).toMatch(/rgb\(r,g,b\)/);
    expect(message).toMatch(/http\(s\)/);
    expect(settings.bubbleColor).toBe(DEFAULT_SETTINGS.bubbleColor);
    expect(settings.contactLinks).toEqual([]);
    expect(settings.messageLimit).toBe(-1);
    expect(settings.name).toBe(DEFAULT_SETTINGS.name);
    expect(settings.timeZone).toBeUndefined();
    expect(settings.popupOnce).toBe(false);
  });

  it('does not warn when every value is valid', () => {
    const warn = vi.fn();
    resolveSettings(
      {
        Name: 'Bot',
        ChatBubbleAlign: 1,
        ChatBubbleColor: 'rgb(10, 20, 30)',
        UserMessageColor: 'rgb(200,200,200)',
        SocialUrlOne: 'https://facebook.com/us',
        MessengerUrl: 'https://m.me/us',
        TalkToHumanEmail: 'help@example.com',
        RateLimitCount: 3,
        RateLimitTime: 60,
        MessageLimit: 100,
        TimeZone: 'Asia/Tokyo',
        SuggestedMessage: 'Hi\nPrices?',
        ChatIconUrl: 'https://cdn.example/icon.png',
        ChatIcon: '123',
      },
      { serialNumber: 'x', EnableUploadImage: true },
      warn,
    );
    expect(warn).not.toHaveBeenCalled();
  });

  it('shortens long values in the warning', () => {
    const { warning } = field('ChatBubbleColor', `x${'y'.repeat(500)}`);
    expect(warning).toContain(`"x${'y'.repeat(56)}..."`);
    expect(warning).not.toContain('y'.repeat(57));
  });
});

describe('resolveSettings: each setting', () => {
  it('Name and the texts: trimmed text, or default for a wrong type', () => {
    expect(field('Name', '  Ava  ').settings.name).toBe('Ava');
    expect(field('WelcomeMessage', 'Hello!').settings.welcomeMessage).toBe('Hello!');
    expect(field('UserInputPlaceholder', 'Ask me').settings.placeholder).toBe('Ask me');
    const wrong = field('UserInputPlaceholder', 5);
    expect(wrong.settings.placeholder).toBe(DEFAULT_SETTINGS.placeholder);
    expect(wrong.warning).toContain('UserInputPlaceholder (config): 5 is not text');
    const object = field('WelcomeMessage', { text: 'hi' });
    expect(object.settings.welcomeMessage).toBe(DEFAULT_SETTINGS.welcomeMessage);
    expect(object.warning).toContain('WelcomeMessage (config): an object is not text');
    expect(field('Name', ['Ava']).warning).toContain('Name (config): an array is not text');
    expect(field('Name', 5n).warning).toContain('Name (config): a bigint is not text');
    // A blank welcome is the owner turning it off, inline over the config too; only an unset one gets the default.
    expect(field('WelcomeMessage', ' ').settings.welcomeMessage).toBe('');
    expect(resolve({ WelcomeMessage: 'From config' }, { WelcomeMessage: '' }).settings.welcomeMessage).toBe('');
    expect(resolve({ WelcomeMessage: null }, {}).settings.welcomeMessage).toBe(DEFAULT_SETTINGS.welcomeMessage);
  });

  it('ChatBubbleAlign: 1 is left, any other number right, a non-number warns', () => {
    expect(field('ChatBubbleAlign', 1).settings.align).toBe('left');
    expect(field('ChatBubbleAlign', 0).settings.align).toBe('right');
    expect(field('ChatBubbleAlign', 2).settings.align).toBe('right');
    const wrong = field('ChatBubbleAlign', '1');
    expect(wrong.settings.align).toBe('right');
    expect(wrong.warning).toContain('ChatBubbleAlign');
    expect(field('ChatBubbleAlign', Number.NaN).warning).toContain('ChatBubbleAlign');
  });

  it('ChatBubbleColor: rgb() sets the colour and an AA text colour; bad values warn', () => {
    const yellow = field('ChatBubbleColor', 'rgb(255, 250, 205)').settings;
    expect(yellow.bubbleColor).toBe('rgb(255, 250, 205)');
    expect(yellow.bubbleTextColor).not.toBe('rgb(255, 255, 255)');
    expect(ratio(yellow.bubbleTextColor, yellow.bubbleColor)).toBeGreaterThanOrEqual(4.5);
    const navy = field('ChatBubbleColor', 'rgb(0,0,128)').settings;
    expect(navy.bubbleTextColor).toBe('rgb(255, 255, 255)');
    for (const bad of ['#ff0000', 'rgb(256,0,0)', 'rgb(1,2)', 'red', 12]) {
      const result = field('ChatBubbleColor', bad);
      expect(result.settings.bubbleColor).toBe(DEFAULT_SETTINGS.bubbleColor);
      expect(result.warning).toContain('ChatBubbleColor');
    }
  });

  it('UserMessageColor: own colour and text colour; defaults to the bubble colour', () => {
    const own = resolve({ ChatBubbleColor: 'rgb(0,0,128)', UserMessageColor: 'rgb(255,250,205)' }).settings;
    expect(own.userMessageColor).toBe('rgb(255, 250, 205)');
    expect(ratio(own.userMessageTextColor, own.userMessageColor)).toBeGreaterThanOrEqual(4.5);
    expect(own.userMessageTextColor).not.toBe('rgb(255, 255, 255)');
    const inherited = resolve({ ChatBubbleColor: 'rgb(0,0,128)' }).settings;
    expect(inherited.userMessageColor).toBe('rgb(0, 0, 128)');
    expect(inherited.userMessageTextColor).toBe('rgb(255, 255, 255)');
    expect(field('UserMessageColor', 'rgb(0,0)').warning).toContain('UserMessageColor');
  });

  it('SuggestedMessage: split on newlines, trimmed, empties dropped, deduped, capped', () => {
    expect(field('SuggestedMessage', ' Prices? \r\n\nOpening hours\nPrices?\r  \n Contact ').settings.suggestedMessages).toEqual([
      'Prices?',
      'Opening hours',
      'Contact',
    ]);
    const many = Array.from({ length: 10 }, (_, index) => `Question ${index}`).join('\n');
    const capped = field('SuggestedMessage', many);
    expect(capped.settings.suggestedMessages).toHaveLength(MAX_SUGGESTED_MESSAGES);
    expect(capped.settings.suggestedMessages[0]).toBe('Question 0');
    expect(capped.warning).toBeNull();
    expect(resolve(undefined, { SuggestedMessage: ['A', ' B ', 'A'] }).settings.suggestedMessages).toEqual(['A', 'B']);
    const wrong = field('SuggestedMessage', 42);
    expect(wrong.settings.suggestedMessages).toEqual([]);
    expect(wrong.warning).toContain('SuggestedMessage');
  });

  it('booleans: true/false only', () => {
    const names = [
      ['ChatbotPopupOnce', 'popupOnce'],
      ['EnableUploadImage', 'enableUploadImage'],
      ['EnablePushToTalk', 'enablePushToTalk'],
      ['RemoveChatLogOnBrowserClose', 'removeChatLogOnBrowserClose'],
    ] as const;
    for (const [name, key] of names) {
      expect(field(name, true).settings[key]).toBe(true);
      expect(field(name, false).settings[key]).toBe(false);
      const wrong = field(name, 'true');
      expect(wrong.settings[key]).toBe(false);
      expect(wrong.warning).toContain(`${name} (config): "true" is not true or false`);
      expect(field(name, 1).warning).toContain(name);
    }
  });

  it('privacy policy: name, safe URL and description; null when nothing is set', () => {
    expect(field('ChatbotPrivacyPolicyName', 'Our policy').settings.privacyPolicy).toEqual({
      name: 'Our policy',
      url: null,
      description: '',
    });
    const full = resolve({
      ChatbotPrivacyPolicyName: 'Policy',
      ChatbotPrivacyPolicyUrl: 'https://example.com/privacy',
      ChatbotPrivacyPolicyDescription: 'We keep chats 30 days.',
    }).settings.privacyPolicy;
    expect(full).toEqual({ name: 'Policy', url: 'https://example.com/privacy', description: 'We keep chats 30 days.' });
    expect(field('ChatbotPrivacyPolicyDescription', 'Only text').settings.privacyPolicy?.name).toBe(
      SETTING_TEXTS.privacyPolicy,
    );
    // A URL alone is still worth a link: it gets the default name rather than being lost.
    expect(field('ChatbotPrivacyPolicyUrl', 'https://example.com/p').settings.privacyPolicy).toEqual({
      name: SETTING_TEXTS.privacyPolicy,
      url: 'https://example.com/p',
      description: '',
    });
    const unsafe = resolve({ ChatbotPrivacyPolicyName: 'Policy', ChatbotPrivacyPolicyUrl: 'javascript:alert(1)' });
    expect(unsafe.settings.privacyPolicy).toEqual({ name: 'Policy', url: null, description: '' });
    expect(unsafe.warnings[0]).toContain('ChatbotPrivacyPolicyUrl');
    expect(resolve({}).settings.privacyPolicy).toBeNull();
  });

  it('contact links: SocialUrlOne, SocialUrlTwo, MessengerUrl with host labels; unsafe ones dropped with a warning', () => {
    const { settings, warnings } = resolve({
      SocialUrlOne: 'https://www.facebook.com/our-page',
      SocialUrlTwo: 'ftp://files.example.com',
      MessengerUrl: 'https://m.me/our-page',
    });
    expect(settings.contactLinks).toEqual([
      { kind: 'social', url: 'https://www.facebook.com/our-page', label: 'facebook.com' },
      { kind: 'messenger', url: 'https://m.me/our-page', label: 'm.me' },
    ]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('SocialUrlTwo');
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '/relative', 'facebook.com/page', 'mailto:a@b.co', 7]) {
      const result = field('SocialUrlOne', bad);
      expect(result.settings.contactLinks).toEqual([]);
      expect(result.warning).toContain('SocialUrlOne');
    }
  });

  it('talk to a person: needs a valid e-mail; message defaults', () => {
    expect(field('TalkToHumanEmail', ' help@example.co.uk ').settings.talkToHuman).toEqual({
      email: 'help@example.co.uk',
      responseMessage: SETTING_TEXTS.talkToHumanResponse,
    });
    expect(field('TalkToHumanEmail', 'mailto:help@example.com').settings.talkToHuman?.email).toBe('help@example.com');
    expect(
      resolve({ TalkToHumanEmail: 'a@b.io', TalkToHumanResponseMessage: 'Writing to Sam.' }).settings.talkToHuman,
    ).toEqual({ email: 'a@b.io', responseMessage: 'Writing to Sam.' });
    for (const bad of ['help', 'help@localhost', 'a@b.com?bcc=x@evil.com', 'a b@c.com', 'a@b.com,c@d.com', 3]) {
      const result = field('TalkToHumanEmail', bad);
      expect(result.settings.talkToHuman).toBeNull();
      expect(result.warning).toContain('TalkToHumanEmail');
    }
    expect(field('TalkToHumanResponseMessage', 'Only a message').settings.talkToHuman).toBeNull();
  });

  it('rate limit: both positive gives a limit; zero means none; negatives, fractions and wrong types warn', () => {
    expect(resolve({ RateLimitCount: 5, RateLimitTime: 60, RateLimitMessage: 'Slow down' }).settings.rateLimit).toEqual({
      count: 5,
      windowSeconds: 60,
      message: 'Slow down',
    });
    for (const [count, time] of [
      [0, 60],
      [5, 0],
      [5, undefined],
      [undefined, 60],
    ]) {
      const result = resolve({ RateLimitCount: count, RateLimitTime: time });
      expect(result.settings.rateLimit).toBeNull();
      expect(result.warnings).toEqual([]);
    }
    for (const [count, time, bad] of [
      [1.5, 60, 'RateLimitCount'],
      ['5', 60, 'RateLimitCount'],
      [5, Number.POSITIVE_INFINITY, 'RateLimitTime'],
      [-5, 60, 'RateLimitCount (config): -5 is not a whole number from 0 to'],
      [5, -1, 'RateLimitTime (config): -1 is not whole seconds from 0 to'],
      [5, 30 * 24 * 3600, 'RateLimitTime'],
    ] as const) {
      const result = resolve({ RateLimitCount: count, RateLimitTime: time });
      expect(result.settings.rateLimit).toBeNull();
      expect(result.warnings).toHaveLength(1);
      expect(result.warnings[0]).toContain(bad);
    }
  });

  it('MessageLimit: -1 or more; other values warn', () => {
    expect(field('MessageLimit', 500).settings.messageLimit).toBe(500);
    expect(field('MessageLimit', 0).settings.messageLimit).toBe(0);
    expect(field('MessageLimit', -1).settings.messageLimit).toBe(-1);
    for (const bad of [-2, 2.5, '100']) {
      const result = field('MessageLimit', bad);
      expect(result.settings.messageLimit).toBe(-1);
      expect(result.warning).toContain('MessageLimit');
    }
  });

  it('TimeZone: a zone Intl knows, else the visitor zone with a warning', () => {
    expect(field('TimeZone', 'Asia/Tokyo').settings.timeZone).toBe('Asia/Tokyo');
    expect(field('TimeZone', ' UTC ').settings.timeZone).toBe('UTC');
    for (const bad of ['Mars/Olympus_Mons', 'Tokyo time', 9]) {
      const result = field('TimeZone', bad);
      expect(result.settings.timeZone).toBeUndefined();
      expect(result.warning).toContain('TimeZone');
    }
  });
});

describe('resolveSettings: pictures', () => {
  it('takes ChatProfilePictureUrl and ChatIconUrl from the config, ignoring the file ids', () => {
    const { settings, warnings } = resolve({
      ChatProfilePicture: '101',
      ChatProfilePictureUrl: 'https://cdn.example/avatar.png',
      ChatIcon: '102',
      ChatIconUrl: 'https://cdn.example/icon.png',
    });
    expect(settings.avatarUrl).toBe('https://cdn.example/avatar.png');
    expect(settings.launcherIconUrl).toBe('https://cdn.example/icon.png');
    expect(warnings).toEqual([]);
  });

  it('prefers inline ChatProfilePicture / ChatIcon when they are http(s) URLs', () => {
    const { settings } = resolve(
      { ChatProfilePictureUrl: 'https://cdn.example/avatar.png', ChatIconUrl: 'https://cdn.example/icon.png' },
      { ChatProfilePicture: 'https://site.example/me.png', ChatIcon: 'https://site.example/bubble.svg' },
    );
    expect(settings.avatarUrl).toBe('https://site.example/me.png');
    expect(settings.launcherIconUrl).toBe('https://site.example/bubble.svg');
  });

  it('falls back to the config picture, with a warning, when the inline one is not an http(s) URL', () => {
    const { settings, warnings } = resolve(
      { ChatIconUrl: 'https://cdn.example/icon.png' },
      { ChatIcon: 'javascript:alert(1)', ChatProfilePicture: '12345' },
    );
    expect(settings.launcherIconUrl).toBe('https://cdn.example/icon.png');
    expect(settings.avatarUrl).toBeNull();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('ChatIcon (inline)');
    expect(warnings[0]).toContain('ChatProfilePicture (inline)');
  });

  it('drops unsafe config picture URLs and resolves relative ones against the service base URL', () => {
    const unsafe = resolve({ ChatIconUrl: 'data:image/svg+xml,<svg onload=alert(1)>' });
    expect(unsafe.settings.launcherIconUrl).toBeNull();
    expect(unsafe.warnings[0]).toContain('ChatIconUrl (config)');
    const relative = resolve({ ChatIconUrl: '/files/icon.png' }, undefined, { baseUrl: 'https://api.example/' });
    expect(relative.settings.launcherIconUrl).toBe('https://api.example/files/icon.png');
    expect(relative.warnings).toEqual([]);
    expect(resolve({ ChatIconUrl: '/files/icon.png' }).settings.launcherIconUrl).toBeNull();
  });
});

describe("resolveSettings: mount()'s texts", () => {
  it('give the defaults of unset settings; an empty one keeps the English default, except an empty welcome: none', () => {
    const texts = { botName: 'Assistent', placeholder: 'Ihre Frage…', privacyPolicy: 'Datenschutz', welcome: 'Hallo!' };
    const german = resolveSettings({ ChatbotPrivacyPolicyUrl: 'https://a.example/p' }, undefined, () => undefined, { texts });
    expect([german.name, german.placeholder, german.privacyPolicy?.name, german.welcomeMessage]).toEqual([
      'Assistent', 'Ihre Frage…', 'Datenschutz', 'Hallo!',
    ]);
    const set = resolveSettings({ Name: 'Harbor Bot', WelcomeMessage: 'Hi' }, undefined, () => undefined, { texts });
    expect([set.name, set.welcomeMessage]).toEqual(['Harbor Bot', 'Hi']);
    const empty = resolveSettings(undefined, undefined, () => undefined, { texts: { botName: '', placeholder: '', welcome: '' } });
    expect([empty.name, empty.placeholder, empty.welcomeMessage]).toEqual([SETTING_TEXTS.botName, SETTING_TEXTS.placeholder, '']);
  });
});

describe('DEFAULT_SETTINGS', () => {
  it('is frozen and not shared with resolved settings', () => {
    expect(Object.isFrozen(DEFAULT_SETTINGS)).toBe(true);
    const resolved = resolve().settings;
    resolved.suggestedMessages.push('x');
    resolved.contactLinks.push({ kind: 'social', url: 'https://x.example/', label: 'x.example' });
    expect(() => (DEFAULT_SETTINGS.suggestedMessages as string[]).push('x')).toThrow(TypeError);
    expect(DEFAULT_SETTINGS.suggestedMessages).toEqual([]);
    expect(DEFAULT_SETTINGS.contactLinks).toEqual([]);
  });
});

describe("README's account of the settings", () => {
  /**
   * Every setting of service-api.md 2.2 (the compiler holds this list to ChatbotSettings: a new setting must be
   * added here, and then to the README). serialNumber names the chatbot and is no setting of its look or behaviour.
   */
  const SETTINGS: Record<Exclude<keyof ChatbotSettings, 'serialNumber'>, true> = {
    Name: true, Model: true, SystemMessage: true, Temperature: true, TimeZone: true, AnswerSuffix: true,
    ChatProfilePicture: true, ChatIcon: true, ChatBubbleAlign: true, ChatBubbleColor: true, ChatbotPopupOnce: true,
    ChatbotPrivacyPolicyDescription: true, ChatbotPrivacyPolicyName: true, ChatbotPrivacyPolicyUrl: true,
    EnablePushToTalk: true, EnableUploadImage: true, SocialUrlOne: true, SocialUrlTwo: true, MessengerUrl: true,
    RemoveChatLogOnBrowserClose: true, SuggestedMessage: true, TalkToHumanEmail: true, TalkToHumanResponseMessage: true,
    UserInputPlaceholder: true, UserMessageColor: true, WelcomeMessage: true, VerifyDomain: true, Domains: true,
    RateLimitCount: true, RateLimitMessage: true, RateLimitTime: true, CustomDomain: true, EmailForDailyChatLogs: true,
    EmailForDailyLeads: true, AIResponseLanguage: true, MessageLimit: true,
  };

  it('says of every setting what it does in the widget, or that the widget leaves it to the service', () => {
    const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
    const start = readme.indexOf('### What the chatbot settings do in the widget');
    const section = readme.slice(start, readme.indexOf('\n### ', start + 1));
    expect(start).toBeGreaterThan(0);
    expect(Object.keys(SETTINGS).filter((name) => !section.includes(`\`${name}\``))).toEqual([]);
  });
});
