/** mount() in a DOM (happy-dom): hosts, shadow roots, theme, events, options, storage and a complete destroy. */
import { describe, expect, it, vi } from 'vitest';
import { CONFIG_TIMEOUT_MS } from '../src/model/get-config';
import { mount, type Widget } from '../src/widget';
import { bytes, createFakeFetch, envelopeResponse, streamResponse, type FakeFetch } from './helpers/fake-fetch';
import { destroyedAfterEach } from './helpers/mounted-widgets';

const CONFIG = { Name: 'Harbor Bot', ChatBubbleColor: 'rgb(200,30,30)', WelcomeMessage: 'Hello!', SessionID: 1, SessionKey: 'k1' };
const mounted = destroyedAfterEach();

function configFetch(config: Record<string, unknown> = CONFIG): FakeFetch {
  return createFakeFetch(() => envelopeResponse(config));
}

function start(options: Partial<Parameters<typeof mount>[0]> = {}, fake = configFetch()): Widget {
  const widget = mount({ serialNumber: 'demo-realty', baseUrl: 'https://chat.example.test', fetch: fake.fetch, ...options });
  mounted.push(widget);
  return widget;
}

/** What a signed-in visitor left stored: a conversation, its session and a half-typed question. */
function storeSignedInConversation(): void {
  const kept = JSON.stringify([
    { id: 'old-1', role: 'user', status: 'sent', createdAt: Date.now() - 60_000, text: 'My account number is 42' },
    { id: 'old-2', role: 'assistant', status: 'done', createdAt: Date.now() - 50_000, text: 'Noted.' },
  ]);
  localStorage.setItem('cw:demo-realty:chat:messages', kept);
  localStorage.setItem('cw:demo-realty:chat:session', JSON.stringify({ id: 7, key: 'old-key' }));
  localStorage.setItem('cw:demo-realty:chat:draft', JSON.stringify('half a question'));
}

const hosts = (): HTMLElement[] => [...document.querySelectorAll<HTMLElement>('chatbot-widget-host')];
// The first open imports the panel module, which vitest transforms then: on a busy machine that took over 1 s,
// vi.waitFor's default.
const until = (check: () => boolean): Promise<void> => vi.waitFor(() => expect(check()).toBe(true), { timeout: 5_000 });

describe('mount', () => {
  it('puts a floating launcher in its own shadow root after the body, themed through CSS variables on the host', async () => {
    const ready = vi.fn();
    const widget = start();
    widget.on('ready', ready);
    const [host] = hosts();
    // After <body>, not in it: a page's transform on its body would hold the fixed launcher (browser test).
    expect(host?.parentElement).toBe(document.documentElement);
    expect(host?.previousElementSibling).toBe(document.body);
    const launcher = host?.shadowRoot?.querySelector('.cw-launcher');
    expect(launcher?.getAttribute('aria-label')).toBe('Open chat with Chat assistant');
    await until(() => ready.mock.calls.length === 1);
    expect(ready.mock.calls[0]?.[0].settings.name).toBe('Harbor Bot');
    expect(launcher?.getAttribute('aria-label')).toBe('Open chat with Harbor Bot');
    // The widget's words are English on any page; the welcome is the chatbot's, in the page's language.
    expect(launcher?.getAttribute('lang')).toBe('en');
    expect(host?.shadowRoot?.querySelector('.cw-popup__dismiss')?.getAttribute('lang')).toBe('en');
    expect(host?.shadowRoot?.querySelector('.cw-popup__text')?.closest('[lang]')).toBeNull();
    expect(host?.style.getPropertyValue('--cw-accent')).toBe('rgb(200, 30, 30)');
    expect(host?.style.getPropertyValue('--cw-z-index')).toBe('2147483000');
    expect(host?.getAttribute('style') ?? '').not.toContain('rgb(200,30,30)'); // set through CSSOM, normalised
  });

  it('inline mode renders the panel into the target, with no launcher', async () => {
    const target = document.createElement('section');
    document.body.append(target);
    start({ target });
    const [host] = hosts();
    expect(host?.parentElement).toBe(target);
    expect(host?.shadowRoot?.querySelector('.cw-launcher')).toBeNull();
    // Part of the page: a region named by its title, not a dialog.
    await until(() => host?.shadowRoot?.querySelector('.cw-panel[role="region"]') !== null);
    expect(host?.shadowRoot?.querySelector('[role="dialog"]')).toBeNull();
  });

  it('emits open and close, loads the panel on open, and applies zIndex', async () => {
    const events: string[] = [];
    const widget = start({ zIndex: 50 });
    widget.on('open', () => events.push('open'));
    const stop = widget.on('close', () => events.push('close'));
    const [host] = hosts();
    expect(host?.style.getPropertyValue('--cw-z-index')).toBe('50');
    widget.open();
    await until(() => host?.shadowRoot?.querySelector('[role="dialog"]') !== null);
    widget.toggle();
    stop();
    widget.open();
    widget.close();
    expect(events).toEqual(['open', 'close', 'open']);
  });

  it('gives two widgets their own host, shadow root and storage', async () => {
    const first = configFetch({ ...CONFIG, Name: 'First' });
    const second = configFetch({ ...CONFIG, Name: 'Second', ChatBubbleColor: 'rgb(0,120,0)' });
    start({ serialNumber: 'bot-one' }, first);
    start({ serialNumber: 'bot-two' }, second);
    const [a, b] = hosts();
    expect(a?.shadowRoot).not.toBe(b?.shadowRoot);
    await until(() => a?.style.getPropertyValue('--cw-accent') === 'rgb(200, 30, 30)');
    await until(() => b?.style.getPropertyValue('--cw-accent') === 'rgb(0, 120, 0)');
    expect(Object.keys(localStorage).sort()).toEqual(['cw:bot-one:config', 'cw:bot-one:time-zones', 'cw:bot-two:config', 'cw:bot-two:time-zones']);
  });

  it("with storage 'none' keeps nothing in the browser's storage", async () => {
    const ready = vi.fn();
    start({ storage: 'none' }).on('ready', ready);
    await until(() => ready.mock.calls.length === 1);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });

  it("with storage 'none', a widget mounted again on the page (a route change) finds the conversation and the draft", async () => {
    const fake = createFakeFetch((request) =>
      request.url.endsWith('/GetConfig')
        ? envelopeResponse(CONFIG)
        : streamResponse({ chunks: [bytes('data: {"content":"Three homes."}\n\n'), bytes('data: {"QuestionID":1,"AnswerID":2,"Answer":"Three homes.","TotalToken":3}\n\n')] }),
    );
    const first = start({ serialNumber: 'memory-only', storage: 'none', open: true }, fake);
    await expect(first.send('Homes in Austin?')).resolves.toEqual({ ok: true });
    const field = async (): Promise<HTMLTextAreaElement> => {
      const shadow = hosts().at(-1)?.shadowRoot;
      await until(() => shadow?.querySelector('textarea') != null);
      return shadow!.querySelector('textarea')!;
    };
    const typed = await field();
    typed.value = 'And in Porto?';
    typed.dispatchEvent(new Event('input', { bubbles: true }));
    first.destroy();
    start({ serialNumber: 'memory-only', storage: 'none', open: true }, fake);
    const shadow = hosts().at(-1)?.shadowRoot;
    await until(() => shadow?.textContent?.includes('Three homes.') === true);
    expect(shadow?.textContent).toContain('Homes in Austin?');
    expect((await field()).value).toBe('And in Porto?');
    expect(localStorage.length + sessionStorage.length).toBe(0);
  });

  it('refuses bad options with a clear error and leaves nothing behind', () => {
    const fetch = configFetch().fetch;
    expect(() => mount({ serialNumber: '', baseUrl: 'https://a.test', fetch })).toThrow(/serialNumber \(the chatbot id\) is required/);
    expect(() => mount({ serialNumber: 'x', baseUrl: ' ', fetch })).toThrow(/baseUrl/);
    expect(() => mount({ serialNumber: 'x', baseUrl: 'https://a.test', zIndex: 1.5, fetch })).toThrow(/zIndex/);
    expect(() => mount({ serialNumber: 'x', baseUrl: 'https://a.test', storage: 'cookies' as 'none', fetch })).toThrow(/storage/);
    expect(() => mount({ serialNumber: 'x', baseUrl: 'https://a.test', target: 'main' as unknown as Element, fetch })).toThrow(/target/);
    // A container that was not found (getElementById gave null) is an error, not a floating launcher.
    expect(() => mount({ serialNumber: 'x', baseUrl: 'https://a.test', target: null as unknown as Element, fetch })).toThrow(
      'chatbot-widget mount(): target must be an element, not null.',
    );
    // The same check as update() and the element's settings property.
    expect(() => mount({ serialNumber: 'x', baseUrl: 'https://a.test', settings: 'Name' as unknown as {}, fetch })).toThrow(
      'chatbot-widget mount(): settings must be an object.',
    );
    // A wrong fetch or paths value fails here, not as "Could not reach the chat service" at the first question.
    expect(() => mount({ serialNumber: 'x', baseUrl: 'https://a.test', fetch: 'fetch' as unknown as typeof fetch })).toThrow(
      'chatbot-widget mount(): fetch must be a function.',
    );
    expect(() => mount({ serialNumber: 'x', baseUrl: 'https://a.test', paths: { ask: 42 } as unknown as { ask: string }, fetch })).toThrow(
      'chatbot-widget mount(): paths must be an object of strings.',
    );
    expect(() => mount({ serialNumber: 'x', baseUrl: 'https://a.test', paths: '/ask' as unknown as {}, fetch })).toThrow(
      'chatbot-widget mount(): paths must be an object of strings.',
    );
    for (const baseUrl of ['javascript:alert(1)', 'ftp://files.example.test/']) {
      expect(() => mount({ serialNumber: 'x', baseUrl, fetch })).toThrow(`baseUrl "${baseUrl}" is not an http(s) URL.`);
    }
    expect(hosts()).toEqual([]);
  });

  it('open on a first visit before GetConfig answers: a neutral panel, then the chatbot name and welcome', async () => {
    let answer: (response: Response) => void = () => undefined;
    const held = createFakeFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    start({ open: true }, held);
    const shadow = hosts()[0]?.shadowRoot;
    await until(() => shadow?.querySelector('[role="dialog"]') !== null);
    const dialog = shadow?.querySelector<HTMLElement>('[role="dialog"]');
    expect(dialog?.classList.contains('cw-panel--pending')).toBe(true);
    expect(dialog?.textContent).not.toContain('Chat assistant');
    expect(dialog?.textContent).not.toContain('How can I help');
    answer(envelopeResponse(CONFIG));
    await until(() => dialog?.textContent?.includes('Hello!') === true);
    expect(dialog?.querySelector('.cw-panel__title')?.textContent).toBe('Harbor Bot');
    expect(dialog?.classList.contains('cw-panel--pending')).toBe(false);
  });

  it('a GetConfig that failed while the chat was closed is asked again as it opens: no "unavailable" once the service is back', async () => {
    let online = false;
    const flaky = createFakeFetch(() => (online ? envelopeResponse(CONFIG) : Promise.reject(new TypeError('Failed to fetch'))));
    const errors = vi.fn();
    const widget = start({}, flaky);
    widget.on('error', errors);
    await until(() => errors.mock.calls.length === 1);
    online = true;
    widget.open();
    const shadow = hosts()[0]?.shadowRoot;
    await until(() => shadow?.querySelector('.cw-panel__title')?.textContent === 'Harbor Bot');
    expect(shadow?.querySelector('[role="alert"]')).toBeNull();
    expect(flaky.requests).toHaveLength(2);
  });

  it('a panel open from the start does not ask again at once for the GetConfig that just failed; the visitor opening it does', async () => {
    const down = createFakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const widget = start({ open: true }, down);
    const shadow = hosts()[0]?.shadowRoot;
    await until(() => shadow?.querySelector('[role="alert"]') != null);
    // A frame more: the panel's effects have run.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
    expect(down.requests).toHaveLength(1);
    widget.close();
    widget.open();
    await until(() => down.requests.length === 2);
  });

  it('a GetConfig that never answers: after CONFIG_TIMEOUT_MS the panel says so and offers Retry, a waiting question fails and keeps its text', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const silent = createFakeFetch(() => new Promise<Response>(() => undefined));
      const widget = start({ open: true }, silent);
      const shadow = hosts()[0]?.shadowRoot;
      await until(() => shadow?.querySelector('[role="dialog"]') !== null);
      const dialog = shadow?.querySelector<HTMLElement>('[role="dialog"]');
      expect(dialog?.textContent).toContain('Connecting…');
      const asked = widget.send('Homes in Austin?');
      await vi.advanceTimersByTimeAsync(CONFIG_TIMEOUT_MS);
      await expect(asked).resolves.toEqual({ ok: false, reason: 'failed' });
      const alert = dialog?.querySelector('[role="alert"]');
      expect(alert?.textContent).toContain('The chat is unavailable: Could not reach the chat service. Check your connection.');
      expect(alert?.querySelector('button')?.textContent).toBe('Retry');
      const question = dialog?.querySelector('.cw-msg--user');
      expect(question?.textContent).toContain('Homes in Austin?');
      expect(question?.querySelector('.cw-msg__error')?.textContent).toBe('Could not reach the chat service. Check your connection.');
      expect(question?.querySelector('.cw-msg__retry')?.textContent).toBe('Send again');
      expect(silent.requests.every((request) => request.signal?.aborted)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('with storage blocked, a widget mounted again on the page (a route change) finds the draft the one before kept', async () => {
    const blocked = (): never => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    const real = Object.getOwnPropertyDescriptor(window, 'localStorage');
    const realSession = Object.getOwnPropertyDescriptor(window, 'sessionStorage');
    Object.defineProperty(window, 'localStorage', { get: blocked, configurable: true });
    Object.defineProperty(window, 'sessionStorage', { get: blocked, configurable: true });
    try {
      const input = async (): Promise<HTMLTextAreaElement> => {
        const shadow = hosts()[0]?.shadowRoot;
        await until(() => shadow?.querySelector('textarea') != null);
        return shadow!.querySelector('textarea')!;
      };
      const first = start({ serialNumber: 'blocked-storage', open: true });
      const field = await input();
      field.value = 'half-typed follow-up';
      field.dispatchEvent(new Event('input', { bubbles: true }));
      first.destroy(); // saves the draft at once
      start({ serialNumber: 'blocked-storage', open: true });
      const again = await input();
      await until(() => again.value === 'half-typed follow-up');
    } finally {
      if (real) Object.defineProperty(window, 'localStorage', real);
      if (realSession) Object.defineProperty(window, 'sessionStorage', realSession);
    }
  });

  it('a hidden page saves an answer still arriving as it is; a page going away (pagehide) saves it interrupted', async () => {
    const fake = createFakeFetch((request) =>
      request.url.endsWith('/GetConfig') ? envelopeResponse(CONFIG) : new Promise<Response>(() => undefined),
    );
    const widget = start({}, fake);
    void widget.send('Homes in Austin?');
    const storedStatuses = (): unknown =>
      (JSON.parse(localStorage.getItem('cw:demo-realty:chat:messages') ?? '[]') as Array<{ status: string }>).map(
        (message) => message.status,
      );
    await until(() => JSON.stringify(storedStatuses()) === '["sent","waiting"]');
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(storedStatuses()).toEqual(['sent', 'waiting']);
    window.dispatchEvent(new Event('pagehide'));
    expect(storedStatuses()).toEqual(['sent', 'interrupted']);
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  });

  it('RemoveChatLogOnBrowserClose removes a conversation kept in local storage from before, chat never opened', async () => {
    const kept = JSON.stringify([{ id: 'old-1', role: 'user', status: 'sent', createdAt: 1, text: 'From last month' }]);
    localStorage.setItem('cw:demo-realty:chat:messages', kept);
    localStorage.setItem('cw:demo-realty:chat:draft', 'half a question');
    const ready = vi.fn();
    start({}, configFetch({ ...CONFIG, RemoveChatLogOnBrowserClose: true })).on('ready', ready);
    await until(() => ready.mock.calls.length === 1);
    expect(Object.keys(localStorage).filter((key) => key.startsWith('cw:demo-realty:chat:'))).toEqual([]);
    // Without the setting (a chatbot that never had it: no kept config saying so), the conversation stays.
    for (const widget of mounted.splice(0)) widget.destroy();
    localStorage.clear();
    localStorage.setItem('cw:demo-realty:chat:messages', kept);
    const readyAgain = vi.fn();
    start().on('ready', readyAgain);
    await until(() => readyAgain.mock.calls.length === 1);
    expect(localStorage.getItem('cw:demo-realty:chat:messages')).toBe(kept);
  });

  it('newConversation() (a logout) forgets the stored conversation, its session and the unsent text, chat never opened', async () => {
    storeSignedInConversation();
    const fake = configFetch();
    const widget = start({}, fake);
    const stored = (key: string): unknown => JSON.parse(localStorage.getItem(`cw:demo-realty:chat:${key}`) ?? 'null');

    // Resolved once done, storage included: a logout can await it and leave.
    await expect(widget.newConversation()).resolves.toEqual({ ok: true });
    expect(stored('messages')).toEqual([]);
    expect(stored('draft')).toBeNull();
    expect(JSON.stringify(localStorage)).not.toContain('account number');
    expect((stored('session') as { key?: string } | null)?.key).not.toBe('old-key');
    expect(hosts()[0]?.shadowRoot?.querySelector('[role="dialog"]:not([hidden])')).toBeNull();

    // The next visitor's panel starts empty, with the welcome.
    widget.open();
    const shadow = hosts()[0]?.shadowRoot;
    await until(() => shadow?.querySelector('.cw-msg--welcome') !== null);
    expect(shadow?.querySelectorAll('.cw-msg:not(.cw-msg--welcome)')).toHaveLength(0);
    expect(shadow?.querySelector('textarea')?.value).toBe('');
  });

  it('newConversation() then destroy() in one task (a logout that unmounts the widget), chat opened: the conversation goes all the same', async () => {
    storeSignedInConversation();
    const widget = start({ open: true });
    const shadow = hosts()[0]?.shadowRoot;
    await until(() => shadow?.textContent?.includes('Noted.') === true);

    widget.newConversation();
    widget.destroy();
    await new Promise((resolve) => setTimeout(resolve, 400)); // past the draft's write delay
    expect(JSON.stringify(localStorage)).not.toContain('account number');
    expect(JSON.stringify(localStorage)).not.toContain('old-key');
    expect(localStorage.getItem('cw:demo-realty:chat:draft')).toBeNull();
  });

  it('a stored message whose time no Date can hold (another script, corrupted storage) is dropped; the rest of the conversation shows', async () => {
    localStorage.setItem('cw:demo-realty:chat:messages', JSON.stringify([
      { id: 'old-1', role: 'user', status: 'sent', createdAt: 1_700_000_000_000, text: 'Homes in Austin?' },
      { id: 'old-2', role: 'assistant', status: 'done', createdAt: 1e300, text: 'Never shown' },
      { id: 'old-3', role: 'assistant', status: 'done', createdAt: 1_700_000_001_000, text: 'Three homes.' },
    ]));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    start({ open: true });
    const shadow = hosts()[0]?.shadowRoot;
    await until(() => shadow?.textContent?.includes('Three homes.') === true);
    expect(shadow?.textContent).toContain('Homes in Austin?');
    expect(shadow?.textContent).not.toContain('Never shown');
    expect(errors).not.toHaveBeenCalled();
  });

  it('the locale option sets lang on the host and shapes the message times', async () => {
    const fake = createFakeFetch((request) =>
      request.url.endsWith('/GetConfig') ? envelopeResponse(CONFIG) : new Promise<Response>(() => undefined),
    );
    const widget = start({ locale: 'en-GB', settings: { TimeZone: 'UTC' } }, fake);
    const [host] = hosts();
    expect(host?.getAttribute('lang')).toBe('en-GB');
    void widget.send('What time is it?');
    const time = (): string | null | undefined => host?.shadowRoot?.querySelector('.cw-msg--user .cw-msg__time')?.textContent;
    await until(() => Boolean(time()));
    expect(time()).toMatch(/^\d{2}:\d{2}$/); // 24-hour clock, whatever the test machine's own locale

    widget.destroy();
    const american = start({ serialNumber: 'bot-us', locale: 'en-US', settings: { TimeZone: 'UTC' } }, fake);
    void american.send('And now?');
    const usTime = (): string | null | undefined =>
      hosts()[0]?.shadowRoot?.querySelector('.cw-msg--user .cw-msg__time')?.textContent;
    await until(() => Boolean(usTime()));
    expect(usTime()).toMatch(/^\d{1,2}:\d{2}\s?[AP]M$/);
  });

  it('an empty WelcomeMessage, from the config or inline, shows neither the popup nor a welcome bubble', async () => {
    const shadowWhenReady = async (widget: Widget): Promise<ShadowRoot | null | undefined> => {
      const ready = vi.fn();
      widget.on('ready', ready);
      await until(() => ready.mock.calls.length === 1);
      return hosts().at(-1)?.shadowRoot;
    };
    const welcomed = await shadowWhenReady(start());
    expect(welcomed?.querySelector('.cw-popup__text')?.textContent).toBe('Hello!');

    for (const quiet of [
      () => start({ serialNumber: 'bot-quiet' }, configFetch({ ...CONFIG, WelcomeMessage: '' })),
      () => start({ serialNumber: 'bot-inline-quiet', settings: { WelcomeMessage: '' } }), // over the config's "Hello!"
    ]) {
      const widget = quiet();
      const shadow = await shadowWhenReady(widget);
      expect(shadow?.querySelector('.cw-popup')).toBeNull();
      widget.open();
      await until(() => shadow?.querySelector('.cw-panel__title')?.textContent === 'Harbor Bot');
      expect(shadow?.querySelector('.cw-msg--welcome')).toBeNull();
      expect(shadow?.querySelector('[role="dialog"]')?.textContent).not.toContain('How can I help');
    }
  });

  it('update() applies new inline settings to the live widget: theme, launcher and the open panel, no re-mount', async () => {
    const ready = vi.fn();
    const fake = configFetch();
    const widget = start({ settings: { Name: 'Inline Bot' } }, fake);
    widget.on('ready', ready);
    await until(() => ready.mock.calls.length === 1);
    const [host] = hosts();
    const shadow = host?.shadowRoot;
    widget.open();
    await until(() => shadow?.querySelector('[role="dialog"]') !== null);
    const dialog = shadow?.querySelector('[role="dialog"]');
    const composer = shadow?.querySelector<HTMLTextAreaElement>('.cw-composer__input');
    await until(() => shadow?.activeElement === composer);
    composer?.blur();

    widget.update({ ChatBubbleColor: 'rgb(0,90,40)', WelcomeMessage: 'Edited welcome', ChatBubbleAlign: 1 });
    expect(host?.style.getPropertyValue('--cw-accent')).toBe('rgb(0, 90, 40)');
    const launcher = shadow?.querySelector('.cw-launcher');
    expect(launcher?.getAttribute('aria-label')).toBe('Close chat with Harbor Bot'); // Name no longer inline
    expect(shadow?.querySelector('.cw-root')?.classList.contains('cw-root--left')).toBe(true);
    await until(() => dialog?.textContent?.includes('Edited welcome') === true);
    expect(shadow?.querySelector('[role="dialog"]')).toBe(dialog);
    expect((dialog as HTMLElement).hidden).toBe(false);
    expect(shadow?.activeElement).toBeNull(); // the panel did not take focus again
    expect(fake.requests).toHaveLength(1);
  });

  it('update() that removes the focused control moves focus to the text field, not out of the panel', async () => {
    const ready = vi.fn();
    const widget = start({ settings: { EnableUploadImage: true, SuggestedMessage: 'Any flats?\nAny houses?' } });
    widget.on('ready', ready);
    await until(() => ready.mock.calls.length === 1);
    const shadow = hosts()[0]?.shadowRoot;
    widget.open();
    const composer = (): HTMLTextAreaElement | null | undefined => shadow?.querySelector('.cw-composer__input');
    await until(() => shadow?.activeElement === composer() && shadow?.querySelector('.cw-chip') !== null);

    shadow?.querySelector<HTMLButtonElement>('.cw-composer__image')?.focus();
    expect(shadow?.activeElement?.classList.contains('cw-composer__image')).toBe(true);
    widget.update({ SuggestedMessage: 'Any flats?\nAny houses?' }); // image upload off
    await until(() => shadow?.querySelector('.cw-composer__image') === null);
    expect(shadow?.activeElement).toBe(composer());

    shadow?.querySelector<HTMLButtonElement>('.cw-chip')?.focus();
    expect(shadow?.activeElement?.textContent).toBe('Any flats?');
    widget.update({});
    await until(() => shadow?.querySelector('.cw-chip') === null);
    expect(shadow?.activeElement).toBe(composer());

    // Focus elsewhere (the page) is left where it is.
    composer()?.blur();
    widget.update({ EnableUploadImage: true });
    await until(() => shadow?.querySelector('.cw-composer__image') !== null);
    expect(shadow?.activeElement).toBeNull();
  });

  it('update() warns once per call about invalid values, refuses a non-object, and does nothing after destroy', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const ready = vi.fn();
    const widget = start();
    widget.on('ready', ready);
    await until(() => ready.mock.calls.length === 1);
    const [host] = hosts();
    widget.update({ ChatBubbleColor: 'green', UserMessageColor: 'red' });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/ChatBubbleColor \(inline\)[\s\S]*UserMessageColor \(inline\)/);
    expect(host?.style.getPropertyValue('--cw-accent')).toBe('rgb(37, 99, 235)');
    widget.update({ ChatBubbleColor: 'green' });
    expect(warn).toHaveBeenCalledTimes(2);
    expect(() => widget.update(null as unknown as {})).toThrow(/chatbot-widget update\(\): settings must be an object/);
    widget.destroy();
    widget.update({ ChatBubbleColor: 'rgb(1,2,3)' });
    expect(warn).toHaveBeenCalledTimes(2);
    expect(host?.style.getPropertyValue('--cw-accent')).toBe('');
  });

  it("destroy() from a listener of the visitor's question ends that question as destroy() ends any: no request left open", async () => {
    const fake = createFakeFetch((request) =>
      request.url.endsWith('/GetConfig') ? envelopeResponse(CONFIG) : new Promise<Response>(() => undefined),
    );
    const widget = start({}, fake);
    await until(() => fake.requests.length === 1 && hosts()[0]?.shadowRoot?.querySelector('.cw-launcher') !== null);
    widget.on('message', () => widget.destroy());
    const sent = widget.send('That is all, thanks');
    const stored = (): string[] =>
      (JSON.parse(localStorage.getItem('cw:demo-realty:chat:messages') ?? '[]') as Array<{ role: string; status: string }>)
        .map(({ role, status }) => `${role} ${status}`);
    // Kept as any question a destroy() ends, with Retry on the next mount; not an answer 'waiting' written after it.
    await vi.waitFor(() => expect(stored()).toEqual(['user sent', 'assistant interrupted']));
    await expect(sent).resolves.toEqual({ ok: false, reason: 'stopped' });
    expect(stored()).toEqual(['user sent', 'assistant interrupted']);
    expect(fake.requests.every((request, index) => index === 0 || request.signal?.aborted)).toBe(true);
  });

  it('destroy removes the host and every listener, and aborts the pending request', async () => {
    const hanging = createFakeFetch(() => new Promise<Response>(() => undefined));
    const added = new Map<string, number>();
    const count = (type: string, delta: number): void => {
      added.set(type, (added.get(type) ?? 0) + delta);
    };
    for (const target of [window, document]) {
      const add = target.addEventListener.bind(target);
      const remove = target.removeEventListener.bind(target);
      vi.spyOn(target, 'addEventListener').mockImplementation((type, listener, options) => {
        count(type, 1);
        add(type, listener, options);
      });
      vi.spyOn(target, 'removeEventListener').mockImplementation((type, listener, options) => {
        count(type, -1);
        remove(type, listener, options);
      });
    }
    const widget = mount({ serialNumber: 'demo-realty', baseUrl: 'https://a.test', fetch: hanging.fetch });
    const listener = vi.fn();
    widget.on('close', listener);
    widget.open();
    await until(() => hosts()[0]?.shadowRoot?.querySelector('[role="dialog"]') !== null);
    widget.destroy();
    widget.destroy(); // twice is harmless
    expect(hosts()).toEqual([]);
    expect(hanging.requests[0]?.signal?.aborted).toBe(true);
    expect([...added.values()].every((balance) => balance === 0)).toBe(true);
    widget.close();
    expect(listener).not.toHaveBeenCalled();
    await expect(widget.send('hello?')).resolves.toEqual({ ok: false, reason: 'failed' });
  });
});
