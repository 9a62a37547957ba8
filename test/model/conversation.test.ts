import { effect } from '@preact/signals-core';
import { describe, expect, it } from 'vitest';
import { createHarness, settle, statuses, texts } from '../helpers/conversation-harness';

describe('conversation: asking and streaming', () => {
  it('shows the question at once and a waiting answer until the first chunk, then the final answer', async () => {
    const { conversation, fake, frames, events } = createHarness();
    const result = conversation.send('  What homes are for sale?  ');
    expect(statuses(conversation)).toEqual(['user:sent', 'assistant:waiting']);
    expect(texts(conversation)).toEqual(['What homes are for sale?', '']);
    expect(conversation.busy.value).toBe(true);

    const ask = await fake.nextAsk();
    expect(ask.request).toMatchObject({ sessionID: 101, content: 'What homes are for sale?', chatAskType: 'Text' });
    expect(ask.request.fileIds).toBeUndefined();

    ask.chunk('We have ');
    expect(statuses(conversation)[1]).toBe('assistant:waiting'); // nothing is shown before the frame
    frames.runFrame();
    expect(statuses(conversation)[1]).toBe('assistant:streaming');
    expect(texts(conversation)[1]).toBe('We have ');

    ask.chunk('three.');
    ask.finish('We have three homes.');
    await expect(result).resolves.toEqual({ ok: true });
    expect(statuses(conversation)).toEqual(['user:sent', 'assistant:done']);
    expect(texts(conversation)[1]).toBe('We have three homes.');
    expect(conversation.busy.value).toBe(false);
    // The final record does not wait for a frame (the text above is already final); the frame still pending is
    // the one after which the conversation is saved.
    expect(frames.pending()).toBe(1);
    expect(events.filter((event) => event.name === 'message').map((event) => event.payload)).toEqual([
      { id: conversation.messages.value[0]?.id, role: 'user', text: 'What homes are for sale?', attachments: [] },
      { id: conversation.messages.value[1]?.id, role: 'assistant', text: 'We have three homes.', attachments: [] },
    ]);
  });

  it('batches every chunk of one frame into a single text update', async () => {
    const { conversation, fake, frames } = createHarness();
    void conversation.send('Hi');
    const ask = await fake.nextAsk();
    const answer = conversation.messages.value[1];
    if (answer === undefined) throw new Error('no answer message');
    const seen: string[] = [];
    const stop = effect(() => {
      seen.push(answer.text.value);
    });
    seen.length = 0;

    for (const piece of ['a', 'b', 'c', 'd', 'e']) ask.chunk(piece);
    expect(frames.pending()).toBe(1);
    expect(seen).toEqual([]);
    frames.runFrame();
    expect(seen).toEqual(['abcde']);

    ask.chunk('f');
    ask.chunk('g');
    frames.runFrame();
    expect(seen).toEqual(['abcde', 'abcdefg']);
    expect(frames.runFrame()).toBe(0); // no frame is requested while nothing arrives
    stop();
  });

  it('keeps the streamed text when the final record has an empty Answer', async () => {
    const { conversation, fake } = createHarness();
    const result = conversation.send('Hi');
    const ask = await fake.nextAsk();
    ask.chunk('Hello there');
    ask.finish('');
    await result;
    expect(texts(conversation)[1]).toBe('Hello there');
  });

  it('asks with the attachments as fileIds and the matching chatAskType', async () => {
    const { conversation, fake } = createHarness();
    const photo = { kind: 'image' as const, fileId: 7, name: 'a.png', size: 10, mimeType: 'image/png', url: 'https://x.test/a.png' };
    void conversation.send('', [photo, { ...photo, fileId: 8 }]);
    const ask = await fake.nextAsk();
    expect(ask.request).toMatchObject({ content: '', chatAskType: 'Image', fileIds: [7, 8] });
    expect(conversation.messages.value[0]?.attachments).toHaveLength(2);
  });

  it('refuses empty text and a second question while one is answered', async () => {
    const { conversation, fake } = createHarness();
    await expect(conversation.send('   ')).resolves.toEqual({ ok: false, reason: 'empty' });
    expect(conversation.messages.value).toHaveLength(0);
    void conversation.send('first');
    await expect(conversation.send('second')).resolves.toEqual({ ok: false, reason: 'busy' });
    expect(texts(conversation)).toEqual(['first', '']);
    (await fake.nextAsk()).finish('done');
  });

  it('clears the draft when the sent text is the draft, and leaves another draft alone', async () => {
    const { conversation, fake } = createHarness();
    conversation.draft.value = 'Hello ';
    void conversation.send('Hello');
    expect(conversation.draft.value).toBe('');
    (await fake.nextAsk()).finish('hi');
    await settle();
    conversation.draft.value = 'half-typed';
    void conversation.send('from a suggestion chip');
    expect(conversation.draft.value).toBe('half-typed');
    (await fake.nextAsk()).finish('ok');
  });
});

describe('conversation: stop, failures and retry', () => {
  it('stop aborts the request and keeps the partial answer as stopped', async () => {
    const { conversation, fake, frames, events } = createHarness();
    const result = conversation.send('Tell me a story');
    const ask = await fake.nextAsk();
    ask.chunk('Once upon');
    frames.runFrame();
    ask.chunk(' a time');
    conversation.stop();
    expect(ask.signal?.aborted).toBe(true);
    await expect(result).resolves.toEqual({ ok: false, reason: 'stopped' });
    expect(statuses(conversation)).toEqual(['user:sent', 'assistant:stopped']);
    expect(texts(conversation)[1]).toBe('Once upon a time');
    expect(conversation.busy.value).toBe(false);
    expect(events.some((event) => event.name === 'error')).toBe(false);
  });

  it('dispose ends the last request even after its answer is in (the stream may still be open for a moment)', async () => {
    const { conversation, fake } = createHarness();
    const sent = conversation.send('Hi');
    const ask = await fake.nextAsk();
    ask.finish('Hello');
    await expect(sent).resolves.toEqual({ ok: true });
    expect(ask.signal?.aborted).toBe(false);
    conversation.dispose();
    expect(ask.signal?.aborted).toBe(true);
  });

  it('stop while the session is still coming (GetConfig hangs) frees the question at once, for a retry', async () => {
    const { conversation, fake } = createHarness({ newSession: () => new Promise(() => undefined) });
    const result = conversation.send('Anyone there?');
    await settle();
    expect(conversation.busy.value).toBe(true);
    conversation.stop();
    await expect(result).resolves.toEqual({ ok: false, reason: 'stopped' });
    expect(conversation.busy.value).toBe(false);
    expect(statuses(conversation)).toEqual(['user:sent', 'assistant:stopped']);
    expect(fake.asks).toHaveLength(0);
  });

  it('an empty answer is not shown as a finished, empty bubble: the question fails, to be sent again', async () => {
    const { conversation, fake, events } = createHarness();
    const result = conversation.send('Hello?');
    (await fake.nextAsk()).finish('');
    await expect(result).resolves.toEqual({ ok: false, reason: 'failed' });
    expect(statuses(conversation)).toEqual(['user:failed']);
    expect(conversation.messages.value[0]?.error.value).toBe('The chatbot sent an empty answer.');
    expect(events.at(-1)).toEqual({ name: 'error', payload: { message: 'The chatbot sent an empty answer.', kind: 'malformed' } });
    const retried = conversation.retry(conversation.messages.value[0]?.id ?? '');
    (await fake.nextAsk()).finish('Hello!');
    await expect(retried).resolves.toEqual({ ok: true });
  });

  it('an answer of whitespace only fails the question too, not an empty bubble marked interrupted', async () => {
    const { conversation, fake, frames } = createHarness();
    const result = conversation.send('Hello?');
    const ask = await fake.nextAsk();
    ask.chunk('\n\n ');
    frames.runFrame();
    ask.finish('');
    await expect(result).resolves.toEqual({ ok: false, reason: 'failed' });
    expect(statuses(conversation)).toEqual(['user:failed']);
    expect(conversation.messages.value[0]?.error.value).toBe('The chatbot sent an empty answer.');
  });

  it('an interrupted stream keeps what arrived, says so, and retries only when asked', async () => {
    const { conversation, fake } = createHarness();
    const result = conversation.send('Question');
    const ask = await fake.nextAsk();
    ask.chunk('Half an ans');
    ask.fail('interrupted', 'The answer was interrupted before it was complete.');
    await expect(result).resolves.toEqual({ ok: false, reason: 'failed' });
    const answer = conversation.messages.value[1];
    expect(answer?.status.value).toBe('interrupted');
    expect(answer?.text.value).toBe('Half an ans');
    expect(answer?.error.value).toBe('The answer was interrupted before it was complete.');

    await settle();
    expect(fake.asks).toHaveLength(1); // nothing re-sends by itself

    const retried = conversation.retry(answer?.id ?? '');
    const again = await fake.nextAsk();
    expect(again.request.content).toBe('Question');
    expect(statuses(conversation)).toEqual(['user:sent', 'assistant:waiting']);
    again.finish('A whole answer.');
    await expect(retried).resolves.toEqual({ ok: true });
    expect(texts(conversation)).toEqual(['Question', 'A whole answer.']);
  });

  it('a Retry of a cut-off answer that fails before a word (still offline) keeps the words that had arrived', async () => {
    const { conversation, fake, events } = createHarness();
    void conversation.send('Question');
    const ask = await fake.nextAsk();
    ask.chunk('Half an ans');
    ask.fail('interrupted', 'The answer was interrupted before it was complete.');
    await settle();
    const retried = conversation.retry(conversation.messages.value[1]?.id ?? '');
    (await fake.nextAsk()).fail('network', 'Could not reach the chat service. Check your connection.');
    await expect(retried).resolves.toEqual({ ok: false, reason: 'failed' });
    expect(statuses(conversation)).toEqual(['user:sent', 'assistant:interrupted']);
    const answer = conversation.messages.value[1];
    expect(answer?.text.value).toBe('Half an ans');
    expect(answer?.error.value).toBe('Could not reach the chat service. Check your connection.');
    expect(events.filter((event) => event.name === 'error').at(-1)?.payload).toEqual({
      message: 'Could not reach the chat service. Check your connection.', kind: 'network',
    });

    // And it can be retried again.
    const again = conversation.retry(answer?.id ?? '');
    (await fake.nextAsk()).finish('A whole answer.');
    await expect(again).resolves.toEqual({ ok: true });
    expect(texts(conversation)).toEqual(['Question', 'A whole answer.']);
  });

  it('a failure before any text marks the question failed with plain words; the text is kept for retry', async () => {
    const { conversation, fake, events } = createHarness();
    const result = conversation.send('Are you there?');
    (await fake.nextAsk()).fail('network', 'Could not reach the chat service. Check your connection.');
    await expect(result).resolves.toEqual({ ok: false, reason: 'failed' });
    expect(statuses(conversation)).toEqual(['user:failed']);
    const question = conversation.messages.value[0];
    expect(question?.text.value).toBe('Are you there?');
    expect(question?.error.value).toBe('Could not reach the chat service. Check your connection.');
    expect(events.filter((event) => event.name === 'error').map((event) => event.payload)).toEqual([
      { message: 'Could not reach the chat service. Check your connection.', kind: 'network' },
    ]);

    const retried = conversation.retry(question?.id ?? '');
    expect(statuses(conversation)).toEqual(['user:sent', 'assistant:waiting']);
    (await fake.nextAsk()).finish('Yes!');
    await expect(retried).resolves.toEqual({ ok: true });
    expect(statuses(conversation)).toEqual(['user:sent', 'assistant:done']);
    // The question sent again is a new message (the failed one went): a page mirroring the conversation hears of it.
    const [again, answer] = conversation.messages.value;
    expect(events.filter((event) => event.name === 'message').map((event) => event.payload)).toEqual([
      { id: question?.id, role: 'user', text: 'Are you there?', attachments: [] },
      { id: again?.id, role: 'user', text: 'Are you there?', attachments: [] },
      { id: answer?.id, role: 'assistant', text: 'Yes!', attachments: [] },
    ]);
  });

  it('a request failing after the page began to leave (a reload) marks its question interrupted, not unreachable', async () => {
    const { conversation, fake, leavePage, pageLeaveListeners } = createHarness();
    expect(pageLeaveListeners()).toBe(0);
    const result = conversation.send('Anyone there?');
    const pending = await fake.nextAsk();
    // Listened to only while the question waits (a beforeunload listener costs Firefox's back-forward cache).
    expect(pageLeaveListeners()).toBe(1);
    leavePage();
    pending.fail('network', 'Could not reach the chat service. Check your connection.');
    await expect(result).resolves.toEqual({ ok: false, reason: 'failed' });
    expect(statuses(conversation)).toEqual(['user:failed']);
    expect(conversation.messages.value[0]?.error.value).toBe('The answer was interrupted before it was complete.');
    expect(pageLeaveListeners()).toBe(0);

    // The next question is a new request: a page that stayed (a download link) reports its failures as they are.
    const next = conversation.send('Still there?');
    (await fake.nextAsk()).fail('network', 'Could not reach the chat service. Check your connection.');
    await next;
    expect(conversation.messages.value[1]?.error.value).toBe('Could not reach the chat service. Check your connection.');
    expect(pageLeaveListeners()).toBe(0);

    // beforeunload without leaving (a mailto: link, a download, a leave cancelled): the service's refusal is shown.
    const refused = conversation.send('And now?');
    const held = await fake.nextAsk();
    leavePage();
    held.fail('business', 'The chat service could not complete the request (code 429).', {
      serviceMessage: 'This chatbot has reached its monthly message limit.',
    });
    await refused;
    expect(conversation.messages.value[2]?.error.value).toBe('This chatbot has reached its monthly message limit.');
  });

  it('the browser going offline ends a waiting question as unreachable and a streaming answer as cut off, at once', async () => {
    const { conversation, fake, frames, events, goOffline, offlineListeners } = createHarness();
    expect(offlineListeners()).toBe(0);
    const first = conversation.send('Anyone there?');
    const waiting = await fake.nextAsk();
    expect(offlineListeners()).toBe(1);
    goOffline();
    await expect(first).resolves.toEqual({ ok: false, reason: 'failed' });
    expect(waiting.signal?.aborted).toBe(true);
    expect(statuses(conversation)).toEqual(['user:failed']);
    expect(conversation.messages.value[0]?.error.value).toBe('Could not reach the chat service. Check your connection.');
    expect(offlineListeners()).toBe(0);

    const second = conversation.send('Homes in Austin?');
    const streaming = await fake.nextAsk();
    streaming.chunk('I found 3 listings');
    frames.runFrame();
    goOffline();
    await expect(second).resolves.toEqual({ ok: false, reason: 'failed' });
    expect(statuses(conversation)).toEqual(['user:failed', 'user:sent', 'assistant:interrupted']);
    expect(texts(conversation)[2]).toBe('I found 3 listings');
    expect(conversation.messages.value[2]?.error.value).toBe('The answer was interrupted before it was complete.');
    expect(events.filter((event) => event.name === 'error').map((event) => (event.payload as { kind: string }).kind)).toEqual([
      'network',
      'interrupted',
    ]);
    expect(offlineListeners()).toBe(0);
  });

  it("shows the service's own business Message (monthly cap, rate limit, domain)", async () => {
    const { conversation, fake } = createHarness();
    const result = conversation.send('Hello');
    (await fake.nextAsk()).fail('business', 'The chat service could not complete the request (code 429).', {
      serviceMessage: 'This chatbot has reached its monthly message limit.',
    });
    await result;
    expect(conversation.messages.value[0]?.error.value).toBe('This chatbot has reached its monthly message limit.');

    const second = conversation.retry(conversation.messages.value[0]?.id ?? '');
    (await fake.nextAsk()).fail('http', 'The chat service answered with HTTP 403.', {
      status: 403,
      serviceMessage: 'Domain not allowed: https://evil.test is not in this chatbot\'s Domains.',
    });
    await second;
    expect(conversation.messages.value[0]?.error.value).toContain('Domain not allowed');
  });

  it('retry moves a failed question below later messages, next to its new answer', async () => {
    const { conversation, fake } = createHarness();
    const first = conversation.send('first');
    (await fake.nextAsk()).fail('network');
    await first;
    const second = conversation.send('second');
    (await fake.nextAsk()).finish('answer two');
    await second;
    const failedId = conversation.messages.value[0]?.id ?? '';
    const retried = conversation.retry(failedId);
    (await fake.nextAsk()).finish('answer one');
    await retried;
    expect(texts(conversation)).toEqual(['second', 'answer two', 'first', 'answer one']);
  });

  it('edit takes a failed question back into the draft (before what was typed since) and out of the conversation', async () => {
    const harness = createHarness();
    const { conversation, fake } = harness;
    const sent = conversation.send('x'.repeat(12_000));
    (await fake.nextAsk()).fail('business', 'Refused.', { serviceMessage: 'content: at most 10000 characters (got 12000).' });
    await sent;
    const failed = conversation.messages.value[0]!;
    conversation.draft.value = 'and more';
    conversation.edit(failed.id);
    expect(conversation.messages.value).toEqual([]);
    expect(conversation.draft.value).toBe(`${'x'.repeat(12_000)}\nand more`);
    // Only failed questions: an answered one, or an unknown id, changes nothing.
    const second = conversation.send('ok');
    (await fake.nextAsk()).finish('fine');
    await second;
    conversation.draft.value = '';
    for (const message of conversation.messages.value) conversation.edit(message.id);
    conversation.edit('nope');
    expect(texts(conversation)).toEqual(['ok', 'fine']);
    expect(conversation.draft.value).toBe('');
    // Gone from storage too: a reload does not bring the edited question back.
    expect(texts(harness.reload().conversation)).toEqual(['ok', 'fine']);
  });

  it('retry refuses messages that did not fail, and unknown ids', async () => {
    const { conversation, fake } = createHarness();
    const sent = conversation.send('ok');
    (await fake.nextAsk()).finish('fine');
    await sent;
    for (const message of conversation.messages.value) {
      await expect(conversation.retry(message.id)).resolves.toEqual({ ok: false, reason: 'failed' });
    }
    await expect(conversation.retry('nope')).resolves.toEqual({ ok: false, reason: 'failed' });
    expect(fake.asks).toHaveLength(1);
  });

  it('a session that cannot be created fails the question and is tried again on retry', async () => {
    let calls = 0;
    const { conversation, fake } = createHarness({
      newSession: async () => {
        calls += 1;
        if (calls === 1) throw new Error('offline');
        return { id: 9, key: 'k9' };
      },
    });
    await conversation.send('Hi');
    expect(statuses(conversation)).toEqual(['user:failed']);
    expect(conversation.messages.value[0]?.error.value).toBe('Something went wrong. Please try again.');
    const retried = conversation.retry(conversation.messages.value[0]?.id ?? '');
    const ask = await fake.nextAsk();
    expect(ask.request.sessionID).toBe(9);
    expect(conversation.sessionKey()).toBe('k9');
    ask.finish('hello');
    await retried;
  });
});

describe('conversation: the local rate limit', () => {
  const limited = { rateLimit: { count: 2, windowSeconds: 60, message: 'Slow down, please.' } };

  it('blocks before sending, with the message and the time left, and lifts by itself', async () => {
    const { conversation, fake, clock, events } = createHarness({ settings: limited });
    for (const text of ['one', 'two']) {
      const sent = conversation.send(text);
      (await fake.nextAsk()).finish('ok');
      await sent;
      clock.advance(10_000);
    }
    conversation.draft.value = 'three';
    await expect(conversation.send('three')).resolves.toEqual({ ok: false, reason: 'rate-limited' });
    expect(fake.asks).toHaveLength(2); // no request
    expect(texts(conversation)).toEqual(['one', 'ok', 'two', 'ok']);
    expect(conversation.draft.value).toBe('three'); // the text stays where it was
    // The service's window starts when the question arrives there: the local one is a second longer.
    expect(conversation.rateLimit.value).toEqual({ message: 'Slow down, please.', retryAt: clock.now() + 41_000 });
    expect(events.at(-1)).toEqual({ name: 'error', payload: { message: 'Slow down, please.', kind: 'rate-limit' } });

    clock.advance(40_999);
    expect(conversation.rateLimit.value).not.toBeNull();
    clock.advance(1);
    expect(conversation.rateLimit.value).toBeNull();
    const third = conversation.send('three');
    (await fake.nextAsk()).finish('ok');
    await expect(third).resolves.toEqual({ ok: true });
  });

  it('survives a reload and a new conversation', async () => {
    const first = createHarness({ settings: limited });
    for (const text of ['one', 'two']) {
      const sent = first.conversation.send(text);
      (await first.fake.nextAsk()).finish('ok');
      await sent;
    }
    const reloaded = first.reload();
    reloaded.conversation.newConversation();
    await expect(reloaded.conversation.send('three')).resolves.toEqual({ ok: false, reason: 'rate-limited' });
    expect(reloaded.fake.asks).toHaveLength(0);
    expect(reloaded.conversation.rateLimit.value?.retryAt).toBe(reloaded.clock.now() + 61_000);
  });

  it('counts retries of questions the service took (an answer cut off counts)', async () => {
    const { conversation, fake } = createHarness({ settings: { rateLimit: { count: 1, windowSeconds: 30, message: 'Wait.' } } });
    const sent = conversation.send('one');
    const ask = await fake.nextAsk();
    ask.chunk('Half an ans');
    ask.fail('interrupted');
    await sent;
    await expect(conversation.retry(conversation.messages.value[1]?.id ?? '')).resolves.toEqual({
      ok: false,
      reason: 'rate-limited',
    });
    expect(statuses(conversation)).toEqual(['user:sent', 'assistant:interrupted']);
  });

  it.each([
    ['never reached (network)', 'network', undefined],
    ['refused it (HTTP 503)', 'http', 503],
    ['refused it (Success false)', 'business', undefined],
    ['may never have seen (an unreadable answer: a captive portal\'s page)', 'malformed', undefined],
  ] as const)('a question the service %s does not count: Send again goes through', async (_name, kind, status) => {
    const { conversation, fake } = createHarness({ settings: { rateLimit: { count: 1, windowSeconds: 30, message: 'Wait.' } } });
    const sent = conversation.send('one');
    (await fake.nextAsk()).fail(kind, undefined, status === undefined ? {} : { status });
    await sent;
    expect(statuses(conversation)).toEqual(['user:failed']);
    const retried = conversation.retry(conversation.messages.value[0]?.id ?? '');
    (await fake.nextAsk()).finish('ok');
    await expect(retried).resolves.toEqual({ ok: true });
    // The question the service took does count.
    await expect(conversation.send('two')).resolves.toEqual({ ok: false, reason: 'rate-limited' });
  });
});

describe('conversation: a question the service refused for good', () => {
  const MONTHLY_CAP = 'This chatbot has reached its monthly message limit.';

  it.each([
    ['its monthly cap is used up (Success false, Code 402)', 'business', { code: 402, serviceMessage: MONTHLY_CAP }],
    ['it is too large (HTTP 413)', 'http', { status: 413, code: 413 }],
    ['it is invalid (Success false, Code 400)', 'business', { code: 400, serviceMessage: 'content: too long.' }],
    ['it is malformed (HTTP 400)', 'http', { status: 400 }],
  ] as const)('%s: it keeps its text and reason, but cannot be sent again, after a reload too', async (_name, kind, details) => {
    const first = createHarness();
    const sent = first.conversation.send('Homes in Austin?');
    (await first.fake.nextAsk()).fail(kind, undefined, details);
    await expect(sent).resolves.toEqual({ ok: false, reason: 'failed' });
    expect(statuses(first.conversation)).toEqual(['user:failed']);
    const [question] = first.conversation.messages.value;
    expect([question?.text.value, question?.refused]).toEqual(['Homes in Austin?', true]);
    if ('serviceMessage' in details) expect(question?.error.value).toBe(details.serviceMessage);
    await expect(first.conversation.retry(question?.id ?? '')).resolves.toEqual({ ok: false, reason: 'failed' });
    expect(first.fake.asks).toHaveLength(1);
    expect(statuses(first.conversation)).toEqual(['user:failed']);

    const second = first.reload();
    expect(second.conversation.messages.value[0]?.refused).toBe(true);
    await expect(second.conversation.retry(question?.id ?? '')).resolves.toEqual({ ok: false, reason: 'failed' });
    // Edit still takes the words back into the text field, to change them (shorter, or to send later).
    second.conversation.edit(question?.id ?? '');
    expect([second.conversation.messages.value, second.conversation.draft.value]).toEqual([[], 'Homes in Austin?']);
  });

  it('an answer such a refusal cuts off keeps its words, without Retry, after a reload too', async () => {
    const first = createHarness();
    const sent = first.conversation.send('Homes in Austin?');
    const ask = await first.fake.nextAsk();
    ask.chunk('There are three');
    ask.fail('business', undefined, { code: 402, serviceMessage: MONTHLY_CAP });
    await expect(sent).resolves.toEqual({ ok: false, reason: 'failed' });
    expect(statuses(first.conversation)).toEqual(['user:sent', 'assistant:interrupted']);
    const answer = first.conversation.messages.value[1];
    expect([answer?.text.value, answer?.error.value, answer?.refused]).toEqual(['There are three', MONTHLY_CAP, true]);
    await expect(first.conversation.retry(answer?.id ?? '')).resolves.toEqual({ ok: false, reason: 'failed' });
    expect(first.fake.asks).toHaveLength(1);

    const second = first.reload();
    expect(second.conversation.messages.value[1]?.refused).toBe(true);
    await expect(second.conversation.retry(answer?.id ?? '')).resolves.toEqual({ ok: false, reason: 'failed' });
    expect(texts(second.conversation)).toEqual(['Homes in Austin?', 'There are three']);
  });

  it('a Retry of a cut-off answer that such a refusal meets before a word keeps the words, without Retry', async () => {
    const { conversation, fake } = createHarness();
    const sent = conversation.send('Homes in Austin?');
    const ask = await fake.nextAsk();
    ask.chunk('There are three');
    ask.fail('interrupted');
    await sent;
    expect(conversation.messages.value[1]?.refused).toBeFalsy();
    const retried = conversation.retry(conversation.messages.value[1]?.id ?? '');
    (await fake.nextAsk()).fail('http', undefined, { status: 413 });
    await expect(retried).resolves.toEqual({ ok: false, reason: 'failed' });
    expect(statuses(conversation)).toEqual(['user:sent', 'assistant:interrupted']);
    const answer = conversation.messages.value[1];
    expect([answer?.text.value, answer?.refused]).toEqual(['There are three', true]);
    await expect(conversation.retry(answer?.id ?? '')).resolves.toEqual({ ok: false, reason: 'failed' });
    expect(fake.asks).toHaveLength(2);
  });

  it.each([
    ['the service rate limit (Success false, Code 429)', 'business', { code: 429, serviceMessage: 'Too many messages.' }],
    ['HTTP 429', 'http', { status: 429 }],
    ['HTTP 503', 'http', { status: 503 }],
    ['no connection', 'network', {}],
    ['a refusal without a Code', 'business', { serviceMessage: MONTHLY_CAP }],
  ] as const)('%s may pass the next time: Send again asks again', async (_name, kind, details) => {
    const { conversation, fake } = createHarness();
    const sent = conversation.send('Homes in Austin?');
    (await fake.nextAsk()).fail(kind, undefined, details);
    await sent;
    expect(conversation.messages.value[0]?.refused).toBeFalsy();
    const retried = conversation.retry(conversation.messages.value[0]?.id ?? '');
    (await fake.nextAsk()).finish('Three homes.');
    await expect(retried).resolves.toEqual({ ok: true });
  });
});

describe('conversation: new conversation and transcript', () => {
  it('newConversation stops the answer, forgets messages and session, and asks in a fresh session', async () => {
    const { conversation, fake, local, sessionsIssued } = createHarness();
    const sent = conversation.send('Old question');
    const ask = await fake.nextAsk();
    ask.chunk('partial');
    conversation.newConversation();
    expect(ask.signal?.aborted).toBe(true);
    await sent;
    expect(conversation.messages.value).toEqual([]);
    expect(conversation.busy.value).toBe(false);
    expect(local.json('cw:demo-realty:chat:messages') ?? []).toEqual([]);
    await settle();
    expect(sessionsIssued).toHaveLength(2); // the new one is fetched at once
    expect(local.json('cw:demo-realty:chat:session')).not.toEqual(sessionsIssued[0]);

    void conversation.send('New question');
    const next = await fake.nextAsk();
    expect(next.request.sessionID).toBe(sessionsIssued[1]?.id);
    next.finish('fresh');
  });

  it('transcript lists the conversation in plain text with who said what', async () => {
    const { conversation, fake } = createHarness({ settings: { name: 'Realty Bot' } });
    const sent = conversation.send('Is the loft still available?');
    (await fake.nextAsk()).finish('Yes, it is.');
    await sent;
    conversation.addNotice('Someone will write back.', 'mailto:team@example.com');
    expect(conversation.transcript()).toBe(
      'You: Is the loft still available?\n\nRealty Bot: Yes, it is.\n\nRealty Bot: Someone will write back.',
    );
  });
});
