/**
 * <chatbot-widget> written in the page before its definition loads (the script tag is async): inline settings the
 * page put on the `settings` property meanwhile survive the upgrade. Its own file: the element must not be defined
 * yet when the test starts, and a definition lasts for the whole file.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { defineElement, ELEMENT_TAG, type ChatbotWidgetElement } from '../src/element';
import { createFakeFetch, envelopeResponse } from './helpers/fake-fetch';

const originalFetch = globalThis.fetch;
afterEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
  globalThis.fetch = originalFetch;
});

it('keeps settings and texts set on the element before it was defined', async () => {
  globalThis.fetch = createFakeFetch(() => envelopeResponse({ Name: 'Service name', SessionID: 1, SessionKey: 'k' })).fetch;
  expect(customElements.get(ELEMENT_TAG)).toBeUndefined();
  const element = document.createElement(ELEMENT_TAG) as ChatbotWidgetElement;
  element.setAttribute('serial-number', 'early-bot');
  element.setAttribute('base-url', 'https://chat.example.test');
  element.settings = { Name: 'Set early' };
  element.texts = { openChat: 'Chat mit {name} öffnen' };
  // Set before the definition, where nothing could refuse it yet: dropped with an error, and the element still mounts.
  const junk = document.createElement(ELEMENT_TAG) as ChatbotWidgetElement;
  junk.setAttribute('serial-number', 'early-junk');
  junk.setAttribute('base-url', 'https://chat.example.test');
  junk.settings = 'junk' as unknown as ChatbotWidgetElement['settings'];
  document.body.append(element, junk);
  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);

  expect(defineElement()).toBe(true);
  expect(element.settings).toEqual({ Name: 'Set early' });
  const label = (of: Element): string | null | undefined => of.shadowRoot?.querySelector('.cw-launcher')?.getAttribute('aria-label');
  await vi.waitFor(() => expect(label(element)).toBe('Chat mit Set early öffnen'));
  expect(junk.settings).toBeUndefined();
  await vi.waitFor(() => expect(label(junk)).toBe('Open chat with Service name'));
  expect(error).toHaveBeenCalledTimes(1);
  error.mockRestore();
});
