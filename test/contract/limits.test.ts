/**
 * The rate limit's bookkeeping (demo/server/limits.ts) where HTTP from 127.0.0.1 does not reach: the visitor's
 * network read from IPv4, IPv4-mapped and IPv6 addresses, and the bound on the windows kept in memory.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LimitTracker, visitorNetwork } from '../../demo/server/limits';
import { defaultSettings } from '../../demo/server/settings';
import { JsonStore, type ChatbotRecord } from '../../demo/server/store';

describe('visitorNetwork', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:203.0.113.7', '203.0.113.7'],
    ['2001:db8:a:b:1:2:3:4', '2001:db8:a:b::/64'],
    ['2001:0db8:000a:000b::9', '2001:db8:a:b::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['1::2:3:4:5:1.2.3.4', '1:0:2:3::/64'],
    ['visitor-a', 'visitor-a'],
  ])('takes %s as %s', (address, network) => {
    expect(visitorNetwork(address)).toBe(network);
  });
});

describe('LimitTracker', () => {
  let dataDir: string;
  let store: JsonStore;
  const chatbot: ChatbotRecord = {
    settings: { ...defaultSettings('bounded'), RateLimitCount: 1, RateLimitTime: 60 },
    createdAt: 0,
  };
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'chatbot-limits-'));
    store = await JsonStore.open(dataDir, 0);
  });
  afterAll(async () => {
    await store.flush();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps at most its bound of visitor windows, forgetting the least recently used first', () => {
    const limits = new LimitTracker(2);
    const may = (sessionId: number, address: string) => {
      try {
        limits.assertMayAsk(store, chatbot, { sessionId, address }, 1000);
        return true;
      } catch {
        return false;
      }
    };
    limits.recordAsk(store, chatbot, { sessionId: 1, address: '198.51.100.1' }, 1000);
    limits.recordAsk(store, chatbot, { sessionId: 2, address: '198.51.100.2' }, 1000);
    expect([may(11, '198.51.100.1'), may(12, '198.51.100.2')]).toEqual([false, false]);
    // A third visitor: the first one's window, the least recently used, is forgotten.
    limits.recordAsk(store, chatbot, { sessionId: 3, address: '198.51.100.3' }, 1000);
    expect([may(11, '198.51.100.1'), may(12, '198.51.100.2'), may(13, '198.51.100.3')]).toEqual([true, false, false]);
    // So is the first session's: the session windows have the same bound.
    expect([may(1, '203.0.113.1'), may(2, '203.0.113.1'), may(3, '203.0.113.1')]).toEqual([true, false, false]);
  });
});
