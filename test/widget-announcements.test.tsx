/**
 * What a screen reader hears from mounted widgets (mount() in happy-dom): every text that enters a panel's polite
 * live region or arrives as a role="alert", recorded as it is inserted. Each piece of news is said once, by the
 * widget it happened in.
 */
import { describe, expect, it, vi } from 'vitest';
import { mount, type Widget } from '../src/widget';
import { bytes, createFakeFetch, envelopeResponse, streamResponse, type FakeFetch } from './helpers/fake-fetch';
import { destroyedAfterEach } from './helpers/mounted-widgets';

const CONFIG = { Name: 'Harbor Bot', WelcomeMessage: 'Hello!', SessionID: 1, SessionKey: 'k1' };
const ANSWERS: Record<string, string> = { 'Homes in Austin?': 'Three homes.', 'And in Porto?': 'Two flats.' };
const mounted = destroyedAfterEach();
const until = (check: () => boolean): Promise<void> => vi.waitFor(() => expect(check()).toBe(true), { timeout: 5_000 });

/** GetConfig answers CONFIG; ClientAsk streams the answer of ANSWERS for the question asked. */
function service(): FakeFetch {
  return createFakeFetch((request) => {
    if (request.url.endsWith('/GetConfig')) return envelopeResponse(CONFIG);
    const answer = ANSWERS[(JSON.parse(request.bodyText) as { content: string }).content] ?? 'I do not know.';
    return streamResponse({
      chunks: [
        bytes(`data: {"content":${JSON.stringify(answer)}}\n\n`),
        bytes(`data: {"QuestionID":1,"AnswerID":2,"Answer":${JSON.stringify(answer)},"TotalToken":3}\n\n`),
      ],
    });
  });
}

function start(options: Partial<Parameters<typeof mount>[0]>, fake: FakeFetch): { widget: Widget; shadow: ShadowRoot } {
  const widget = mount({ serialNumber: 'demo-realty', baseUrl: 'https://chat.example.test', fetch: fake.fetch, ...options });
  mounted.push(widget);
  const shadow = [...document.querySelectorAll('chatbot-widget-host')].at(-1)?.shadowRoot;
  if (!shadow) throw new Error('no shadow root');
  return { widget, shadow };
}

/**
 * Records what `shadow`'s panel announces once it is there: each paragraph its polite region gets, and each
 * role="alert" that is inserted (its text).
 */
async function heard(shadow: ShadowRoot): Promise<string[]> {
  await until(() => shadow.querySelector('[aria-live="polite"]') !== null);
  const said: string[] = [];
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof HTMLElement)) continue;
        const polite = node.parentElement?.getAttribute('aria-live') === 'polite';
        if (polite || node.getAttribute('role') === 'alert') said.push(node.textContent ?? '');
      }
    }
  }).observe(shadow, { childList: true, subtree: true });
  return said;
}

describe('announcements of mounted widgets', () => {
  it("two widgets of one chatbot on a page: each announces its own answer, never the other's", async () => {
    const fake = service();
    const target = document.createElement('section');
    document.body.append(target);
    const inline = start({ target }, fake);
    const floating = start({ open: true }, fake);
    const [inlineHeard, floatingHeard] = await Promise.all([heard(inline.shadow), heard(floating.shadow)]);

    await expect(inline.widget.send('Homes in Austin?')).resolves.toEqual({ ok: true });
    await until(() => inlineHeard.length > 0);
    // The floating widget takes in the inline one's exchange when it next writes: with its own question.
    await expect(floating.widget.send('And in Porto?')).resolves.toEqual({ ok: true });
    await until(() => floatingHeard.length > 0);
    await until(() => floating.shadow.textContent?.includes('Three homes.') === true);
    // A frame more: an announcement of the taken-in answer would come after the frame that shows it.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));

    expect(inlineHeard).toEqual(['Harbor Bot: Three homes.']);
    expect(floatingHeard).toEqual(['Harbor Bot: Two flats.']);
  });

  it.each([
    [
      'without words of its own',
      () => new Response('busy', { status: 503 }),
      'The chat service is having trouble right now. Try again in a moment.',
      'The chat service answered with HTTP 503.',
    ],
    [
      'with its own Message',
      () => new Response(JSON.stringify({ Success: false, Code: 500, Message: 'Internal error', Data: null, Version: '1' }), {
        status: 500,
        headers: { 'content-type': 'application/json' },
      }),
      'Internal error',
      'Internal error',
    ],
  ])('a question that fails because GetConfig fails again (HTTP, %s) is one announcement in plain words, and two error events with the status', async (_case, respond, reason, logged) => {
    const unavailable = createFakeFetch(respond);
    const { widget, shadow } = start({ open: true }, unavailable);
    await until(() => shadow.querySelector('[role="alert"]') !== null);
    const said = await heard(shadow);
    const errors: unknown[] = [];
    widget.on('error', (error) => errors.push(error));

    await expect(widget.send('hello')).resolves.toEqual({ ok: false, reason: 'failed' });
    await until(() => shadow.querySelector('.cw-msg--user .cw-msg__error') !== null);
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));

    // The question shows why it failed, with Send again; the alert (shown again by the new GetConfig) says it once.
    expect(shadow.querySelector('.cw-msg--user .cw-msg__error')?.textContent).toBe(reason);
    expect(said).toEqual([`The chat is unavailable: ${reason} Retry`]);
    // Two things failed, the config and the question: the page hears of each (README, events), with the status where
    // the visitor reads plain words.
    expect(errors).toEqual([
      { message: logged, kind: 'http' },
      { message: logged, kind: 'http' },
    ]);
  });
});

describe('an answer that ends while the chat is closed', () => {
  /** ClientAsk answers (by default "Three homes.") only when `release` is called: the question waits meanwhile. */
  function heldService(
    answer = (): Response =>
      streamResponse({
        chunks: [
          bytes('data: {"content":"Three homes."}\n\n'),
          bytes('data: {"QuestionID":1,"AnswerID":2,"Answer":"Three homes.","TotalToken":3}\n\n'),
        ],
      }),
  ): { fake: FakeFetch; release: () => void } {
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const fake = createFakeFetch(async (request) => {
      if (request.url.endsWith('/GetConfig')) return envelopeResponse(CONFIG);
      await held;
      return answer();
    });
    return { fake, release };
  }
  const launcherOf = (shadow: ShadowRoot): Element => shadow.querySelector('.cw-launcher')!;

  /**
   * A question asked with the chat open, which the visitor closes before the service's `answer` (by default "Three
   * homes.") arrives and is heard; `sent` is what send() resolved to.
   */
  async function answeredWhileClosed(answer?: () => Response, options: Partial<Parameters<typeof mount>[0]> = {}) {
    const { fake, release } = heldService(answer);
    const { widget, shadow } = start({ open: true, ...options }, fake);
    const said = await heard(shadow);
    const sending = widget.send('Homes in Austin?');
    await until(() => shadow.querySelector('.cw-msg--assistant') !== null);
    widget.close();
    release();
    const sent = await sending;
    await until(() => said.length > 0);
    return { widget, shadow, said, sent };
  }

  it('is heard, and marks the launcher (a description and its dot) until the chat opens again', async () => {
    const { widget, shadow, said, sent } = await answeredWhileClosed();
    expect(sent).toEqual({ ok: true });

    expect(said).toEqual(['Harbor Bot: Three homes.']);
    expect(launcherOf(shadow).getAttribute('aria-description')).toBe('New answer');
    // Closed, the live region waits outside the hidden panel: hidden, a screen reader would not read it.
    expect(shadow.querySelector('[aria-live="polite"]')?.closest('[hidden]')).toBeNull();

    widget.open();
    await until(() => !launcherOf(shadow).hasAttribute('aria-description'));
    expect(shadow.querySelector('[role="dialog"] [aria-live="polite"]')).not.toBeNull();
  });

  it('unmarks the launcher when the conversation goes while the chat is closed (a logout): no answer is left to read', async () => {
    const { widget, shadow, sent } = await answeredWhileClosed();
    expect(sent).toEqual({ ok: true });
    expect(launcherOf(shadow).getAttribute('aria-description')).toBe('New answer');

    widget.newConversation();
    await until(() => !launcherOf(shadow).hasAttribute('aria-description'));
    expect(shadow.querySelector('[role="dialog"]')?.hasAttribute('hidden')).toBe(true);
  });

  it('moves to and from the hidden panel empty: the last news is not said again, nor left in the page with the chat closed', async () => {
    const { widget, shadow } = start({ open: true }, service());
    const said = await heard(shadow);
    await expect(widget.send('Homes in Austin?')).resolves.toEqual({ ok: true });
    await until(() => said.length > 0);
    const region = (): Element | null => shadow.querySelector('[aria-live="polite"]');
    expect(region()?.textContent).toBe('Harbor Bot: Three homes.');

    widget.close();
    await until(() => region()?.closest('[hidden]') === null);
    expect(region()?.textContent).toBe('');
    widget.open();
    await until(() => region()?.closest('[role="dialog"]') !== null);
    expect(region()?.textContent).toBe('');
  });

  it('does not mark the launcher for an answer that ends while the chat is open', async () => {
    const { fake, release } = heldService();
    const { widget, shadow } = start({ open: true }, fake);
    const said = await heard(shadow);
    const sent = widget.send('Homes in Austin?');
    release();
    await expect(sent).resolves.toEqual({ ok: true });
    await until(() => said.length > 0);
    widget.close();
    expect(launcherOf(shadow).hasAttribute('aria-description')).toBe(false);
  });

  it('marks the launcher for a question that failed before a word of its answer, and says why', async () => {
    const { shadow, said, sent } = await answeredWhileClosed(() => new Response('busy', { status: 503 }));
    expect(sent).toEqual({ ok: false, reason: 'failed' });
    expect(said).toEqual(['The chat service is having trouble right now. Try again in a moment.']);
    expect(launcherOf(shadow).getAttribute('aria-description')).toBe('New answer');
  });

  it('marks the launcher for a translated description, and for an answer cut off', async () => {
    const { shadow, said } = await answeredWhileClosed(
      () => streamResponse({ chunks: [bytes('data: {"content":"Three ho"}\n\n')], end: 'error' }),
      { texts: { newAnswer: 'Neue Antwort' } },
    );
    expect(said[0]).toMatch(/^Harbor Bot: Three ho/);
    expect(launcherOf(shadow).getAttribute('aria-description')).toBe('Neue Antwort');
  });
});
