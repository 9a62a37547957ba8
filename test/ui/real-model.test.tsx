/**
 * The UI on the real widget model and conversation, with the fake service client and manual animation frames:
 * what the visitor sees when the model's own logic (streaming, stop, retry, failure, talk to a person, the rate
 * limit) runs, not a fake's idea of it.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, test } from 'vitest';
import type { ChatbotSettings } from '../../src/api/types';
import { createConversation } from '../../src/model/conversation';
import { openStore } from '../../src/model/storage';
import { createWidgetModel, type WidgetModelHandle } from '../../src/model/widget-model';
import { settle } from '../helpers/conversation-harness';
import { createFakeClient, type FakeClient } from '../helpers/fake-client';
import { FakeStorage } from '../helpers/fake-storage';
import { createFakeClock, createManualFrames, type FakeClock, type ManualFrames } from '../helpers/fake-time';
import { afterPaint, liveRegion, renderPanelUi } from '../helpers/render-ui';

interface Setup {
  model: WidgetModelHandle;
  fake: FakeClient;
  clock: FakeClock;
  frames: ManualFrames;
  container: Element;
}

const models: WidgetModelHandle[] = [];
afterEach(() => {
  cleanup();
  for (const model of models.splice(0)) model.dispose();
});

async function setup(inlineSettings: Partial<ChatbotSettings> = {}): Promise<Setup> {
  const fake = createFakeClient();
  const clock = createFakeClock(Date.now());
  const frames = createManualFrames();
  const source = { localStorage: new FakeStorage(), sessionStorage: new FakeStorage() };
  const model = createWidgetModel({
    serialNumber: 'demo-realty',
    mode: 'inline',
    inlineSettings,
    fetchConfig: (request, signal) => fake.client.getConfig(request, { signal }),
    loadConversation: async (deps) => createConversation({ ...deps, client: fake.client, frame: frames.frame }),
    visitorStore: openStore('local', 'cw:demo-realty', source),
    chatStore: (kind) => openStore(kind, 'cw:demo-realty:chat', source),
    emit: () => undefined,
    clock,
  });
  models.push(model);
  const { container } = renderPanelUi(model);
  await screen.findByRole('region');
  await waitFor(() => expect(model.conversation.loaded.value).toBe(true));
  await settle();
  await afterPaint();
  return { model, fake, clock, frames, container };
}

function type(text: string): HTMLTextAreaElement {
  const input = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
  fireEvent.input(input, { target: { value: text } });
  return input;
}

function ask(text: string): HTMLTextAreaElement {
  const input = type(text);
  fireEvent.keyDown(input, { key: 'Enter' });
  return input;
}

const flushFrame = (frames: ManualFrames): void => {
  act(() => void frames.runFrame());
};

describe('with the real model', () => {
  test('a question streams into an answer, announced once when it finishes', async () => {
    const { fake, frames, container } = await setup();
    const input = ask('When are you open?');
    await act(settle);
    expect(input.value).toBe('');
    const log = screen.getByRole('log');
    expect(log.textContent).toContain('When are you open?');
    expect(within(log).getByRole('img', { name: 'Test bot is typing' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Stop the answer' })).toBeTruthy();

    const held = await fake.nextAsk();
    expect(held.request.content).toBe('When are you open?');
    act(() => held.chunk('We open '));
    flushFrame(frames);
    expect(log.textContent).toContain('We open');
    expect(within(log).queryByRole('img', { name: 'Test bot is typing' })).toBeNull();
    act(() => held.chunk('at **nine**.'));
    flushFrame(frames);
    expect(log.querySelector('strong')?.textContent).toBe('nine');
    expect(liveRegion(container).textContent).toBe('');

    await act(async () => {
      held.finish();
      await settle();
    });
    flushFrame(frames);
    await waitFor(() => expect(liveRegion(container).textContent).toBe('Test bot: We open at nine.'));
    expect(liveRegion(container).querySelectorAll('p')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Copy answer' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeTruthy();
  });

  test('chunks not yet rendered when the answer finishes are still in what is announced', async () => {
    const { fake, frames, container } = await setup();
    ask('When are you open?');
    const held = await fake.nextAsk();
    act(() => held.chunk('We open '));
    flushFrame(frames);
    // The last chunks and the final record in one network read: no frame has shown them yet.
    await act(async () => {
      held.chunk('at **nine**, ');
      held.chunk('every day.');
      held.finish();
      await settle();
    });
    await waitFor(() => expect(liveRegion(container).textContent).toBe('Test bot: We open at nine, every day.'));
  });

  test('stop keeps the partial answer and offers retry, which asks again', async () => {
    const { fake, frames } = await setup();
    ask('Tell me everything');
    const held = await fake.nextAsk();
    act(() => held.chunk('Part one'));
    flushFrame(frames);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Stop the answer' }));
      await settle();
    });
    flushFrame(frames);
    const log = screen.getByRole('log');
    await waitFor(() => expect(log.textContent).toContain('Stopped.'));
    expect(log.textContent).toContain('Part one');
    expect(held.signal?.aborted).toBe(true);

    await act(async () => {
      fireEvent.click(within(log).getByRole('button', { name: 'Retry' }));
      await settle();
    });
    const again = await fake.nextAsk();
    expect(again.request.content).toBe('Tell me everything');
  });

  test('a network failure shows plain words, keeps the question and retries on click', async () => {
    const { fake, frames } = await setup();
    ask('Is parking free?');
    const held = await fake.nextAsk();
    await act(async () => {
      held.fail('network');
      await settle();
    });
    flushFrame(frames);
    const log = screen.getByRole('log');
    await waitFor(() => expect(log.querySelector('.cw-msg--failed')).not.toBeNull());
    expect(log.textContent).toContain('Is parking free?');
    expect(log.querySelector('.cw-msg__error')?.textContent).not.toBe('');
    const retry = within(log).getAllByRole('button').find((button) => /retry|send again/i.test(button.textContent ?? ''));
    expect(retry).toBeDefined();
    await act(async () => {
      fireEvent.click(retry as HTMLElement);
      await settle();
    });
    expect((await fake.nextAsk()).request.content).toBe('Is parking free?');
  });

  test("the monthly cap's refusal shows the service's words and keeps the question, with Edit but no Send again; a 503 keeps Send again", async () => {
    const { fake, frames } = await setup();
    const refuse = async (question: string, details: { status?: number; code?: number; serviceMessage?: string }): Promise<HTMLElement> => {
      ask(question);
      const held = await fake.nextAsk();
      await act(async () => {
        held.fail(details.status === undefined ? 'business' : 'http', undefined, details);
        await settle();
      });
      flushFrame(frames);
      return waitFor(() => within(screen.getByRole('log')).getByText(question).closest<HTMLElement>('.cw-msg--failed')!);
    };
    const capped = await refuse('Homes in Austin?', { code: 402, serviceMessage: 'This chatbot has reached its monthly message limit.' });
    expect(capped.querySelector('.cw-msg__error')?.textContent).toBe('This chatbot has reached its monthly message limit.');
    expect(within(capped).queryByRole('button', { name: 'Send again' })).toBeNull();
    expect(within(capped).getByRole('button', { name: 'Edit' })).toBeTruthy();

    const busy = await refuse('And in Porto?', { status: 503 });
    expect(within(busy).getByRole('button', { name: 'Send again' })).toBeTruthy();
  });

  test("an answer the monthly cap cuts off keeps its words and the service's, without Retry; one cut off by the network keeps Retry", async () => {
    const { fake, frames } = await setup();
    const cutOff = async (question: string, fail: (held: Awaited<ReturnType<FakeClient['nextAsk']>>) => void): Promise<HTMLElement> => {
      ask(question);
      const held = await fake.nextAsk();
      held.chunk(`About ${question}`);
      await act(async () => {
        fail(held);
        await settle();
      });
      flushFrame(frames);
      return waitFor(() => within(screen.getByRole('log')).getByText(`About ${question}`).closest<HTMLElement>('.cw-msg--failed')!);
    };
    const capped = await cutOff('Austin', (held) =>
      held.fail('business', undefined, { code: 402, serviceMessage: 'This chatbot has reached its monthly message limit.' }),
    );
    expect(capped.querySelector('.cw-msg__error')?.textContent).toBe('This chatbot has reached its monthly message limit.');
    expect(within(capped).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(within(capped).getByRole('button', { name: /Copy/ })).toBeTruthy();

    const dropped = await cutOff('Porto', (held) => held.fail('interrupted'));
    expect(within(dropped).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  test('talk to a person shows the response message and a mailto link carrying the transcript', async () => {
    const { fake, frames } = await setup({
      TalkToHumanEmail: 'agents@example.com',
      TalkToHumanResponseMessage: 'An agent will e-mail you within a day.',
    });
    ask('I want to see the flat on Elm Street');
    const held = await fake.nextAsk();
    await act(async () => {
      held.finish('Sure, which day suits you?');
      await settle();
    });
    flushFrame(frames);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Talk to a person' }));
      await settle();
    });
    const log = screen.getByRole('log');
    await waitFor(() => expect(log.textContent).toContain('An agent will e-mail you within a day.'));
    const link = within(log).getByRole('link', { name: 'Email the conversation' });
    const href = link.getAttribute('href') ?? '';
    expect(href.startsWith('mailto:agents@example.com?')).toBe(true);
    expect(decodeURIComponent(href)).toContain('I want to see the flat on Elm Street');
  });

  test('the rate limit shows its message with the time left, keeps the text, and lifts by itself', async () => {
    const { fake, frames, clock } = await setup({
      RateLimitCount: 1,
      RateLimitTime: 60,
      RateLimitMessage: 'Slow down a little.',
    });
    ask('First question');
    const held = await fake.nextAsk();
    await act(async () => {
      held.finish('First answer');
      await settle();
    });
    flushFrame(frames);

    const input = ask('Second question');
    await act(async () => {
      await settle();
    });
    await screen.findByText('Slow down a little.');
    expect(screen.getByText(/^You can send again in (60|61) seconds\.$/)).toBeTruthy();
    expect(input.value).toBe('Second question');
    expect(fake.asks).toHaveLength(1);

    act(() => clock.advance(62_000));
    await waitFor(() => expect(screen.queryByText('Slow down a little.')).toBeNull());
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((await fake.nextAsk()).request.content).toBe('Second question');
  });

  test('a suggestion pressed while the rate limit holds sends nothing, keeps focus where it was and says why', async () => {
    const { fake, frames, container } = await setup({
      RateLimitCount: 1,
      RateLimitTime: 60,
      RateLimitMessage: 'Slow down a little.',
      SuggestedMessage: 'Homes in Austin?\nFlats in Porto?',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Homes in Austin?' }));
    const held = await fake.nextAsk();
    await act(async () => {
      held.finish('Three homes.');
      await settle();
    });
    flushFrame(frames);
    // A new conversation brings the suggestions back; the rate limit is the visitor's and still holds.
    const startOver = screen.getByRole('button', { name: 'Start a new conversation' });
    fireEvent.click(startOver);
    fireEvent.click(screen.getByRole('button', { name: 'Clear chat?' }));
    await act(settle);
    await afterPaint();

    const chip = screen.getByRole('button', { name: 'Flats in Porto?' });
    chip.focus();
    fireEvent.click(chip);
    await act(settle);
    expect(fake.asks).toHaveLength(1);
    expect(screen.getByRole('log').textContent).not.toContain('Flats in Porto?');
    // Focus stays on the suggestion, still there to press once the limit lifts, not on a log where nothing came.
    expect(document.activeElement).toBe(chip);
    // The limit's notice, which the text field names as its description, shows and is said.
    const described = screen.getByRole('textbox', { name: 'Message' }).getAttribute('aria-describedby');
    expect(container.querySelector(`[id="${described}"]`)?.textContent).toMatch(/^Slow down a little\.You can send again/);
    await waitFor(() => expect(liveRegion(container).textContent).toMatch(/^Slow down a little\. You can send again in (60|61) seconds\.$/));
  });
});

describe("the widget's own words are marked English; the chatbot's and the visitor's keep the page's language", () => {
  /** The lang an element takes inside the widget, or 'page' when it inherits the host page's. */
  const langOf = (element: Element): string => element.closest('[lang]')?.getAttribute('lang') ?? 'page';

  test('controls, notes and screen-reader words say lang="en"; names, welcome, chips, questions, answers and the field do not', async () => {
    const { fake, frames } = await setup({
      Name: 'Maklerin Anna',
      WelcomeMessage: 'Hallo! Wie kann ich helfen?',
      SuggestedMessage: 'Wohnungen in Berlin?',
      TalkToHumanEmail: 'agents@example.com',
      SocialUrlOne: 'https://social.example/anna',
      ChatbotPrivacyPolicyName: 'Datenschutz',
      ChatbotPrivacyPolicyUrl: 'https://example.com/datenschutz',
      ChatbotPrivacyPolicyDescription: 'Mit dem Chat stimmen Sie zu:',
      UserInputPlaceholder: 'Ihre Frage…',
    });
    const panel = screen.getByRole('region', { name: 'Maklerin Anna' });
    expect(langOf(screen.getByRole('heading', { name: 'Maklerin Anna' }))).toBe('page');
    expect(langOf(screen.getByText('Hallo! Wie kann ich helfen?'))).toBe('page');
    expect(langOf(screen.getByRole('button', { name: 'Wohnungen in Berlin?' }))).toBe('page');
    expect(langOf(screen.getByText('Mit dem Chat stimmen Sie zu:', { exact: false }))).toBe('page');
    expect(langOf(screen.getByRole('textbox', { name: 'Message' }))).toBe('page');

    ask('Gibt es Parkplätze?');
    const held = await fake.nextAsk();
    await act(async () => {
      held.finish('Ja, zwei Stellplätze.');
      await settle();
    });
    flushFrame(frames);
    const log = screen.getByRole('log');
    await waitFor(() => expect(log.querySelector('.cw-msg--assistant[data-status="done"]')).not.toBeNull());
    expect(langOf(within(log).getByText('Gibt es Parkplätze?'))).toBe('page');
    expect(langOf(within(log).getByText('Ja, zwei Stellplätze.'))).toBe('page');

    const english = [
      screen.getByRole('button', { name: 'Start a new conversation' }),
      screen.getByRole('button', { name: 'Send message' }),
      screen.getByRole('button', { name: 'Talk to a person' }),
      screen.getByRole('list', { name: 'Other ways to reach us' }),
      within(log).getByRole('button', { name: 'Copy answer' }),
      within(log).getByText('You', { exact: false, selector: '.cw-sr-only' }),
      ...Array.from(panel.querySelectorAll('.cw-sr-only')).filter((element) => element.textContent?.includes('opens in a new tab')),
    ];
    expect(english.length).toBeGreaterThanOrEqual(7);
    // Sentences of the widget's own run left to right on a right-to-left page too ("Stopped." read ".Stopped"); a
    // message time goes by its own words, which may be a Hebrew date (test/browser/widget-layout.test.ts).
    expect(screen.getByRole('button', { name: 'Talk to a person' }).getAttribute('dir')).toBe('ltr');
    expect(log.querySelector('.cw-msg__time')?.getAttribute('dir')).toBe('auto');
    // The time is in the browser's clock language (no locale given), not the widget's English.
    expect(log.querySelector('.cw-msg__time')?.getAttribute('lang')).toBe(navigator.language);
    for (const element of english) expect([element.outerHTML.slice(0, 80), langOf(element)]).toEqual([element.outerHTML.slice(0, 80), 'en']);
  });
});
