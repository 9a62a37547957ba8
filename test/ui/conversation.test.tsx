import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ServiceError } from '../../src/api/errors';
import { createMessage } from '../../src/model/persistence';
import type { ChatMessage, MessageStatus } from '../../src/model/types';
import { createFakeModel, fakeMessage } from '../helpers/fake-model';
import { afterPaint, liveRegion, renderPanel } from '../helpers/render-ui';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const inline = (settings = {}) => createFakeModel({ mode: 'inline', settings });

function log(): HTMLElement {
  return screen.getByRole('log', { name: 'Conversation' });
}

describe('message list', () => {
  test('is a log that does not announce by itself, and starts with the welcome message', async () => {
    const model = inline({ welcomeMessage: 'Welcome to **Acme**!' });
    await renderPanel(model);
    const list = log();
    expect(list.getAttribute('aria-live')).toBe('off');
    const welcome = list.querySelector('.cw-msg--welcome');
    expect(welcome?.textContent).toContain('Welcome to Acme!');
    // the welcome is markdown like any answer
    expect(welcome?.querySelector('strong')?.textContent).toBe('Acme');
  });

  test('message times use mount()\'s locale for the clock: 24-hour for en-GB, AM/PM for en-US; an earlier day\'s say their date', async () => {
    const now = new Date();
    const todayAt = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 15, 5);
    const british = createFakeModel({ mode: 'inline', locale: 'en-GB', settings: { timeZone: 'UTC' } });
    british.conversation.add({ role: 'user', text: 'Hi', createdAt: Date.UTC(2024, 0, 15, 15, 5) });
    british.conversation.add({ role: 'user', text: 'Hi again', createdAt: todayAt });
    const first = await renderPanel(british);
    const times = Array.from(first.panel.querySelectorAll('.cw-msg__time'), (time) => time.textContent);
    expect(times).toEqual(['15 Jan 2024, 15:05', '15:05']);
    cleanup();

    const american = createFakeModel({ mode: 'inline', locale: 'en-US', settings: { timeZone: 'UTC' } });
    american.conversation.add({ role: 'user', text: 'Hi', createdAt: todayAt });
    const second = await renderPanel(american);
    expect(second.panel.querySelector('.cw-msg__time')?.textContent).toMatch(/^3:05\s?PM$/);
  });

  test("a panel left open past midnight, in the chatbot's zone, dates the messages of the day before", async () => {
    // 23:50 in Tokyo (14:50 UTC, still the same day in the visitor's zone of the test run, UTC or not).
    const askedAt = Date.UTC(2024, 0, 15, 14, 50);
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: askedAt + 8 * 60_000 });
    try {
      const model = createFakeModel({ mode: 'inline', locale: 'en-GB', settings: { timeZone: 'Asia/Tokyo' } });
      model.conversation.add({ role: 'user', text: 'Still open?', createdAt: askedAt });
      const { panel } = await renderPanel(model);
      const time = (): string | null | undefined => panel.querySelector('.cw-msg--user .cw-msg__time')?.textContent;
      expect(time()).toBe('23:50');
      act(() => void vi.advanceTimersByTime(60_000));
      expect(time()).toBe('23:50'); // 23:59: still the same day there
      act(() => void vi.advanceTimersByTime(60_000));
      expect(time()).toBe('15 Jan 2024, 23:50'); // 00:00 on the 16th in Tokyo
    } finally {
      vi.useRealTimers();
    }
  });

  test('shows user text as plain text and answers as markdown, each with dir="auto" and its time', async () => {
    const model = inline({ timeZone: 'Asia/Tokyo' });
    const at = Date.UTC(2024, 0, 15, 9, 30);
    model.conversation.add({ role: 'user', text: '**not bold**\nsecond line', createdAt: at });
    model.conversation.add({ role: 'assistant', text: 'A *real* answer', createdAt: at });
    await renderPanel(model);
    const [user, answer] = Array.from(log().querySelectorAll('.cw-msg:not(.cw-msg--welcome)'));
    expect(user?.classList.contains('cw-msg--user')).toBe(true);
    expect(user?.querySelector('.cw-msg__text')?.textContent).toBe('**not bold**\nsecond line');
    expect(user?.querySelector('strong')).toBeNull();
    expect(answer?.querySelector('em')?.textContent).toBe('real');
    for (const message of [user, answer]) {
      expect(message?.querySelector('.cw-msg__bubble')?.getAttribute('dir')).toBe('auto');
      const time = message?.querySelector('time');
      // 09:30 UTC is 18:30 in Tokyo
      expect(time?.textContent).toMatch(/6:30|18:30/);
      expect(time?.getAttribute('datetime')).toBe('2024-01-15T09:30:00.000Z');
    }
  });

  test('shows a typing indicator while the answer is waiting, then the streamed text', async () => {
    const model = inline();
    model.conversation.add({ role: 'user', text: 'Hi' });
    const answer = model.conversation.add({ role: 'assistant', status: 'waiting' });
    await renderPanel(model);
    expect(screen.getByRole('img', { name: 'Test bot is typing' })).toBeTruthy();
    act(() => {
      answer.status.value = 'streaming';
      answer.text.value = 'Hel';
    });
    expect(screen.queryByRole('img', { name: 'Test bot is typing' })).toBeNull();
    expect(log().textContent).toContain('Hel');
    act(() => {
      answer.text.value = 'Hello there';
    });
    expect(log().textContent).toContain('Hello there');
  });

  test('a streaming answer shows unfinished markdown as it will be, and still when stopped; finished, it reads as written', async () => {
    const model = inline();
    model.conversation.add({ role: 'user', text: 'Homes?' });
    const answer = model.conversation.add({ role: 'assistant', text: 'Here are **3 ho', status: 'streaming' });
    await renderPanel(model);
    const bubble = (): Element => log().querySelector('.cw-msg--assistant:not(.cw-msg--welcome) .cw-md')!;
    expect(bubble().querySelector('strong')?.textContent).toBe('3 ho');
    act(() => {
      answer.text.value = 'Here are **3 homes** in [Seattle](https://example.com/se';
    });
    expect(bubble().textContent).toBe('Here are 3 homes in Seattle');
    expect(bubble().querySelector('a')).toBeNull();
    act(() => {
      answer.status.value = 'stopped';
    });
    expect(bubble().textContent).toBe('Here are 3 homes in Seattle');
    act(() => {
      answer.status.value = 'done';
    });
    expect(bubble().textContent).toBe('Here are 3 homes in [Seattle](https://example.com/se');
  });

  test('a failed question shows its error, keeps its text and offers retry', async () => {
    const model = inline();
    const question = model.conversation.add({
      role: 'user',
      text: 'What are your hours?',
      status: 'failed',
      error: 'No connection. Check your network and try again.',
    });
    await renderPanel(model);
    const message = log().querySelector('.cw-msg--user');
    expect(message?.classList.contains('cw-msg--failed')).toBe(true);
    expect(message?.textContent).toContain('What are your hours?');
    expect(message?.textContent).toContain('No connection. Check your network and try again.');
    fireEvent.click(within(message as HTMLElement).getByRole('button', { name: 'Send again' }));
    expect(model.conversation.retried).toEqual([question.id]);
  });

  test('interrupted, stopped and failed answers offer retry; finished ones do not', async () => {
    const model = inline();
    const interrupted = model.conversation.add({
      role: 'assistant',
      text: 'Half an ans',
      status: 'interrupted',
      error: 'The answer was cut off.',
    });
    model.conversation.add({ role: 'assistant', text: 'Partial', status: 'stopped' });
    model.conversation.add({ role: 'assistant', text: '', status: 'failed', error: 'The service refused: monthly cap reached.' });
    model.conversation.add({ role: 'assistant', text: 'Complete', status: 'done' });
    await renderPanel(model);
    const retries = screen.getAllByRole('button', { name: 'Retry' });
    expect(retries).toHaveLength(3);
    expect(log().textContent).toContain('Half an ans');
    expect(log().textContent).toContain('The answer was cut off.');
    expect(log().textContent).toContain('Stopped.');
    expect(log().textContent).toContain('monthly cap reached');
    fireEvent.click(retries[0] as HTMLElement);
    expect(model.conversation.retried).toEqual([interrupted.id]);
  });

  test("an answer cut off or stopped mid-markdown never shows its unfinished syntax; a finished one reads as CommonMark", async () => {
    const model = inline();
    const cut = '1. **[6604 Cooper Ln](https://harb';
    model.conversation.add({ role: 'assistant', text: cut, status: 'interrupted', error: 'The answer was cut off.' });
    model.conversation.add({ role: 'assistant', text: 'Homes: **12 Elm St', status: 'stopped' });
    model.conversation.add({ role: 'assistant', text: 'See [12 Elm St', status: 'interrupted', error: 'Cut off.' });
    model.conversation.add({ role: 'assistant', text: 'Done **not bold', status: 'done' });
    await renderPanel(model);
    const [interrupted, stopped, inLink, done] = [...log().querySelectorAll('.cw-msg--assistant:not(.cw-msg--welcome) .cw-msg__bubble')];
    expect(inLink?.textContent).toBe('See 12 Elm St'); // cut inside a link's words: no stray "["
    expect(interrupted?.textContent).toBe('6604 Cooper Ln');
    expect(interrupted?.querySelector('li strong')?.textContent).toBe('6604 Cooper Ln');
    expect(stopped?.textContent).toBe('Homes: 12 Elm St');
    expect(stopped?.querySelector('strong')?.textContent).toBe('12 Elm St');
    expect(done?.textContent).toBe('Done **not bold');
  });

  test('a failed question without files offers Edit, which takes it back to the text field; with files it does not', async () => {
    const model = inline();
    const question = model.conversation.add({ role: 'user', text: 'Too long?', status: 'failed', error: 'Refused.' });
    model.conversation.add({
      role: 'user',
      text: 'With a photo',
      status: 'failed',
      error: 'Refused.',
      attachments: [{ kind: 'image', fileId: 1, name: 'a.png', size: 10, mimeType: 'image/png', url: 'https://files.example/1' }],
    });
    await renderPanel(model);
    const edits = screen.getAllByRole('button', { name: 'Edit' });
    expect(edits).toHaveLength(1);
    fireEvent.click(edits[0]!);
    expect(model.conversation.edited).toEqual([question.id]);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
  });

  test('retry hands focus to the conversation log, so it is not lost when the button goes away', async () => {
    const model = inline();
    model.conversation.add({ role: 'user', text: 'Hours?', status: 'failed', error: 'No connection.' });
    await renderPanel(model);
    const button = screen.getByRole('button', { name: 'Send again' });
    button.focus();
    fireEvent.click(button);
    expect(document.activeElement).toBe(log());
  });

  test('retry is disabled while another answer is running', async () => {
    const model = inline();
    model.conversation.add({ role: 'assistant', text: 'x', status: 'stopped' });
    model.conversation.busy.value = true;
    await renderPanel(model);
    expect((screen.getByRole('button', { name: 'Retry' }) as HTMLButtonElement).disabled).toBe(true);
  });

  test('copy writes the answer to the clipboard and says "Copied"', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const model = inline();
    model.conversation.add({ role: 'assistant', text: 'Open 9 to 5.' });
    const { container } = await renderPanel(model);
    fireEvent.click(screen.getByRole('button', { name: 'Copy answer' }));
    expect(writeText).toHaveBeenCalledWith('Open 9 to 5.');
    await screen.findByRole('button', { name: 'Copied' });
    expect(liveRegion(container).textContent).toBe('Copied');
  });

  test('copy tells the visitor when the clipboard refuses', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: vi.fn().mockRejectedValue(new Error('denied')) },
    });
    const model = inline();
    model.conversation.add({ role: 'assistant', text: 'x' });
    await renderPanel(model);
    fireEvent.click(screen.getByRole('button', { name: 'Copy answer' }));
    await screen.findByRole('button', { name: 'Copy failed' });
  });

  test('no copy button while an answer is still streaming', async () => {
    const model = inline();
    model.conversation.add({ role: 'assistant', text: 'partial', status: 'streaming' });
    await renderPanel(model);
    expect(screen.queryByRole('button', { name: 'Copy answer' })).toBeNull();
  });

  test('a notice shows its mailto link (talk to a person)', async () => {
    const model = inline();
    model.conversation.add({
      role: 'notice',
      text: 'Someone will reply by e-mail.',
      mailto: 'mailto:help@example.com?subject=Chat&body=Hi',
    });
    await renderPanel(model);
    const link = screen.getByRole('link', { name: 'Email the conversation' });
    expect(link.getAttribute('href')).toBe('mailto:help@example.com?subject=Chat&body=Hi');
  });

  test('a mailto that is not a mailto or http(s) URL is not rendered as a link', async () => {
    const model = inline();
    model.conversation.add({ role: 'notice', text: 'x', mailto: 'javascript:alert(1)' });
    await renderPanel(model);
    expect(screen.queryByRole('link', { name: 'Email the conversation' })).toBeNull();
  });

  test('"new conversation" takes a second press that says what it does, and is inert while the conversation is empty', async () => {
    const model = inline();
    await renderPanel(model);
    const button = screen.getByRole('button', { name: 'Start a new conversation' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    fireEvent.click(button);
    expect(model.conversation.newConversations).toBe(0);
    act(() => void model.conversation.add({ role: 'user', text: 'Hi' }));
    expect(button.getAttribute('aria-disabled')).toBe('false');
    fireEvent.click(button);
    expect(model.conversation.newConversations).toBe(0);
    // The same button (focus stays on it) now asks, by its text.
    expect(screen.getByRole('button', { name: 'Clear chat?' })).toBe(button);
    fireEvent.click(button);
    expect(model.conversation.newConversations).toBe(1);
    expect(screen.getByRole('button', { name: 'Start a new conversation' })).toBe(button);
    // Leaving the button after a first press forgets it.
    fireEvent.click(button);
    fireEvent.blur(button);
    expect(screen.getByRole('button', { name: 'Start a new conversation' })).toBe(button);
    fireEvent.click(button);
    expect(model.conversation.newConversations).toBe(1);
  });

  test('Escape after the first press takes it back, not the chat: focus stays on the button, which says what it does again', async () => {
    const model = createFakeModel({ open: true });
    model.conversation.add({ role: 'user', text: 'Hi' });
    const { container } = await renderPanel(model);
    const pageKeys: string[] = [];
    const onPageKey = (event: KeyboardEvent): void => void pageKeys.push(event.key);
    document.addEventListener('keydown', onPageKey);
    try {
      const button = screen.getByRole('button', { name: 'Start a new conversation' });
      button.focus();
      fireEvent.click(button);
      expect(screen.getByRole('button', { name: 'Clear chat?' })).toBe(button);
      fireEvent.keyDown(button, { key: 'Escape' });
      expect(model.isOpen.value).toBe(true);
      expect(model.calls).not.toContain('close');
      expect(screen.getByRole('button', { name: 'Start a new conversation' })).toBe(button);
      expect(document.activeElement).toBe(button);
      // Nothing was cleared nor said; the page's own Escape handlers (closing a dialog of its own) did not act on it.
      expect(model.conversation.newConversations).toBe(0);
      expect(liveRegion(container).textContent).toBe('');
      expect(pageKeys).toEqual([]);
      // The next press asks again; with no question pending, Escape closes the chat as anywhere in it.
      fireEvent.click(button);
      expect(model.conversation.newConversations).toBe(0);
      expect(screen.getByRole('button', { name: 'Clear chat?' })).toBe(button);
      fireEvent.keyDown(button, { key: 'Escape' });
      fireEvent.keyDown(button, { key: 'Escape' });
      expect(model.isOpen.value).toBe(false);
    } finally {
      document.removeEventListener('keydown', onPageKey);
    }
  });

  test('the second press clears the conversation, moves focus to the text field and says it is cleared', async () => {
    const model = inline();
    model.conversation.add({ role: 'user', text: 'Hi' });
    const { container } = await renderPanel(model);
    const button = screen.getByRole('button', { name: 'Start a new conversation' });
    fireEvent.click(button);
    expect(liveRegion(container).textContent).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Clear chat?' }));
    expect(model.conversation.newConversations).toBe(1);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
    await waitFor(() => expect(liveRegion(container).textContent).toBe('Conversation cleared.'));
  });
});

describe('live region', () => {
  test('announces a finished answer once, never while it streams, and not restored history', async () => {
    const model = inline();
    model.conversation.add({ role: 'assistant', text: 'An old answer from storage' });
    const { container } = await renderPanel(model);
    const region = liveRegion(container);
    expect(region.getAttribute('role')).toBe('status');
    expect(region.closest('[role="log"]')).toBeNull();
    const announced: string[] = [];
    new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) announced.push(node.textContent ?? '');
    }).observe(region, { childList: true, subtree: true, characterData: true });

    // A frame after each step, as in a real stream: the announcer (a signal effect) runs after paint, so it
    // really sees the waiting and streaming states.
    const answer = model.conversation.add({ role: 'assistant', status: 'waiting' });
    await afterPaint();
    for (const text of ['The', 'The shop', 'The shop opens at *9*.']) {
      act(() => {
        answer.status.value = 'streaming';
        answer.text.value = text;
      });
      await afterPaint();
    }
    expect(announced).toEqual([]);
    expect(region.textContent).toBe('');

    act(() => {
      answer.status.value = 'done';
    });
    // Not in the task that finished the answer: only after the frame that shows it.
    expect(region.textContent).toBe('');
    await afterPaint();
    await waitFor(() => expect(region.textContent).toBe('Test bot: The shop opens at 9.'));
    act(() => {
      model.conversation.busy.value = true;
      model.conversation.busy.value = false;
    });
    await Promise.resolve();
    expect(announced).toEqual(['Test bot: The shop opens at 9.']);
  });

  test('a long answer whose final text arrives with the done status is announced from that text, up to the cap', async () => {
    const model = inline();
    const { container } = await renderPanel(model);
    const region = liveRegion(container);
    const answer = model.conversation.add({ role: 'assistant', status: 'waiting' });
    await afterPaint();
    const paragraphs = Array.from({ length: 200 }, (_, index) => `Part ${index} says **hello** to [everyone](https://example.com) here.`);
    act(() => {
      answer.status.value = 'streaming';
      answer.text.value = paragraphs[0]!;
    });
    await afterPaint();

    // The rest of the answer and the done status in one step, as when the final record arrives in the same
    // network read as chunks that were never rendered.
    act(() => {
      answer.text.value = paragraphs.join('\n\n');
      answer.status.value = 'done';
    });
    await waitFor(() => expect(region.textContent).not.toBe(''));
    const announced = region.textContent ?? '';
    const prefix = 'Test bot: ';
    const suffix = '… (continues in the conversation)';
    expect(announced.startsWith(prefix + 'Part 0 says hello to everyone here.\nPart 1 says hello')).toBe(true);
    expect(announced.endsWith(suffix)).toBe(true);
    const said = announced.slice(prefix.length, -suffix.length);
    expect(said.length).toBeLessThanOrEqual(600);
    expect(said.length).toBeGreaterThan(550);
    // Exactly the beginning of the answer's words, ending at a word boundary.
    const whole = paragraphs.map((paragraph) => paragraph.replace(/\*\*|\[|\]\(https:\/\/example\.com\)/g, '')).join('\n');
    expect(whole.startsWith(said)).toBe(true);
    expect(whole.charAt(said.length)).toMatch(/\s/);
    expect(region.querySelectorAll('p')).toHaveLength(1);
  });

  test("is silent about what another tab or widget asked, arriving finished; says this panel's own, however fast", async () => {
    const model = inline();
    const { container } = await renderPanel(model);
    const region = liveRegion(container);
    const announced: string[] = [];
    new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) announced.push(node.textContent ?? '');
    }).observe(region, { childList: true });

    // Taken in from storage: another writer's exchange, its answer already done, and its question that failed.
    act(() => {
      model.conversation.add({ role: 'user', text: 'Homes in Austin?' });
      model.conversation.add({ role: 'assistant', text: 'Three homes.', status: 'done' });
      model.conversation.add({ role: 'user', text: 'And Porto?', status: 'failed', error: 'Could not reach the chat service.' });
    });
    await afterPaint();
    await afterPaint();
    expect(announced).toEqual([]);

    // This panel's own answer, waiting and done within one task (no frame between): it was seen on its way.
    act(() => {
      const answer = model.conversation.add({ role: 'assistant', status: 'waiting' });
      answer.text.value = 'Two flats.';
      answer.status.value = 'done';
    });
    await waitFor(() => expect(announced).toEqual(['Test bot: Two flats.']));
  });

  test("is silent about another writer's answer it sees arriving (streaming in another tab, a copy at each write)", async () => {
    const model = inline();
    const { container } = await renderPanel(model);
    const announced: string[] = [];
    new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) announced.push(node.textContent ?? '');
    }).observe(liveRegion(container), { childList: true });
    const question = model.conversation.add({ role: 'user', text: 'Homes in Austin?' });
    const asStored = (status: MessageStatus, text: string): ChatMessage => ({
      ...fakeMessage({ role: 'assistant', status, text }),
      id: 'other-tab-2',
    });
    for (const [status, text] of [['waiting', ''], ['streaming', 'Three'], ['done', 'Three homes.'], ['interrupted', 'Three']] as const) {
      act(() => void (model.conversation.messages.value = [question, asStored(status, text)]));
    }
    await afterPaint();
    await afterPaint();
    expect(announced).toEqual([]);
  });

  test("says a question's failure, unless the config failed on the question's way: its alert said why", async () => {
    const model = inline();
    const unreachable = 'Could not reach the chat service. Check your connection.';
    const configFailure = (): ServiceError => new ServiceError('network', unreachable, { operation: 'getConfig' });
    model.config.value = { status: 'failed', error: configFailure() };
    const { container } = await renderPanel(model);
    const announced: string[] = [];
    new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) announced.push(node.textContent ?? '');
    }).observe(liveRegion(container), { childList: true });
    const fail = (question: ReturnType<typeof model.conversation.add>): void => {
      act(() => {
        question.error.value = unreachable;
        question.status.value = 'failed';
      });
    };

    // The config failed long before (its alert is old news): the question's failure is said.
    fail(model.conversation.add({ role: 'user', text: 'Homes in Austin?' }));
    await waitFor(() => expect(announced).toEqual([unreachable]));

    // The question asked GetConfig for a session, which failed again: the alert shows again and says it.
    const second = model.conversation.add({ role: 'user', text: 'And in Porto?' });
    act(() => void (model.config.value = { status: 'loading' }));
    act(() => void (model.config.value = { status: 'failed', error: configFailure() }));
    expect(container.querySelector('[role="alert"]')?.textContent).toContain(unreachable);
    fail(second);
    await afterPaint();
    expect(announced).toEqual([unreachable]);
  });

  test('announces a failure in plain words', async () => {
    const model = inline();
    const { container } = await renderPanel(model);
    const answer = model.conversation.add({ role: 'assistant', status: 'waiting' });
    await afterPaint();
    act(() => {
      answer.status.value = 'failed';
      answer.error.value = 'The service is busy.';
    });
    await waitFor(() => expect(liveRegion(container).textContent).toBe('The answer failed: The service is busy.'));
  });

  test('announces an answer cut off with the words that arrived, then why it failed', async () => {
    const model = inline({ name: 'Harbor Bot' });
    const { container } = await renderPanel(model);
    const answer = model.conversation.add({ role: 'assistant', text: 'I found **3 listings** in\n\n1. **[6604 Cooper Ln](https://harb', status: 'streaming' });
    await afterPaint();
    act(() => {
      answer.status.value = 'interrupted';
      answer.error.value = 'The answer was interrupted before it was complete.';
    });
    await waitFor(() =>
      expect(liveRegion(container).textContent).toBe(
        'Harbor Bot: I found 3 listings in\n1. 6604 Cooper Ln The answer failed: The answer was interrupted before it was complete.',
      ),
    );
  });

  test('announces an answer the visitor stopped, as it does finished and failed ones', async () => {
    const model = inline();
    const { container } = await renderPanel(model);
    const answer = model.conversation.add({ role: 'assistant', text: 'Part', status: 'streaming' });
    await afterPaint();
    act(() => {
      answer.status.value = 'stopped';
    });
    await waitFor(() => expect(liveRegion(container).textContent).toBe('Answer stopped.'));
  });
});

describe('scrolling', () => {
  function fakeScrollBox(element: HTMLElement, size: { scrollHeight: number; clientHeight: number }) {
    Object.defineProperty(element, 'scrollHeight', { configurable: true, get: () => size.scrollHeight });
    Object.defineProperty(element, 'clientHeight', { configurable: true, get: () => size.clientHeight });
  }

  /**
   * ResizeObservers whose deliveries the test makes (happy-dom's never report a size change): `resized()` tells every
   * observer that what it watches changed size, as a browser does after the layout of a frame that grew it.
   */
  function handDeliveredResizeObservers(): { resized(): void } {
    const watched = new Map<ResizeObserver, { callback: ResizeObserverCallback; targets: Set<Element> }>();
    class HandDelivered {
      constructor(callback: ResizeObserverCallback) {
        watched.set(this as unknown as ResizeObserver, { callback, targets: new Set() });
      }
      observe(target: Element): void {
        watched.get(this as unknown as ResizeObserver)?.targets.add(target);
      }
      unobserve(target: Element): void {
        watched.get(this as unknown as ResizeObserver)?.targets.delete(target);
      }
      disconnect(): void {
        watched.get(this as unknown as ResizeObserver)?.targets.clear();
      }
    }
    vi.stubGlobal('ResizeObserver', HandDelivered);
    return {
      resized() {
        for (const [observer, { callback, targets }] of watched) {
          if (targets.size > 0) callback([...targets].map((target) => ({ target }) as ResizeObserverEntry), observer);
        }
      },
    };
  }

  test('follows the newest text while at the bottom; scrolled up, it stays and offers "jump to latest"', async () => {
    const observers = handDeliveredResizeObservers();
    const model = inline();
    model.conversation.add({ role: 'user', text: 'Tell me a long story' });
    const answer = model.conversation.add({ role: 'assistant', text: 'Once', status: 'streaming' });
    await renderPanel(model);
    const list = log();
    const box = { scrollHeight: 1000, clientHeight: 200 };
    fakeScrollBox(list, box);

    // A streaming answer that is the newest message is kept in view once the browser reports it grew, after the
    // frame's layout: its render does not force a layout of its own.
    act(() => {
      answer.text.value = 'Once upon a time';
    });
    expect(list.scrollTop).toBe(0);
    act(() => observers.resized());
    expect(list.scrollTop).toBe(1000);
    expect(screen.queryByRole('button', { name: 'Jump to latest message' })).toBeNull();

    list.scrollTop = 300;
    fireEvent.scroll(list);
    const jump = await screen.findByRole('button', { name: 'Jump to latest message' });
    box.scrollHeight = 1400;
    act(() => {
      answer.text.value = 'Once upon a time there was a widget';
      observers.resized();
    });
    expect(list.scrollTop).toBe(300);

    fireEvent.click(jump);
    expect(list.scrollTop).toBe(1400);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Jump to latest message' })).toBeNull());
    expect(document.activeElement).toBe(list);
  });

  test('a streaming answer with a message below it (a notice) keeps the view at the bottom by itself as it grows', async () => {
    handDeliveredResizeObservers();
    const model = inline();
    model.conversation.add({ role: 'user', text: 'Tell me a long story' });
    const answer = model.conversation.add({ role: 'assistant', text: 'Once', status: 'streaming' });
    model.conversation.add({ role: 'notice', text: 'Some attachments are still uploading.' });
    await renderPanel(model);
    const list = log();
    fakeScrollBox(list, { scrollHeight: 1000, clientHeight: 200 });
    // The list's observer watches the newest message, the notice, which does not grow: the answer's render scrolls.
    act(() => {
      answer.text.value = 'Once upon a time';
    });
    expect(list.scrollTop).toBe(1000);
  });

  test('a long conversation arriving at once (restored from storage) is laid out to keep the newest in view once, not once per message', async () => {
    const model = inline();
    await renderPanel(model);
    const list = log();
    let layouts = 0;
    Object.defineProperty(list, 'scrollHeight', { configurable: true, get: () => ((layouts += 1), 90_000) });
    const restored = Array.from({ length: 300 }, (_, index) =>
      createMessage({ id: `m${index}`, role: index % 2 ? 'assistant' : 'user', status: index % 2 ? 'done' : 'sent', createdAt: 0, text: `**${index}**` }),
    );
    act(() => {
      model.conversation.messages.value = restored;
    });
    expect(list.querySelectorAll('.cw-msg--assistant[data-status="done"]')).toHaveLength(150);
    expect(list.scrollTop).toBe(90_000);
    // Each read of the log's height is a forced layout of everything in it: 300 of them took a second in Chromium.
    expect(layouts).toBeLessThanOrEqual(2);
  });

  test("the visitor's own new question brings the view back down", async () => {
    const model = inline();
    model.conversation.add({ role: 'assistant', text: 'Earlier answer' });
    await renderPanel(model);
    const list = log();
    const box = { scrollHeight: 800, clientHeight: 200 };
    fakeScrollBox(list, box);
    list.scrollTop = 100;
    fireEvent.scroll(list);
    await screen.findByRole('button', { name: 'Jump to latest message' });
    box.scrollHeight = 900;
    act(() => void model.conversation.add({ role: 'user', text: 'New question' }));
    await waitFor(() => expect(list.scrollTop).toBe(900));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Jump to latest message' })).toBeNull());
  });
});
