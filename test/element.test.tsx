/** <chatbot-widget> in a DOM (happy-dom): mount on connect, unmount on disconnect, remount on attribute change. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineElement, ELEMENT_TAG, type ChatbotWidgetElement } from '../src/element';
import { createFakeFetch, envelopeResponse } from './helpers/fake-fetch';

const requests: string[] = [];
const originalFetch = globalThis.fetch;

afterEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
  requests.length = 0;
  globalThis.fetch = originalFetch;
});

function serve(): void {
  const fake = createFakeFetch((request) => {
    const serialNumber = (JSON.parse(request.bodyText) as { serialNumber: string }).serialNumber;
    requests.push(`${request.url} ${serialNumber}`);
    return envelopeResponse({ Name: `Bot ${serialNumber}`, SessionID: 1, SessionKey: 'k' });
  });
  globalThis.fetch = fake.fetch;
}

function create(attributes: Record<string, string>): ChatbotWidgetElement {
  const element = document.createElement(ELEMENT_TAG) as ChatbotWidgetElement;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

const microtasks = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
const label = (element: Element): string | null | undefined =>
  element.shadowRoot?.querySelector('.cw-launcher')?.getAttribute('aria-label');

describe('<chatbot-widget>', () => {
  it('is defined once; a second definition attempt is refused quietly', () => {
    defineElement();
    expect(customElements.get(ELEMENT_TAG)).toBeDefined();
    expect(defineElement()).toBe(false);
  });

  it('mounts when connected with serial-number and base-url, and unmounts when removed', async () => {
    defineElement();
    serve();
    const element = create({ 'serial-number': 'bot-a', 'base-url': 'https://chat.example.test' });
    document.body.append(element);
    await microtasks();
    expect(element.shadowRoot?.querySelector('.cw-launcher')).not.toBeNull();
    await vi.waitFor(() => expect(label(element)).toBe('Open chat with Bot bot-a'));
    expect(requests).toEqual(['https://chat.example.test/chat/Chatbot/GetConfig bot-a']);
    expect(element.style.getPropertyValue('--cw-accent')).not.toBe('');

    element.remove();
    await microtasks();
    expect(element.shadowRoot?.childNodes.length).toBe(0);
    expect(element.style.getPropertyValue('--cw-accent')).toBe('');
  });

  it('waits for its required attributes, and remounts once for several attribute changes', async () => {
    defineElement();
    serve();
    const element = create({ mode: 'inline' });
    document.body.append(element);
    await microtasks();
    expect(element.shadowRoot?.childNodes.length ?? 0).toBe(0);
    expect(requests).toEqual([]);

    element.setAttribute('serial-number', 'bot-a');
    element.setAttribute('base-url', 'https://chat.example.test');
    await microtasks();
    expect(requests).toHaveLength(1);
    await vi.waitFor(() => expect(element.shadowRoot?.querySelector('.cw-panel[role="region"]')).not.toBeNull());

    element.setAttribute('serial-number', 'bot-b');
    element.setAttribute('mode', 'floating');
    await microtasks();
    expect(requests).toEqual([
      'https://chat.example.test/chat/Chatbot/GetConfig bot-a',
      'https://chat.example.test/chat/Chatbot/GetConfig bot-b',
    ]);
    await vi.waitFor(() => expect(label(element)).toBe('Open chat with Bot bot-b'));
    expect(element.shadowRoot?.querySelectorAll('.cw-root')).toHaveLength(1);
  });

  it('an element that cannot mount (base-url not http(s)) says why once, not again at each method call', async () => {
    defineElement();
    serve();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const element = create({ 'serial-number': 'bot-a', 'base-url': 'ftp://chat.example.test' });
      document.body.append(element);
      await microtasks();
      expect(error).toHaveBeenCalledTimes(1);
      element.open();
      element.close();
      await expect(element.send('hello')).resolves.toEqual({ ok: false, reason: 'failed' });
      expect(element.newConversation()).toBeUndefined();
      expect(error).toHaveBeenCalledTimes(1);
      expect(String(error.mock.calls[0]?.[0])).toContain('is not an http(s) URL');
    } finally {
      error.mockRestore();
    }
  });

  it('mounts with the default stacking and one warning when z-index is not a whole number', async () => {
    defineElement();
    serve();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const element = create({ 'serial-number': 'bot-a', 'base-url': 'https://chat.example.test', 'z-index': 'abc' });
      document.body.append(element);
      await vi.waitFor(() => expect(label(element)).toBe('Open chat with Bot bot-a'));
      expect(element.style.getPropertyValue('--cw-z-index')).toBe('2147483000');
      expect(warn.mock.calls).toEqual([['chatbot-widget: z-index "abc" ignored, not a whole number.']]);
      expect(error).not.toHaveBeenCalled();
      element.setAttribute('z-index', '7');
      await vi.waitFor(() => expect(element.style.getPropertyValue('--cw-z-index')).toBe('7'));
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
  });

  it('applies a new settings object at once, without mounting again; refuses a non-object; undefined drops them', async () => {
    defineElement();
    serve();
    const element = create({ 'serial-number': 'bot-a', 'base-url': 'https://chat.example.test' });
    element.settings = { Name: 'First name' };
    document.body.append(element);
    await vi.waitFor(() => expect(label(element)).toBe('Open chat with First name'));
    element.settings = { Name: 'Second name', ChatBubbleColor: 'rgb(0,0,128)' };
    await vi.waitFor(() => expect(label(element)).toBe('Open chat with Second name'));
    expect(element.settings).toEqual({ Name: 'Second name', ChatBubbleColor: 'rgb(0,0,128)' });
    expect(element.style.getPropertyValue('--cw-accent')).toBe('rgb(0, 0, 128)');
    expect(requests).toHaveLength(1); // never remounted

    // A refused value is not kept: neither the getter nor the next remount sees it.
    expect(() => {
      element.settings = 'junk' as unknown as ChatbotWidgetElement['settings'];
    }).toThrow(/settings must be an object/);
    expect(element.settings).toEqual({ Name: 'Second name', ChatBubbleColor: 'rgb(0,0,128)' });
    element.setAttribute('locale', 'en-GB'); // remounts with the settings it kept
    await microtasks();
    expect(requests).toHaveLength(2);
    await vi.waitFor(() => expect(label(element)).toBe('Open chat with Second name'));

    element.settings = undefined;
    expect(element.settings).toBeUndefined();
    await vi.waitFor(() => expect(label(element)).toBe('Open chat with Bot bot-a'));
    expect(requests).toHaveLength(2); // live, not remounted
  });

  it('opens and closes with the open attribute and its methods, and re-dispatches widget events', async () => {
    defineElement();
    serve();
    const element = create({ 'serial-number': 'bot-a', 'base-url': 'https://chat.example.test' });
    const seen: string[] = [];
    for (const name of ['chatbot-ready', 'chatbot-open', 'chatbot-close']) element.addEventListener(name, () => seen.push(name));
    document.body.append(element);
    await vi.waitFor(() => expect(seen).toContain('chatbot-ready'));
    element.setAttribute('open', '');
    await microtasks();
    element.close();
    element.toggle();
    element.removeAttribute('open');
    await microtasks();
    expect(seen).toEqual(['chatbot-ready', 'chatbot-open', 'chatbot-close', 'chatbot-open', 'chatbot-close']);
    expect(requests).toHaveLength(1); // never remounted
  });

  it('opens, and sends, when asked in the same task that added it (before its mount)', async () => {
    defineElement();
    serve();
    const element = create({ 'serial-number': 'bot-a', 'base-url': 'https://chat.example.test' });
    const seen: string[] = [];
    element.addEventListener('chatbot-open', () => seen.push('open'));
    element.addEventListener('chatbot-message', (event) => seen.push(`message ${event.detail.text}`));
    document.body.append(element);
    element.open();
    void element.send('Hello?');
    await microtasks();
    expect(seen).toEqual(['open', 'message Hello?']);
    expect(element.shadowRoot?.querySelector('.cw-launcher')?.getAttribute('aria-expanded')).toBe('true');
    expect(requests.filter((request) => request.includes('/GetConfig'))).toHaveLength(1); // mounted once
  });

  it('newConversation() forgets the stored conversation (a logout)', async () => {
    serve();
    const kept = [{ id: 'old-1', role: 'user', status: 'sent', createdAt: Date.now() - 60_000, text: 'My account number is 42' }];
    localStorage.setItem('cw:el-bot:chat:messages', JSON.stringify(kept));
    const element = create({ 'serial-number': 'el-bot', 'base-url': 'https://chat.example.test' });
    document.body.append(element);
    await expect(element.newConversation()).resolves.toEqual({ ok: true });
    expect(localStorage.getItem('cw:el-bot:chat:messages')).toBe('[]');
    element.remove();
    expect(element.newConversation()).toBeUndefined();
  });

  it("keeps the page's own lang and !important theme variables on the element, during and after the widget", async () => {
    defineElement();
    serve();
    const element = create({ 'serial-number': 'bot-a', 'base-url': 'https://chat.example.test', lang: 'fr', locale: 'de-DE' });
    element.style.setProperty('--cw-accent', 'rgb(255, 0, 0)', 'important');
    element.settings = { ChatBubbleColor: 'rgb(0,0,128)' };
    document.body.append(element);
    await vi.waitFor(() => expect(label(element)).toBe('Open chat with Bot bot-a'));
    expect(element.getAttribute('lang')).toBe('de-DE');
    expect(element.style.getPropertyValue('--cw-accent')).toBe('rgb(255, 0, 0)');
    expect(element.style.getPropertyValue('--cw-accent-text')).not.toBe(''); // the widget's own variables are set

    element.removeAttribute('locale'); // remounts without a locale
    await microtasks();
    expect(element.getAttribute('lang')).toBe('fr');
    element.remove();
    await microtasks();
    expect(element.getAttribute('lang')).toBe('fr');
    expect(element.style.getPropertyValue('--cw-accent')).toBe('rgb(255, 0, 0)');
    expect(element.style.getPropertyPriority('--cw-accent')).toBe('important');
    expect(element.style.getPropertyValue('--cw-accent-text')).toBe('');
  });

  it('a move in the DOM or a rewrite of the same attribute values leaves the panel as the visitor left it', async () => {
    defineElement();
    serve();
    const element = create({ 'serial-number': 'bot-a', 'base-url': 'https://chat.example.test' });
    const seen: string[] = [];
    for (const name of ['chatbot-open', 'chatbot-close']) element.addEventListener(name, () => seen.push(name));
    document.body.append(element);
    await vi.waitFor(() => expect(label(element)).toBe('Open chat with Bot bot-a'));

    element.open(); // opened by page code, no attribute
    element.setAttribute('base-url', element.getAttribute('base-url')!);
    await microtasks();
    const other = document.createElement('div');
    document.body.append(other);
    other.append(element);
    await microtasks();
    expect(seen).toEqual(['chatbot-open']);

    element.setAttribute('open', ''); // already open: nothing to do
    await microtasks();
    element.close(); // the visitor closes it; the attribute stays
    element.setAttribute('locale', '');
    element.setAttribute('open', '');
    document.body.append(element);
    await microtasks();
    expect(seen).toEqual(['chatbot-open', 'chatbot-close']);
    expect(requests).toHaveLength(1); // never remounted
  });
});
