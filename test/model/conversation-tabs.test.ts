/**
 * Two conversations of one chatbot over one storage: two tabs of the site (told of each other's writes by the
 * `storage` event), or two widgets on one page (which are not). Nothing either visitor said or was told is lost.
 */
import { describe, expect, it } from 'vitest';
import { ANSWER_HEARTBEAT_MS, STALE_ANSWER_MS } from '../../src/model/conversation';
import { createHarness, settle, statuses, texts, type Harness } from '../helpers/conversation-harness';

const MESSAGES = 'cw:demo-realty:chat:messages';
const SESSION = 'cw:demo-realty:chat:session';

/** A second tab (or widget) of the same site: the same storage and clock. */
const otherTab = (first: Harness): Harness =>
  createHarness({ local: first.local, session: first.session, clock: first.clock });

async function exchange(tab: Harness, question: string, answer: string): Promise<void> {
  const sent = tab.conversation.send(question);
  (await tab.fake.nextAsk()).finish(answer);
  await sent;
  tab.frames.runFrame(); // the frame that shows the answer; the conversation is saved in the task after it
  tab.clock.advance(1);
}

describe('one conversation in two tabs', () => {
  it('keeps both exchanges when each tab writes only what it has seen (no storage event: two widgets on a page)', async () => {
    const tabA = createHarness();
    const tabB = otherTab(tabA);
    await exchange(tabA, 'homes in Austin', 'Three homes in Austin.');
    await exchange(tabB, 'homes in Denver', 'Two homes in Denver.');

    const tabC = otherTab(tabA);
    expect(texts(tabC.conversation)).toEqual([
      'homes in Austin', 'Three homes in Austin.', 'homes in Denver', 'Two homes in Denver.',
    ]);
    expect(statuses(tabC.conversation)).toEqual(['user:sent', 'assistant:done', 'user:sent', 'assistant:done']);
    // The writing tab took the other's messages in too.
    expect(texts(tabB.conversation)).toEqual(texts(tabC.conversation));
    // Still the array earlier versions wrote and read.
    expect(Array.isArray(tabA.local.json(MESSAGES))).toBe(true);
  });

  it("shows the other tab's messages as they are written, without a reload, and leaves the draft alone", async () => {
    const tabA = createHarness();
    const tabB = otherTab(tabA);
    tabB.conversation.draft.value = 'and in Bould';

    const sent = tabA.conversation.send('homes in Austin');
    const ask = await tabA.fake.nextAsk();
    tabB.storageEvent(MESSAGES);
    expect(statuses(tabB.conversation)).toEqual(['user:sent', 'assistant:waiting']);

    ask.finish('Three homes in Austin.');
    await sent;
    tabA.frames.runFrame();
    tabA.clock.advance(0);
    tabB.storageEvent(MESSAGES);
    expect(texts(tabB.conversation)).toEqual(['homes in Austin', 'Three homes in Austin.']);
    expect(statuses(tabB.conversation)).toEqual(['user:sent', 'assistant:done']);
    expect(tabB.conversation.draft.value).toBe('and in Bould');
    // Adopting is not a new message of this tab: no 'message' event for what the other tab said.
    expect(tabB.events.filter((event) => event.name === 'message')).toEqual([]);

    // Events of other keys and of the other storage are not about the messages.
    tabA.conversation.addNotice('Someone will write to you.');
    tabB.storageEvent('cw:demo-realty:chat:draft');
    tabB.storageEvent(MESSAGES, tabB.session);
    expect(texts(tabB.conversation)).toHaveLength(2);
  });

  it('a new conversation started in one tab is not undone by the other tab writing its stale list', async () => {
    const tabA = createHarness();
    const tabB = otherTab(tabA);
    await exchange(tabA, 'homes in Austin', 'Three homes in Austin.');
    tabB.storageEvent(MESSAGES);
    expect(texts(tabB.conversation)).toHaveLength(2);

    tabA.conversation.newConversation();
    tabA.clock.advance(1);
    // Tab B writes before it hears of the new conversation (its page is being hidden).
    tabB.conversation.persist();
    expect(tabA.local.json(MESSAGES)).toEqual([]);
    expect(tabA.local.json(SESSION)).toBeUndefined();
    expect(otherTab(tabA).conversation.messages.value).toEqual([]);
    // ...and what tab B asks in the new conversation is kept.
    await exchange(tabB, 'homes in Denver', 'Two homes in Denver.');
    expect(texts(tabB.conversation)).toEqual(['homes in Denver', 'Two homes in Denver.']);
    tabA.storageEvent(MESSAGES);
    expect(texts(tabA.conversation)).toEqual(['homes in Denver', 'Two homes in Denver.']);
  });

  it('a tab that hears of a new conversation drops the old one, its session and an answer still streaming for it', async () => {
    const tabA = createHarness();
    const tabB = otherTab(tabA);
    await exchange(tabA, 'homes in Austin', 'Three homes in Austin.');
    tabB.storageEvent(MESSAGES);
    const sent = tabB.conversation.send('and in Dallas?');
    const ask = await tabB.fake.nextAsk();
    expect(ask.request.sessionID).toBe(tabA.sessionsIssued[0]?.id);

    tabA.clock.advance(1);
    tabA.conversation.newConversation();
    tabB.storageEvent(MESSAGES);
    expect(tabB.conversation.messages.value).toEqual([]);
    await expect(sent).resolves.toEqual({ ok: false, reason: 'stopped' });
    expect(tabB.conversation.busy.value).toBe(false);
    expect(tabB.conversation.sessionKey()).toBeUndefined();
  });

  it('never disturbs an answer this tab is streaming when the other tab writes', async () => {
    const tabA = createHarness();
    const tabB = otherTab(tabA);
    const sentB = tabB.conversation.send('homes in Denver');
    const askB = await tabB.fake.nextAsk();
    askB.chunk('Two homes ');
    tabB.frames.runFrame();
    const streaming = tabB.conversation.messages.value[1];

    tabA.storageEvent(MESSAGES);
    await exchange(tabA, 'homes in Austin', 'Three homes in Austin.');
    tabB.storageEvent(MESSAGES);
    expect(tabB.conversation.messages.value).toContain(streaming);
    expect(streaming?.status.value).toBe('streaming');
    expect(streaming?.text.value).toBe('Two homes ');
    expect(tabB.conversation.busy.value).toBe(true);

    askB.chunk('in Denver.');
    askB.finish();
    await sentB;
    tabB.frames.runFrame();
    tabB.clock.advance(0);
    expect(statuses(tabB.conversation)).toEqual(['user:sent', 'assistant:done', 'user:sent', 'assistant:done']);
    expect(texts(otherTab(tabA).conversation)).toEqual([
      'homes in Denver', 'Two homes in Denver.', 'homes in Austin', 'Three homes in Austin.',
    ]);
  });

  it('writes its messages again when the other tab wrote over them (a write that raced)', async () => {
    const tabA = createHarness();
    await exchange(tabA, 'homes in Austin', 'Three homes in Austin.');
    const stored = tabA.local.items.get(MESSAGES);
    const tabB = createHarness({ local: tabA.local, clock: tabA.clock });
    // Tab B read storage before tab A's last question landed, and wrote after it.
    await exchange(tabA, 'and in Dallas?', 'One in Dallas.');
    tabA.local.setItem(MESSAGES, stored ?? '');
    await exchange(tabB, 'homes in Denver', 'Two homes in Denver.');
    expect(texts(otherTab(tabA).conversation)).not.toContain('and in Dallas?');

    tabA.storageEvent(MESSAGES);
    expect(texts(otherTab(tabA).conversation)).toEqual([
      'homes in Austin', 'Three homes in Austin.', 'and in Dallas?', 'One in Dallas.', 'homes in Denver', 'Two homes in Denver.',
    ]);
  });

  it('takes the session the other tab renewed', async () => {
    const tabA = createHarness();
    await exchange(tabA, 'homes in Austin', 'Three homes in Austin.');
    const tabB = otherTab(tabA);
    expect(tabB.conversation.sessionKey()).toBe(tabA.conversation.sessionKey());
    // The service forgot the session: tab A asks again in a fresh one.
    const sent = tabA.conversation.send('and in Dallas?');
    (await tabA.fake.nextAsk()).fail('http', 'HTTP 401', { status: 401 });
    (await tabA.fake.nextAsk()).finish('One in Dallas.');
    await sent;
    tabA.frames.runFrame();
    tabA.clock.advance(0);
    const renewed = tabA.conversation.sessionKey();
    expect(renewed).not.toBe(tabB.conversation.sessionKey());

    tabB.storageEvent(MESSAGES);
    expect(tabB.conversation.sessionKey()).toBe(renewed);
    const sentB = tabB.conversation.send('homes in Denver');
    const askB = await tabB.fake.nextAsk();
    expect(askB.request.sessionID).toBe(tabA.sessionsIssued.at(-1)?.id);
    askB.finish('Two homes in Denver.');
    await sentB;
    await settle();
    expect(tabB.fake.asks).toHaveLength(1);
  });

  it('loads and keeps what an earlier version stored (messages without a start, and their session)', async () => {
    const tabA = createHarness();
    tabA.local.setItem(MESSAGES, JSON.stringify([
      { id: 'old-1', role: 'user', text: 'homes in Austin', status: 'sent', createdAt: 1 },
      { id: 'old-2', role: 'assistant', text: 'Three homes in Austin.', status: 'streaming', createdAt: 2 },
    ]));
    tabA.local.setItem(SESSION, JSON.stringify({ id: 7, key: 'key-7' }));
    const loaded = tabA.reload();
    expect(statuses(loaded.conversation)).toEqual(['user:sent', 'assistant:interrupted']);

    const tabB = otherTab(loaded);
    await exchange(tabB, 'homes in Denver', 'Two homes in Denver.');
    expect(tabB.fake.asks[0]?.request.sessionID).toBe(7);
    loaded.storageEvent(MESSAGES);
    expect(texts(loaded.conversation)).toEqual([
      'homes in Austin', 'Three homes in Austin.', 'homes in Denver', 'Two homes in Denver.',
    ]);
    expect(statuses(loaded.conversation)).toEqual(['user:sent', 'assistant:interrupted', 'user:sent', 'assistant:done']);
  });
});

describe('messages restored from storage', () => {
  /** A page whose question failed, loaded again: the question comes from storage. */
  async function reloadedAfterFailure(question: string): Promise<Harness> {
    const first = createHarness();
    const sent = first.conversation.send(question);
    (await first.fake.nextAsk()).fail('network');
    await sent;
    return first.reload();
  }

  it('a failed question retried after a reload is stored as answered, not put back as failed', async () => {
    const reloaded = await reloadedAfterFailure('homes in Austin');
    const question = reloaded.conversation.messages.value[0]!;
    const retried = reloaded.conversation.retry(question.id);
    (await reloaded.fake.nextAsk()).finish('Three homes in Austin.');
    await retried;
    reloaded.frames.runFrame();
    reloaded.clock.advance(1);
    expect(statuses(reloaded.conversation)).toEqual(['user:sent', 'assistant:done']);
    expect(statuses(reloaded.reload().conversation)).toEqual(['user:sent', 'assistant:done']);
  });

  it('a failed question edited after a reload leaves storage too', async () => {
    const reloaded = await reloadedAfterFailure('homes in Austinn');
    reloaded.conversation.edit(reloaded.conversation.messages.value[0]!.id);
    expect(reloaded.conversation.messages.value).toEqual([]);
    expect(reloaded.conversation.draft.value).toBe('homes in Austinn');
    expect(reloaded.reload().conversation.messages.value).toEqual([]);
  });
});

describe('a message one tab made, retried or edited in another', () => {
  /** Tells each tab of the other's writes until neither writes any more; returns how many rounds that took. */
  function settleTabs(tabA: Harness, tabB: Harness): number {
    for (let round = 1; round <= 20; round++) {
      const before = JSON.stringify(tabA.local.json(MESSAGES));
      tabA.storageEvent(MESSAGES);
      tabB.storageEvent(MESSAGES);
      if (JSON.stringify(tabA.local.json(MESSAGES)) === before) return round;
    }
    return Infinity;
  }

  async function failedInA(): Promise<[Harness, Harness]> {
    const tabA = createHarness();
    const tabB = otherTab(tabA);
    const sent = tabA.conversation.send('homes in Austin');
    (await tabA.fake.nextAsk()).fail('network');
    await sent;
    tabA.frames.runFrame(); // saved in the task after the frame
    tabA.clock.advance(1);
    tabB.storageEvent(MESSAGES);
    expect(statuses(tabB.conversation)).toEqual(['user:failed']);
    return [tabA, tabB];
  }

  it('"Send again" in the other tab: both tabs agree at once, and stop writing', async () => {
    const [tabA, tabB] = await failedInA();
    const retried = tabB.conversation.retry(tabB.conversation.messages.value[0]!.id);
    (await tabB.fake.nextAsk()).finish('Three homes in Austin.');
    await retried;
    tabB.frames.runFrame();
    tabB.clock.advance(1);
    expect(settleTabs(tabA, tabB)).toBeLessThanOrEqual(2);
    for (const tab of [tabA, tabB, otherTab(tabA)]) {
      expect(texts(tab.conversation)).toEqual(['homes in Austin', 'Three homes in Austin.']);
      expect(statuses(tab.conversation)).toEqual(['user:sent', 'assistant:done']);
    }
  });

  it('Edit in the other tab: the question leaves both tabs, and they stop writing', async () => {
    const [tabA, tabB] = await failedInA();
    tabB.conversation.edit(tabB.conversation.messages.value[0]!.id);
    expect(tabB.conversation.draft.value).toBe('homes in Austin');
    expect(settleTabs(tabA, tabB)).toBeLessThanOrEqual(2);
    for (const tab of [tabA, tabB, otherTab(tabA)]) expect(tab.conversation.messages.value).toEqual([]);
  });
});

describe('a tab that goes away mid-answer', () => {
  it('is shown interrupted in the other tab, not arriving for good', async () => {
    const tabA = createHarness();
    const tabB = otherTab(tabA);
    void tabA.conversation.send('homes in Austin');
    const ask = await tabA.fake.nextAsk();
    ask.chunk('Three homes');
    tabA.frames.runFrame();
    tabB.storageEvent(MESSAGES);
    expect(statuses(tabB.conversation)).toEqual(['user:sent', 'assistant:waiting']);
    // Tab A's page is hidden (it may still be streaming), then goes away.
    tabA.conversation.persist();
    tabB.storageEvent(MESSAGES);
    expect(statuses(tabB.conversation)).toEqual(['user:sent', 'assistant:streaming']);
    tabA.conversation.persist(true);
    tabB.storageEvent(MESSAGES);
    expect(statuses(tabB.conversation)).toEqual(['user:sent', 'assistant:interrupted']);
    expect(texts(tabB.conversation)).toEqual(['homes in Austin', 'Three homes']);
    tabA.conversation.dispose();
  });

  it('is interrupted in the other tabs once it has gone unwritten for STALE_ANSWER_MS (a tab killed without pagehide)', async () => {
    const tabA = createHarness();
    void tabA.conversation.send('homes in Austin');
    const ask = await tabA.fake.nextAsk();
    ask.chunk('Three homes');
    tabA.frames.runFrame();
    tabA.conversation.persist(); // hidden, then killed: no pagehide, no more writes
    tabA.conversation.dispose(false);
    const tabC = otherTab(tabA); // opened now: the answer may still be streaming somewhere
    expect(statuses(tabC.conversation)).toEqual(['user:sent', 'assistant:streaming']);
    tabC.clock.advance(STALE_ANSWER_MS);
    expect(statuses(tabC.conversation)).toEqual(['user:sent', 'assistant:interrupted']);
    expect(texts(tabC.conversation)).toEqual(['homes in Austin', 'Three homes']);
  });
});

describe('a tab opened while another streams an answer', () => {
  it('shows the answer arriving, growing with the other tab\'s writes, and done when it is, never as failed', async () => {
    const tabA = createHarness();
    const sent = tabA.conversation.send('homes in Austin');
    const ask = await tabA.fake.nextAsk();
    ask.chunk('Three homes');
    tabA.frames.runFrame();
    const tabC = otherTab(tabA); // a listing link of the answer opened in a new tab
    expect(statuses(tabC.conversation)).toEqual(['user:sent', 'assistant:waiting']);
    expect(tabC.conversation.messages.value[1]?.error.value).toBeNull();
    // The streaming tab writes the answer every ANSWER_HEARTBEAT_MS: the new tab sees it grow and knows it alive.
    for (let beat = 0; beat < 4; beat++) {
      ask.chunk(` more${beat}`);
      tabA.frames.runFrame();
      tabA.clock.advance(ANSWER_HEARTBEAT_MS);
      tabC.storageEvent(MESSAGES);
    }
    expect(statuses(tabC.conversation)).toEqual(['user:sent', 'assistant:streaming']);
    expect(texts(tabC.conversation)[1]).toBe('Three homes more0 more1 more2 more3');
    ask.finish('Three homes in Austin.');
    await sent;
    tabA.frames.runFrame();
    tabA.clock.advance(1);
    tabC.storageEvent(MESSAGES);
    expect(statuses(tabC.conversation)).toEqual(['user:sent', 'assistant:done']);
    expect(tabC.fake.asks).toHaveLength(0);
  });
});
