/**
 * The script-tag module (src/embed.ts) in a DOM (happy-dom), started the way the loader leaves things: a
 * `ChatbotWidget` stub with the script's data attributes (`c`), the script element (`s`) and queued calls (`q`).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ELEMENT_TAG } from '../src/element';
import type { GlobalApi } from '../src/embed';
import { HOST_TAG } from '../src/widget';
import { createFakeFetch, envelopeResponse } from './helpers/fake-fetch';

type Scope = typeof globalThis & { ChatbotWidget?: GlobalApi };
const scope = window as Scope;
const originalFetch = globalThis.fetch;

afterEach(() => {
  scope.ChatbotWidget?.('destroy');
  delete scope.ChatbotWidget;
  document.body.replaceChildren();
  localStorage.clear();
  globalThis.fetch = originalFetch;
  vi.restoreAllMocks();
});

/** Loads a fresh copy of the module over a stub like the loader's; returns the console.warn spy. */
async function loadWithTag(data: Record<string, string>, queued: unknown[][] = []) {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  globalThis.fetch = createFakeFetch(() => envelopeResponse({ Name: 'Tag Bot', SessionID: 1, SessionKey: 'k' })).fetch;
  const script = document.createElement('script');
  Object.assign(script.dataset, data);
  document.body.append(script);
  const stub = Object.assign((...args: unknown[]) => void (stub.q as unknown[][]).push(args), {
    q: queued,
    l: 1,
    c: { ...script.dataset },
    s: script,
  }) as GlobalApi;
  scope.ChatbotWidget = stub;
  vi.resetModules();
  await import('../src/embed');
  return { warn, error };
}

const hosts = (): Element[] => [...document.querySelectorAll(HOST_TAG)];

describe('the script tag', () => {
  it('without data-serial-number registers <chatbot-widget> silently and mounts nothing', async () => {
    const { warn, error } = await loadWithTag({});
    expect(customElements.get(ELEMENT_TAG)).toBeDefined();
    expect(hosts()).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });

  it('with other data attributes but no serial number is silent as well', async () => {
    const { warn } = await loadWithTag({ baseUrl: 'https://chat.example.test', locale: 'de' });
    expect(hosts()).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('without data-serial-number warns once per call that needs a widget, queued or later, naming the cause', async () => {
    const { warn } = await loadWithTag({}, [['open'], ['on', 'message', () => undefined]]);
    expect(warn.mock.calls.map(([message]) => message)).toEqual([
      'ChatbotWidget: "open" ignored: no widget is mounted (the script tag has no data-serial-number).',
      'ChatbotWidget: "on" ignored: no widget is mounted (the script tag has no data-serial-number).',
    ]);
    scope.ChatbotWidget?.('send', 'Hello');
    expect(warn).toHaveBeenCalledTimes(3);
    expect(String(warn.mock.calls[2]?.[0])).toContain('"send" ignored');
    expect(hosts()).toEqual([]);
  });

  it('with a data-z-index that is not a whole number mounts anyway, with the default stacking and one warning', async () => {
    const { warn, error } = await loadWithTag({ serialNumber: 'tag-bot', baseUrl: 'https://chat.example.test', zIndex: 'abc' });
    expect(hosts()).toHaveLength(1);
    expect((hosts()[0] as HTMLElement).style.getPropertyValue('--cw-z-index')).toBe('2147483000');
    expect(warn.mock.calls).toEqual([['chatbot-widget: z-index "abc" ignored, not a whole number.']]);
    expect(error).not.toHaveBeenCalled();
  });

  it("takes mount()'s texts as JSON in data-texts; not JSON, it mounts in English with one warning", async () => {
    const texts = JSON.stringify({ openChat: 'Chat mit {name} öffnen' });
    const { warn } = await loadWithTag({ serialNumber: 'tag-bot', baseUrl: 'https://chat.example.test', texts });
    const launcher = (): Element | null | undefined => hosts()[0]?.shadowRoot?.querySelector('.cw-launcher');
    await vi.waitFor(() => expect(launcher()?.getAttribute('aria-label')).toBe('Chat mit Tag Bot öffnen'));
    expect(warn).not.toHaveBeenCalled();
    scope.ChatbotWidget?.('destroy');

    const broken = await loadWithTag({ serialNumber: 'tag-bot', baseUrl: 'https://chat.example.test', texts: "{openChat: 'Öffnen'}" });
    await vi.waitFor(() => expect(launcher()?.getAttribute('aria-label')).toBe('Open chat with Tag Bot'));
    expect(broken.warn.mock.calls).toEqual([['ChatbotWidget: data-texts ignored: not JSON.']]);
  });

  it('with data-texts of JSON that is not an object of strings mounts nothing and says why in the console', async () => {
    const { warn, error } = await loadWithTag({ serialNumber: 'tag-bot', baseUrl: 'https://chat.example.test', texts: '{"send": 5}' });
    expect(hosts()).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]?.[0])).toContain('texts must be an object of strings');
  });

  it('inline (data-mode="inline") puts the panel right after the script tag; destroy leaves only the script tag', async () => {
    await loadWithTag({ serialNumber: 'tag-bot', baseUrl: 'https://chat.example.test', mode: 'inline' });
    const script = document.querySelector('script');
    expect(script?.nextElementSibling?.firstElementChild?.tagName.toLowerCase()).toBe(HOST_TAG);
    scope.ChatbotWidget?.('destroy');
    expect([...document.body.children]).toEqual([script]);
  });

  it("'mount' mounts the tag's widget again after 'destroy' (a page that swaps its body), and is ignored while it is mounted", async () => {
    const { warn } = await loadWithTag({ serialNumber: 'tag-bot', baseUrl: 'https://chat.example.test', mode: 'inline' });
    const script = document.querySelector('script');
    const first = hosts()[0];
    const ready = vi.fn();
    scope.ChatbotWidget?.('on', 'ready', ready);
    await vi.waitFor(() => expect(ready).toHaveBeenCalledTimes(1));
    scope.ChatbotWidget?.('mount');
    expect(hosts()).toEqual([first]);
    scope.ChatbotWidget?.('destroy');
    expect(hosts()).toEqual([]);

    // The page swaps its body; the script element stays where the tag was pasted. The page's listeners stay.
    document.body.replaceChildren(script!);
    scope.ChatbotWidget?.('mount');
    expect(hosts()).toHaveLength(1);
    expect(hosts()[0]).not.toBe(first);
    expect(script?.nextElementSibling?.firstElementChild).toBe(hosts()[0]); // inline again, after the tag
    await vi.waitFor(() => expect(hosts()[0]?.shadowRoot?.querySelector('.cw-panel__title')?.textContent).toBe('Tag Bot'));
    await vi.waitFor(() => expect(ready).toHaveBeenCalledTimes(2));
    scope.ChatbotWidget?.('open');
    expect(warn).not.toHaveBeenCalled();

    // A new body with a script element of its own, swapped in without 'destroy': 'mount' ends the widget that went
    // with the old body. The tag's element is gone too, and the panel has nowhere to go inline: it floats.
    const old = hosts()[0];
    document.body.replaceWith(document.createElement('body'));
    scope.ChatbotWidget?.('mount');
    expect(old?.shadowRoot?.childElementCount).toBe(0);
    expect(hosts()).toHaveLength(1);
    expect(hosts()[0]?.parentElement).toBe(document.documentElement);
    expect(hosts()[0]?.shadowRoot?.querySelector('.cw-launcher')).not.toBeNull();
  });

  it("'mount' without data-serial-number warns as every other call does", async () => {
    const { warn } = await loadWithTag({ baseUrl: 'https://chat.example.test' });
    scope.ChatbotWidget?.('mount');
    expect(hosts()).toEqual([]);
    expect(warn.mock.calls).toEqual([
      ['ChatbotWidget: "mount" ignored: no widget is mounted (the script tag has no data-serial-number).'],
    ]);
  });

  it("'newConversation' forgets the stored conversation (a logout); called once loaded, it can be awaited", async () => {
    const kept = [{ id: 'old-1', role: 'user', status: 'sent', createdAt: Date.now() - 60_000, text: 'My account number is 42' }];
    localStorage.setItem('cw:tag-bot:chat:messages', JSON.stringify(kept));
    const { warn } = await loadWithTag({ serialNumber: 'tag-bot', baseUrl: 'https://chat.example.test' }, [['newConversation']]);
    await vi.waitFor(() => expect(localStorage.getItem('cw:tag-bot:chat:messages')).toBe('[]'), { timeout: 5_000 });

    localStorage.setItem('cw:tag-bot:chat:messages', JSON.stringify(kept));
    await expect(scope.ChatbotWidget?.('newConversation')).resolves.toEqual({ ok: true });
    expect(localStorage.getItem('cw:tag-bot:chat:messages')).toBe('[]');
    expect(warn).not.toHaveBeenCalled();
  });

  it('with data-serial-number mounts one widget and runs the queued calls without a warning', async () => {
    const { warn } = await loadWithTag({ serialNumber: 'tag-bot', baseUrl: 'https://chat.example.test' }, [['open']]);
    expect(hosts()).toHaveLength(1);
    const shadow = hosts()[0]?.shadowRoot;
    await vi.waitFor(() => expect(shadow?.querySelector('.cw-launcher')?.getAttribute('aria-expanded')).toBe('true'));
    expect(warn).not.toHaveBeenCalled();
    scope.ChatbotWidget?.('destroy');
    expect(hosts()).toEqual([]);
    scope.ChatbotWidget?.('open');
    expect(warn.mock.calls.map(([message]) => message)).toEqual(['ChatbotWidget: "open" ignored: no widget is mounted.']);
  });
});
