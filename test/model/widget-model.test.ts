import { describe, expect, it } from 'vitest';
import { effect } from '@preact/signals-core';
import type { ChatbotSettings } from '../../src/api/types';
import { createConversation } from '../../src/model/conversation';
import { openStore } from '../../src/model/storage';
import type { WidgetMode } from '../../src/model/types';
import { MAX_MAILTO_TRANSCRIPT } from '../../src/model/transcript';
import { createWidgetModel, formatClientTime, type WidgetModelHandle } from '../../src/model/widget-model';
import { createFakeClient, type FakeClient } from '../helpers/fake-client';
import { FakeStorage } from '../helpers/fake-storage';
import { createFakeClock, type FakeClock } from '../helpers/fake-time';
import { settle, type EmittedEvent } from '../helpers/conversation-harness';
import { countIntl, restoreIntl } from '../helpers/intl';

interface ModelHarness {
  model: WidgetModelHandle;
  fake: FakeClient;
  local: FakeStorage;
  session: FakeStorage;
  clock: FakeClock;
  events: EmittedEvent[];
  warnings: string[];
  conversationLoads: number;
  /** The `storage` event listeners the model has on its window. */
  storageListeners: Set<unknown>;
}

interface Options {
  mode?: WidgetMode;
  inline?: Partial<ChatbotSettings>;
  config?: Partial<ChatbotSettings>;
  local?: FakeStorage;
  session?: FakeStorage;
  open?: boolean;
  configError?: Error;
}

function createModel(options: Options = {}): ModelHarness {
  const fake = createFakeClient();
  if (options.config) fake.config = { ...fake.config, ...options.config };
  if (options.configError) fake.configError = options.configError;
  const local = options.local ?? new FakeStorage();
  const session = options.session ?? new FakeStorage();
  const clock = createFakeClock();
  const storageListeners = new Set<unknown>();
  const source = {
    localStorage: local,
    sessionStorage: session,
    addEventListener: (_type: 'storage', listener: unknown) => storageListeners.add(listener),
    removeEventListener: (_type: 'storage', listener: unknown) => storageListeners.delete(listener),
  };
  const harness: Partial<ModelHarness> &
    Pick<ModelHarness, 'events' | 'warnings' | 'conversationLoads' | 'storageListeners'> = {
    events: [],
    warnings: [],
    conversationLoads: 0,
    storageListeners,
  };
  const model = createWidgetModel({
    serialNumber: 'demo-realty',
    mode: options.mode ?? 'floating',
    ...(options.inline ? { inlineSettings: options.inline } : {}),
    ...(options.open ? { open: true } : {}),
    baseUrl: 'https://chat.example.test',
    fetchConfig: (request, signal) => fake.client.getConfig(request, { signal }),
    loadConversation: async (deps) => {
      harness.conversationLoads += 1;
      return createConversation({ ...deps, client: fake.client });
    },
    visitorStore: openStore('local', 'cw:demo-realty', source),
    chatStore: (kind) => openStore(kind, 'cw:demo-realty:chat', source),
    emit: (name, payload) => harness.events.push({ name, payload }),
    warn: (message) => harness.warnings.push(message),
    clock,
  });
  return Object.assign(harness, { model, fake, local, session, clock }) as ModelHarness;
}

/** The visitor's zone GetConfig is asked with: the browser's (Intl's answer, which Temporal's matches). */
const BROWSER_ZONE = new Intl.DateTimeFormat().resolvedOptions().timeZone;

const eventNames = (events: EmittedEvent[]): string[] => events.map((event) => event.name);

describe('widget model: settings', () => {
  it('a repeat visit makes no Intl.DateTimeFormat before the chat opens: zone and TimeZone check come from storage', async () => {
    const local = new FakeStorage();
    const config = { TimeZone: 'America/New_York' };
    const first = createModel({ local, config });
    await settle();
    expect(first.fake.configRequests[0]?.clientTimeZone).toBe(BROWSER_ZONE);
    first.model.dispose();

    const intl = countIntl();
    try {
      const second = createModel({ local, config });
      await settle();
      expect(second.fake.configRequests[0]?.clientTimeZone).toBe(BROWSER_ZONE);
      expect(second.model.settings.value.timeZone).toBe('America/New_York');
      expect(intl.count()).toBe(0);
      second.model.dispose();
    } finally {
      restoreIntl();
    }
  });

  it('asks GetConfig with the visitor time zone and local time, then is ready with resolved settings', async () => {
    const { model, fake, events } = createModel({ config: { Name: 'Realty Bot', ChatBubbleColor: 'rgb(200,30,30)' } });
    expect(model.config.value).toEqual({ status: 'loading' });
    expect(fake.configRequests).toHaveLength(1);
    expect(fake.configRequests[0]).toMatchObject({ serialNumber: 'demo-realty', clientTimeZone: BROWSER_ZONE });
    expect(fake.configRequests[0]?.clientCurrentTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await settle();
    expect(model.config.value).toEqual({ status: 'ready' });
    expect(model.settings.value.name).toBe('Realty Bot');
    expect(model.settings.value.bubbleColor).toBe('rgb(200, 30, 30)');
    expect(events).toEqual([{ name: 'ready', payload: { settings: model.settings.value } }]);
  });

  it('formats the client time as YYYY-MM-DD HH:mm:ss', () => {
    expect(formatClientTime(new Date(2025, 2, 4, 5, 6, 7))).toBe('2025-03-04 05:06:07');
  });

  it('paints a returning visitor in the cached colours at once, then refreshes in the background', async () => {
    const first = createModel({ config: { Name: 'Old name', ChatBubbleColor: 'rgb(10,120,60)' } });
    await settle();
    const cached = first.local.json('cw:demo-realty:config') as Record<string, unknown>;
    expect(cached.Name).toBe('Old name');
    expect(cached).not.toHaveProperty('SessionID');
    expect(cached).not.toHaveProperty('SessionKey');

    const second = createModel({ local: first.local, config: { Name: 'New name', ChatBubbleColor: 'rgb(10,120,60)' } });
    expect(second.model.settings.value.bubbleColor).toBe('rgb(10, 120, 60)');
    expect(second.model.settings.value.name).toBe('Old name');
    expect(second.model.config.value.status).toBe('loading');
    await settle();
    expect(second.model.settings.value.name).toBe('New name');
  });

  it('lets inline settings win over GetConfig', async () => {
    const { model } = createModel({ config: { Name: 'Service name', WelcomeMessage: 'From service' }, inline: { Name: 'Inline name' } });
    await settle();
    expect(model.settings.value.name).toBe('Inline name');
    expect(model.settings.value.welcomeMessage).toBe('From service');
  });

  it('warns once about an invalid setting, even though settings resolve twice', async () => {
    const first = createModel({ config: { ChatBubbleColor: 'blue' } });
    await settle();
    const second = createModel({ local: first.local, config: { ChatBubbleColor: 'blue' } });
    await settle();
    expect(second.warnings).toHaveLength(1);
    expect(second.warnings[0]).toContain('ChatBubbleColor');
    expect(second.model.settings.value.bubbleColor).toBe(first.model.settings.value.bubbleColor);
  });

  it('does not warn again when GetConfig brings the same invalid setting again (a Retry of the config)', async () => {
    const { model, warnings, fake } = createModel({ config: { ChatBubbleColor: 'blue' } });
    await settle();
    expect(warnings).toHaveLength(1);
    model.reloadConfig();
    await settle();
    expect(fake.configRequests).toHaveLength(2);
    expect(warnings).toHaveLength(1);
  });

  it('warns about the config as it is now: not about values the operator fixed since the stored copy', async () => {
    const first = createModel({ config: { ChatBubbleColor: 'blue', UserMessageColor: 'green' } });
    await settle();
    expect(first.warnings).toHaveLength(1);
    const fixedOne = createModel({ local: first.local, config: { ChatBubbleColor: 'blue', UserMessageColor: 'rgb(0,0,0)' } });
    await settle();
    expect(fixedOne.warnings).toHaveLength(1);
    expect(fixedOne.warnings[0]).toContain('ChatBubbleColor');
    expect(fixedOne.warnings[0]).not.toContain('UserMessageColor');
    const allFixed = createModel({ local: first.local, config: { ChatBubbleColor: 'rgb(1,2,3)', UserMessageColor: 'rgb(0,0,0)' } });
    await settle();
    expect(allFixed.warnings).toEqual([]);
  });

  it('when GetConfig fails, the stored config and inline settings are still checked, with one warning', async () => {
    const first = createModel({ config: { ChatBubbleColor: 'blue' } });
    await settle();
    const offline = createModel({ local: first.local, inline: { MessageLimit: -7 }, configError: new Error('offline') });
    await settle();
    expect(offline.warnings).toHaveLength(1);
    expect(offline.warnings[0]).toMatch(/ChatBubbleColor[\s\S]*MessageLimit \(inline\)/);
  });

  it('configKnown: false on a first visit until GetConfig answers, and stays false when it fails', async () => {
    const first = createModel({ config: { Name: 'Realty Bot' } });
    expect(first.model.configKnown.value).toBe(false);
    await settle();
    expect(first.model.configKnown.value).toBe(true);

    const failing = createModel({ configError: new Error('offline') });
    await settle();
    expect(failing.model.config.value.status).toBe('failed');
    expect(failing.model.configKnown.value).toBe(false);
  });

  it('configKnown is true at once when a config from an earlier visit is cached', async () => {
    const first = createModel();
    await settle();
    const second = createModel({ local: first.local });
    expect(second.model.config.value.status).toBe('loading');
    expect(second.model.configKnown.value).toBe(true);
  });

  it('updateSettings replaces the inline settings over the config it has, without asking GetConfig again', async () => {
    const { model, fake } = createModel({ config: { Name: 'Service name', WelcomeMessage: 'From service' }, inline: { Name: 'Inline name' } });
    await settle();
    model.updateSettings({ WelcomeMessage: 'Edited welcome', ChatBubbleColor: 'rgb(0,100,0)' });
    expect(model.settings.value.welcomeMessage).toBe('Edited welcome');
    expect(model.settings.value.bubbleColor).toBe('rgb(0, 100, 0)');
    expect(model.settings.value.name).toBe('Service name'); // no longer given inline: the config's again
    model.updateSettings(undefined);
    expect(model.settings.value.welcomeMessage).toBe('From service');
    expect(fake.configRequests).toHaveLength(1);
    expect(model.config.value.status).toBe('ready');
  });

  it('updateSettings before GetConfig answers keeps the new inline values once it does', async () => {
    const first = createModel({ config: { Name: 'Cached name' } });
    await settle();
    const { model } = createModel({ local: first.local, config: { Name: 'Fresh name', WelcomeMessage: 'Fresh welcome' } });
    model.updateSettings({ WelcomeMessage: 'Mine' });
    expect(model.settings.value).toMatchObject({ name: 'Cached name', welcomeMessage: 'Mine' });
    await settle();
    expect(model.settings.value).toMatchObject({ name: 'Fresh name', welcomeMessage: 'Mine' });
  });

  it('updateSettings warns once per call about invalid values, which fall back to their defaults', async () => {
    const { model, warnings } = createModel({ config: { ChatBubbleColor: 'rgb(10,120,60)' } });
    await settle();
    expect(warnings).toEqual([]);
    model.updateSettings({ ChatBubbleColor: 'blue', MessageLimit: 1.5 });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/ChatBubbleColor \(inline\)[\s\S]*MessageLimit \(inline\)/);
    expect(model.settings.value.bubbleColor).toBe('rgb(37, 99, 235)');
    model.updateSettings({ ChatBubbleColor: 'blue', MessageLimit: 1.5 });
    expect(warnings).toHaveLength(2);
    model.updateSettings({ ChatBubbleColor: 'rgb(1,2,3)' });
    expect(warnings).toHaveLength(2);
    expect(model.settings.value.bubbleColor).toBe('rgb(1, 2, 3)');
  });

  it('reports a failed GetConfig, and tries again on reloadConfig', async () => {
    const offline = new Error('offline');
    const { model, fake, events } = createModel({ configError: offline });
    await settle();
    // The failure itself: the panel words it in the widget's texts (src/model/failures.ts).
    expect(model.config.value).toEqual({ status: 'failed', error: offline });
    const message = 'The chat could not be loaded. Check your connection and try again.';
    expect(events).toEqual([{ name: 'error', payload: { message, kind: 'unknown' } }]);
    fake.configError = null;
    model.reloadConfig();
    expect(model.config.value.status).toBe('loading');
    await settle();
    expect(model.config.value.status).toBe('ready');
    expect(eventNames(events)).toEqual(['error', 'ready']);
  });
});

describe('widget model: open, close and the welcome popup', () => {
  it('opens, closes and toggles with events, and loads the conversation on first open', async () => {
    const harness = createModel();
    const { model, events } = harness;
    expect(model.isOpen.value).toBe(false);
    expect(model.conversation.loaded.value).toBe(false);
    model.open();
    model.open();
    expect(model.isOpen.value).toBe(true);
    await settle();
    expect(model.conversation.loaded.value).toBe(true);
    model.toggle();
    expect(model.isOpen.value).toBe(false);
    model.toggle();
    model.close();
    expect(eventNames(events).filter((name) => name !== 'ready')).toEqual(['open', 'close', 'open', 'close']);
    expect(harness.conversationLoads).toBe(1);
  });

  it('prefetch loads the conversation without opening', async () => {
    const harness = createModel();
    harness.model.prefetch();
    harness.model.prefetch();
    await settle();
    expect(harness.conversationLoads).toBe(1);
    expect(harness.model.isOpen.value).toBe(false);
  });

  it('inline mode is always open and has no popup', async () => {
    const { model, events } = createModel({ mode: 'inline', config: { WelcomeMessage: 'Hello!' } });
    expect(model.isOpen.value).toBe(true);
    model.close();
    await settle();
    expect(model.isOpen.value).toBe(true);
    expect(model.popup.value).toBeNull();
    expect(model.conversation.loaded.value).toBe(true);
    expect(eventNames(events)).toEqual(['ready']);
  });

  it('shows the welcome popup on every visit without ChatbotPopupOnce, until opened or dismissed', async () => {
    const first = createModel({ config: { WelcomeMessage: 'Need help finding a home?' } });
    expect(first.model.popup.value).toBeNull(); // not before the settings are known
    await settle();
    expect(first.model.popup.value).toBe('Need help finding a home?');
    first.model.open();
    expect(first.model.popup.value).toBeNull();
    first.model.close();
    expect(first.model.popup.value).toBeNull();

    const second = createModel({ local: first.local, config: { WelcomeMessage: 'Need help finding a home?' } });
    expect(second.model.popup.value).toBe('Need help finding a home?'); // cached settings: at once
    second.model.dismissPopup();
    expect(second.model.popup.value).toBeNull();
  });

  it('with ChatbotPopupOnce shows the popup on the first visit only', async () => {
    const first = createModel({ config: { WelcomeMessage: 'Hi there', ChatbotPopupOnce: true } });
    await settle();
    expect(first.model.popup.value).toBe('Hi there');
    const second = createModel({ local: first.local, config: { WelcomeMessage: 'Hi there', ChatbotPopupOnce: true } });
    await settle();
    expect(second.model.popup.value).toBeNull();
    // Once per visitor even when the chat log lives in session storage.
    const third = createModel({
      local: first.local,
      session: new FakeStorage(),
      config: { WelcomeMessage: 'Hi there', ChatbotPopupOnce: true, RemoveChatLogOnBrowserClose: true },
    });
    await settle();
    expect(third.model.popup.value).toBeNull();
  });

  it('shows no popup when the config could not be loaded or the widget starts open', async () => {
    const failed = createModel({ configError: new Error('down') });
    await settle();
    expect(failed.model.popup.value).toBeNull();
    const open = createModel({ open: true, config: { WelcomeMessage: 'Hi' } });
    await settle();
    expect(open.model.isOpen.value).toBe(true);
    open.model.close();
    expect(open.model.popup.value).toBeNull();
  });
});

describe('widget model: sessions and conversation', () => {
  it('asks in the session GetConfig brought, and a new conversation gets a fresh one from GetConfig', async () => {
    const { model, fake } = createModel();
    await settle();
    const sent = model.conversation.send('First');
    const ask = await fake.nextAsk();
    expect(ask.request.sessionID).toBe(501);
    expect(fake.configRequests).toHaveLength(1);
    ask.finish('One');
    await sent;
    expect(model.conversation.messages.value).toHaveLength(2);

    model.conversation.newConversation();
    await settle();
    expect(model.conversation.messages.value).toEqual([]);
    expect(fake.configRequests).toHaveLength(2);
    void model.conversation.send('Second');
    expect((await fake.nextAsk()).request.sessionID).toBe(502);
  });

  it('destroyed while the conversation code loads: the late conversation neither listens nor writes, and the send fails', async () => {
    const { model, fake, local, storageListeners } = createModel();
    await settle();
    const sent = model.conversation.send('Sent just before destroy()');
    model.dispose();
    await expect(sent).resolves.toEqual({ ok: false, reason: 'failed' });
    await settle();
    expect(storageListeners.size).toBe(0);
    expect(fake.asks).toHaveLength(0);
    expect([...local.items.keys()].filter((key) => key.includes(':chat'))).toEqual([]);
  });

  it('a stored session the service refuses (401) is replaced by a new GetConfig, not by the page-load session kept unused', async () => {
    const local = new FakeStorage();
    local.setItem('cw:demo-realty:chat:session', JSON.stringify({ id: 7, key: 'stored' }));
    const { model, fake } = createModel({ local });
    await settle(); // GetConfig at page load brought session 501, kept for a new conversation
    const sent = model.conversation.send('Back after a while');
    const refused = await fake.nextAsk();
    expect(refused.request.sessionID).toBe(7);
    // The service forgot every session (a restart): 501, as old as the page, is gone too.
    refused.fail('http', 'HTTP 401', { status: 401, serviceMessage: 'Unknown or expired session key' });
    const retried = await fake.nextAsk();
    expect(fake.configRequests).toHaveLength(2);
    expect(retried.request.sessionID).toBe(502);
    retried.finish('Welcome back.');
    await expect(sent).resolves.toEqual({ ok: true });
  });

  it('the page-load session, kept unused until the service forgot it (HTTP 401), is replaced by a new GetConfig', async () => {
    const { model, fake } = createModel();
    await settle(); // GetConfig at page load brought session 501; the tab then stayed open for hours
    const sent = model.conversation.send('Hello after lunch');
    const refused = await fake.nextAsk();
    expect(refused.request.sessionID).toBe(501);
    refused.fail('http', 'HTTP 401', { status: 401, serviceMessage: 'Unknown or expired session key' });
    const retried = await fake.nextAsk();
    expect(fake.configRequests).toHaveLength(2);
    expect(retried.request.sessionID).toBe(502);
    retried.finish('Hello!');
    await expect(sent).resolves.toEqual({ ok: true });
  });

  it('a question sent while GetConfig is still loading waits for its session', async () => {
    const { model, fake } = createModel();
    const sent = model.conversation.send('Early question');
    const ask = await fake.nextAsk();
    expect(ask.request.sessionID).toBe(501);
    expect(fake.configRequests).toHaveLength(1);
    ask.finish('ok');
    await expect(sent).resolves.toEqual({ ok: true });
  });

  it('sending after GetConfig failed tries GetConfig again, "Connecting…" rather than "unavailable" meanwhile', async () => {
    const { model, fake } = createModel({ configError: new Error('down') });
    await settle();
    const statuses: string[] = [];
    const stopWatching = effect(() => {
      statuses.push(model.config.value.status);
    });
    fake.configError = null;
    const sent = model.conversation.send('Anyone?');
    const ask = await fake.nextAsk();
    stopWatching();
    expect(fake.configRequests).toHaveLength(2);
    expect(statuses).toEqual(['failed', 'loading', 'ready']);
    ask.finish('Yes');
    await expect(sent).resolves.toEqual({ ok: true });
  });

  it('talk to a person adds the response message with a mailto link carrying the transcript', async () => {
    const { model, fake } = createModel({
      config: { Name: 'Realty Bot', TalkToHumanEmail: 'agents@realty.test', TalkToHumanResponseMessage: 'An agent will reply.' },
    });
    await settle();
    const sent = model.conversation.send('I want to see the loft');
    (await fake.nextAsk()).finish('Sure & welcome');
    await sent;
    model.talkToHuman();
    await settle();
    const notice = model.conversation.messages.value.at(-1);
    expect(notice?.role).toBe('notice');
    expect(notice?.text.value).toBe('An agent will reply.');
    const mailto = new URL(notice?.mailto ?? '');
    expect(mailto.protocol).toBe('mailto:');
    expect(mailto.pathname).toBe('agents@realty.test');
    expect(mailto.searchParams.get('subject')).toBe('Conversation with Realty Bot');
    expect(mailto.searchParams.get('body')).toBe('You: I want to see the loft\n\nRealty Bot: Sure & welcome');
  });

  it('talk to a person still works when the transcript is cut where an emoji is (the cut never splits it)', async () => {
    const { model, fake } = createModel({ config: { TalkToHumanEmail: 'agents@realty.test' } });
    await settle();
    for (const question of ['😀'.repeat(1500), 'a']) {
      const sent = model.conversation.send(question);
      (await fake.nextAsk()).finish('Ok');
      await sent;
      model.talkToHuman();
      await settle();
      const notice = model.conversation.messages.value.at(-1);
      expect(notice?.role).toBe('notice');
      const body = new URL(notice?.mailto ?? '').searchParams.get('body') ?? '';
      expect(body.startsWith('…')).toBe(true);
      expect(body.length).toBeLessThanOrEqual(MAX_MAILTO_TRANSCRIPT + 1);
      expect(body).not.toContain('\uFFFD');
      expect(body.endsWith('Ok')).toBe(true);
    }
  });

  it('talk to a person still works when an answer or the name holds half an emoji (an answer stopped between the halves)', async () => {
    const { model, fake } = createModel({ config: { Name: 'Realty Bot \udc00', TalkToHumanEmail: 'agents@realty.test' } });
    await settle();
    const sent = model.conversation.send('Any pools?');
    (await fake.nextAsk()).finish('Two with a pool \ud83c');
    await sent;
    model.talkToHuman();
    await settle();
    const notice = model.conversation.messages.value.at(-1);
    expect(notice?.role).toBe('notice');
    const mailto = new URL(notice?.mailto ?? '');
    expect(mailto.searchParams.get('subject')).toBe('Conversation with Realty Bot ');
    expect(mailto.searchParams.get('body')).toBe('You: Any pools?\n\nRealty Bot : Two with a pool ');
  });

  it('dispose aborts a running answer and keeps what arrived for the next page', async () => {
    const first = createModel();
    first.model.open();
    await settle();
    void first.model.conversation.send('Question');
    const ask = await first.fake.nextAsk();
    ask.chunk('Partial');
    first.clock.advance(100); // no animation frames in Node: the timer fallback flushes
    expect(first.model.conversation.messages.value[1]?.text.value).toBe('Partial');
    first.model.dispose();
    expect(ask.signal?.aborted).toBe(true);

    const second = createModel({ local: first.local });
    second.model.open();
    await settle();
    const restored = second.model.conversation.messages.value;
    expect(restored.map((m) => m.status.value)).toEqual(['sent', 'interrupted']);
    expect(restored[1]?.text.value).toBe('Partial');
  });
});
