import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../src/model/settings';
import { failureText } from '../../src/api/messages';
import { createHarness, settle, statuses, texts } from '../helpers/conversation-harness';
import { FakeStorage, quotaError, securityError } from '../helpers/fake-storage';
import { createFakeClock } from '../helpers/fake-time';

const MESSAGES = 'cw:demo-realty:chat:messages';
const SESSION = 'cw:demo-realty:chat:session';
const DRAFT = 'cw:demo-realty:chat:draft';

/** Counts the writes of one storage key. */
function countWrites(storage: FakeStorage, key: string): () => number {
  let writes = 0;
  const setItem = storage.setItem.bind(storage);
  storage.setItem = (name: string, value: string) => {
    if (name === key) writes += 1;
    setItem(name, value);
  };
  return () => writes;
}

/** The frame that shows a finished answer, then the task after it, in which the conversation is saved. */
function afterAnswerPainted(harness: { frames: { runFrame(): number }; clock: { advance(ms: number): void } }): void {
  harness.frames.runFrame();
  harness.clock.advance(0);
}

describe('conversation persistence', () => {
  it('restores messages and reuses the session after a reload', async () => {
    const first = createHarness();
    const photo = { kind: 'image' as const, fileId: 4, name: 'porch.jpg', size: 2048, mimeType: 'image/jpeg', url: 'https://files.test/4' };
    const sent = first.conversation.send('How much is this one?', [photo]);
    (await first.fake.nextAsk()).finish('It is **$450,000**.');
    await sent;
    afterAnswerPainted(first);
    expect(first.local.json(SESSION)).toEqual({ id: 101, key: 'key-101' });

    const second = first.reload();
    expect(second.conversation.loaded.value).toBe(true);
    expect(texts(second.conversation)).toEqual(['How much is this one?', 'It is **$450,000**.']);
    expect(statuses(second.conversation)).toEqual(['user:sent', 'assistant:done']);
    expect(second.conversation.messages.value[0]?.attachments).toEqual([photo]);
    expect(second.conversation.messages.value.map((m) => m.id)).toEqual(first.conversation.messages.value.map((m) => m.id));

    const again = second.conversation.send('And the taxes?');
    const ask = await second.fake.nextAsk();
    expect(ask.request.sessionID).toBe(101);
    expect(second.conversation.sessionKey()).toBe('key-101');
    expect(second.sessionsIssued).toEqual([]);
    ask.finish('About $5,000 a year.');
    await again;
    // New ids never collide with restored ones.
    const ids = second.conversation.messages.value.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('writes when a message completes, not on every chunk', async () => {
    const { conversation, fake, frames, clock, local } = createHarness();
    const writes = countWrites(local, MESSAGES);
    const sent = conversation.send('Stream please');
    const ask = await fake.nextAsk();
    const afterSend = writes();
    expect(afterSend).toBe(1);
    for (let index = 0; index < 50; index += 1) {
      ask.chunk(`${index} `);
      if (index % 5 === 0) frames.runFrame();
    }
    expect(writes()).toBe(afterSend);
    ask.finish();
    await sent;
    // Saved after the frame that shows the answer, not in the task that finished it.
    expect(writes()).toBe(afterSend);
    afterAnswerPainted({ frames, clock });
    expect(writes()).toBe(afterSend + 1);
    const stored = local.json(MESSAGES) as Array<{ status: string; text: string }>;
    expect(stored.map((m) => m.status)).toEqual(['sent', 'done']);
  });

  it('an answer that finishes just before the page goes away is saved by persist() or dispose(), frame or not', async () => {
    for (const leave of ['persist', 'dispose'] as const) {
      const first = createHarness();
      const sent = first.conversation.send('Quick one');
      (await first.fake.nextAsk()).finish('Done.');
      await sent;
      first.conversation[leave]();
      const second = first.reload();
      expect(statuses(second.conversation), leave).toEqual(['user:sent', 'assistant:done']);
      expect(texts(second.conversation)[1], leave).toBe('Done.');
    }
  });

  it('restores an answer that was streaming when the page went away as interrupted, with its partial text', async () => {
    const first = createHarness();
    void first.conversation.send('Long answer please');
    const ask = await first.fake.nextAsk();
    ask.chunk('The first part');
    first.frames.runFrame();
    first.conversation.persist(); // the page is being hidden
    const second = first.reload();
    expect(statuses(second.conversation)).toEqual(['user:sent', 'assistant:interrupted']);
    expect(texts(second.conversation)[1]).toBe('The first part');
    expect(second.conversation.messages.value[1]?.error.value).toBe(failureText.interrupted);
    expect(second.conversation.busy.value).toBe(false);

    const retried = second.conversation.retry(second.conversation.messages.value[1]?.id ?? '');
    (await second.fake.nextAsk()).finish('The whole answer.');
    await expect(retried).resolves.toEqual({ ok: true });
  });

  it('an answer still waiting for its first chunk is restored as interrupted too', async () => {
    const first = createHarness();
    void first.conversation.send('Hello?');
    await first.fake.nextAsk();
    const second = first.reload();
    expect(statuses(second.conversation)).toEqual(['user:sent', 'assistant:interrupted']);
  });

  it('keeps the unsent draft, written shortly after the last keystroke', async () => {
    const first = createHarness();
    first.conversation.draft.value = 'I am looking for';
    first.conversation.draft.value = 'I am looking for a two-bedroom';
    expect(first.local.json(DRAFT)).toBeUndefined();
    first.clock.advance(300);
    expect(first.local.json(DRAFT)).toBe('I am looking for a two-bedroom');
    const second = first.reload();
    expect(second.conversation.draft.value).toBe('I am looking for a two-bedroom');
    second.conversation.draft.value = '';
    second.clock.advance(300);
    expect(second.local.json(DRAFT)).toBeUndefined();
  });

  it('uses sessionStorage, and leaves localStorage empty, when RemoveChatLogOnBrowserClose is set', async () => {
    const { conversation, fake, local, session } = createHarness({ settings: { removeChatLogOnBrowserClose: true } });
    const sent = conversation.send('Private question');
    (await fake.nextAsk()).finish('Private answer');
    await sent;
    expect((session.json(MESSAGES) as unknown[]).length).toBe(2);
    expect([...local.items.keys()].filter((key) => key.includes(':chat:'))).toEqual([]);

    // A new browser session: the same localStorage, a new (empty) sessionStorage.
    const fresh = createHarness({ settings: { removeChatLogOnBrowserClose: true }, local, session: new FakeStorage() });
    expect(fresh.conversation.messages.value).toEqual([]);
  });

  it('moves the conversation to sessionStorage when the setting arrives after it was restored', async () => {
    const first = createHarness();
    const sent = first.conversation.send('Hi');
    (await first.fake.nextAsk()).finish('Hello');
    await sent;
    expect(first.local.json(MESSAGES)).toHaveLength(2);

    first.settings.value = { ...DEFAULT_SETTINGS, removeChatLogOnBrowserClose: true };
    expect(first.session.json(MESSAGES)).toHaveLength(2);
    expect(first.local.json(MESSAGES)).toBeUndefined();
    expect(first.session.json(SESSION)).toEqual({ id: 101, key: 'key-101' });
  });

  it('reads the conversation from sessionStorage when the setting arrives before anything happened', () => {
    const session = new FakeStorage();
    session.setItem(MESSAGES, JSON.stringify([{ id: 'a', role: 'user', text: 'kept', status: 'sent', createdAt: 1 }]));
    const harness = createHarness({ session });
    expect(harness.conversation.messages.value).toEqual([]);
    harness.settings.value = { ...DEFAULT_SETTINGS, removeChatLogOnBrowserClose: true };
    expect(texts(harness.conversation)).toEqual(['kept']);
  });

  it('keeps a session still on its way when the setting switches storage before it arrives', async () => {
    let deliver: (session: { id: number; key: string }) => void = () => {};
    let asked = 0;
    const harness = createHarness({
      newSession: () => {
        asked += 1;
        return new Promise((resolve) => (deliver = resolve));
      },
    });
    // An upload asks for a session before GetConfig's settings arrive.
    const ensured = harness.conversation.ensureSession();
    harness.settings.value = { ...DEFAULT_SETTINGS, removeChatLogOnBrowserClose: true };
    deliver({ id: 201, key: 'key-201' });
    await ensured;
    expect(harness.conversation.sessionKey()).toBe('key-201');
    const sent = harness.conversation.send('After the upload');
    (await harness.fake.nextAsk()).finish('Same session.');
    await sent;
    expect(asked).toBe(1);
  });

  it('keeps working when storage is full', async () => {
    const local = new FakeStorage();
    local.failSet = quotaError();
    const { conversation, fake } = createHarness({ local });
    conversation.draft.value = 'draft';
    const sent = conversation.send('Still works?');
    (await fake.nextAsk()).finish('Yes.');
    await expect(sent).resolves.toEqual({ ok: true });
    expect(texts(conversation)).toEqual(['Still works?', 'Yes.']);
    expect(local.items.size).toBe(0);
  });

  it('a conversation grown too long for a full storage keeps it all on the page, and its newest messages for the next one', async () => {
    const local = new FakeStorage();
    const first = createHarness({ local });
    for (let index = 0; index < 20; index += 1) {
      const sent = first.conversation.send(`Question ${index}`);
      (await first.fake.nextAsk()).finish(`Answer ${index}: ${'a long answer '.repeat(50)}`);
      await sent;
    }
    afterAnswerPainted(first);
    // The rest of the quota is the page's own: the conversation has no room to grow.
    local.quota = [...local.items].reduce((sum, [key, text]) => sum + key.length + text.length, 100);
    const sent = first.conversation.send('Homes in Denver?');
    (await first.fake.nextAsk()).finish('Two, on Elm St.');
    await sent;
    afterAnswerPainted(first);
    expect(texts(first.conversation)).toHaveLength(42);

    const next = texts(first.reload().conversation);
    expect(next.slice(-2)).toEqual(['Homes in Denver?', 'Two, on Elm St.']);
    // Halved until it fits: at least half the conversation still comes back.
    expect(next.length).toBeGreaterThanOrEqual(21);
    expect(texts(first.conversation).slice(-next.length)).toEqual(next);
  });

  it('keeps working when storage is blocked altogether', async () => {
    const local = new FakeStorage();
    const session = new FakeStorage();
    local.failAll = securityError();
    session.failAll = securityError();
    const { conversation, fake } = createHarness({ local, session, settings: { rateLimit: { count: 5, windowSeconds: 60, message: 'x' } } });
    const sent = conversation.send('Blocked storage');
    (await fake.nextAsk()).finish('Fine.');
    await expect(sent).resolves.toEqual({ ok: true });
    conversation.newConversation();
    expect(conversation.messages.value).toEqual([]);
  });

  it('ignores stored data that is not a conversation', () => {
    const local = new FakeStorage();
    local.setItem(MESSAGES, JSON.stringify([
      { id: 'ok', role: 'assistant', text: 'valid', status: 'done', createdAt: 5 },
      { id: 'bad-role', role: 'admin', text: 'x', status: 'done', createdAt: 5 },
      { id: 'bad-text', role: 'user', text: 42, status: 'sent', createdAt: 5 },
      'garbage',
      { id: 'ok', role: 'assistant', text: 'duplicate id', status: 'done', createdAt: 5 },
    ]));
    local.setItem(SESSION, '{"id":"not a number"}');
    local.setItem(DRAFT, '{not json');
    const { conversation } = createHarness({ local });
    expect(texts(conversation)).toEqual(['valid']);
    expect(conversation.sessionKey()).toBeUndefined();
    expect(conversation.draft.value).toBe('');
  });

  it('a stored start of the conversation in the future (the clock set back since, or another script) does not swallow new messages', async () => {
    const local = new FakeStorage();
    const clock = createFakeClock();
    local.setItem('cw:demo-realty:chat:started', JSON.stringify(clock.now() + 365 * 24 * 3600 * 1000));
    const first = createHarness({ local, clock });
    const sent = first.conversation.send('Homes in Austin?');
    (await first.fake.nextAsk()).finish('Three homes.');
    await sent;
    afterAnswerPainted(first);
    expect(texts(first.conversation)).toEqual(['Homes in Austin?', 'Three homes.']);
    // Kept across a reload too, and a new conversation still ends it.
    const second = first.reload();
    expect(texts(second.conversation)).toEqual(['Homes in Austin?', 'Three homes.']);
    clock.advance(1000);
    second.conversation.newConversation();
    const again = second.conversation.send('And in Porto?');
    (await second.fake.nextAsk()).finish('Two homes.');
    await again;
    afterAnswerPainted(second);
    expect(texts(second.reload().conversation)).toEqual(['And in Porto?', 'Two homes.']);
  });

  it('a stored time of the last write in the future does not keep another tab\'s answer arriving for good', () => {
    const local = new FakeStorage();
    const clock = createFakeClock();
    local.setItem(MESSAGES, JSON.stringify([
      { id: 'other-1', role: 'user', text: 'Homes in Austin?', status: 'sent', createdAt: clock.now() - 5000 },
      { id: 'other-2', role: 'assistant', text: 'Three', status: 'streaming', createdAt: clock.now() - 5000 },
    ]));
    local.setItem('cw:demo-realty:chat:saved', JSON.stringify(clock.now() + 365 * 24 * 3600 * 1000));
    const { conversation } = createHarness({ local, clock });
    expect(statuses(conversation)).toEqual(['user:sent', 'assistant:interrupted']);
  });

  // As askStream rejects: an HTTP 401 keeps its status; an HTTP 200 envelope's Code 401 is a business error without one.
  it.each([
    ['HTTP 401', 'http', { status: 401, code: 401 }],
    ['an HTTP 200 envelope with Code 401', 'business', { code: 401 }],
  ] as const)('asks once in a fresh session when the stored session is no longer known (%s)', async (_case, kind, details) => {
    const local = new FakeStorage();
    local.setItem(SESSION, JSON.stringify({ id: 7, key: 'expired' }));
    const harness = createHarness({ local });
    const { conversation, fake, sessionsIssued } = harness;
    const sent = conversation.send('Hello again');
    (await fake.nextAsk()).fail(kind, 'Unknown or expired session key', { ...details, serviceMessage: 'Unknown or expired session key' });
    const second = await fake.nextAsk();
    expect(second.request.sessionID).toBe(sessionsIssued[0]?.id);
    second.finish('Welcome back.');
    await expect(sent).resolves.toEqual({ ok: true });
    afterAnswerPainted(harness);
    expect(local.json(SESSION)).toEqual(sessionsIssued[0]);
    await settle();
    expect(fake.asks).toHaveLength(2);
  });
});
