/**
 * Contract: the data file. Every change survives a restart on the same DATA_DIR, the file is valid JSON after
 * every write (also under concurrent writes), no temporary files are left behind, and a damaged file is refused
 * rather than overwritten.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATA_FILE_NAME, startService } from '../../demo/server/index';
import { startTestService, type TestService } from '../helpers/service';
import { adminClient, namedBlob, pngBytes, readDataFile, sampleListing, visitor } from './fixtures';

const running: TestService[] = [];
async function start(service: Promise<TestService>): Promise<TestService> {
  const started = await service;
  running.push(started);
  return started;
}
afterEach(async () => {
  while (running.length) await running.pop()?.close();
});

describe('restart on the same DATA_DIR', () => {
  it('keeps settings, listings, deletions, sessions, uploads and the generated secret key', async () => {
    const first = await start(startTestService());
    const admin = adminClient(first);
    await admin.edit({ serialNumber: first.serialNumber, Name: 'Persisted Bot', ChatBubbleColor: 'rgb(1,2,3)' });
    const listing = sampleListing(first.serialNumber);
    const id = await admin.realEstateCreate(listing);
    const seeded = await admin.realEstateList({ SerialNumber: first.serialNumber, PageSize: 100 });
    const victim = seeded.List.find((item) => String(item.ID) !== id);
    await admin.realEstateDelete({ SerialNumber: first.serialNumber, Keys: [String(victim?.ID)], KeyType: 'PlatformID' });
    const icon = await admin.uploadFile(namedBlob(pngBytes(), 'icon.png'));
    await admin.edit({ serialNumber: first.serialNumber, ChatIcon: String(icon) });
    const { sessionID, sessionKey } = await visitor(first);
    await first.stop();

    const second = await start(first.restart());
    expect(second.secretKey).toBe(first.secretKey);
    expect(second.url).not.toBe(first.url);
    const { config } = await visitor(second);
    expect(config).toMatchObject({ Name: 'Persisted Bot', ChatBubbleColor: 'rgb(1,2,3)', ChatIcon: String(icon) });
    const served = await fetch(config.ChatIconUrl ?? '');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(pngBytes());
    const after = await adminClient(second).realEstateList({ SerialNumber: second.serialNumber, PageSize: 100 });
    expect(after.VirtualCount).toBe(seeded.VirtualCount - 1);
    expect(after.List.some((item) => String(item.ID) === id)).toBe(true);
    expect(after.List.some((item) => item.ID === victim?.ID)).toBe(false);
    const sameVisitor = adminClient(second, { secretKey: undefined, sessionKey });
    expect((await sameVisitor.ask({ sessionID, content: 'hi' })).content).toContain('Persisted Bot');
  });

  it('uses an explicit secret key over the stored one', async () => {
    const first = await start(startTestService());
    await first.stop();
    const second = await start(first.restart({ secretKey: 'explicit-test-key' }));
    expect(second.secretKey).toBe('explicit-test-key');
    expect((await adminClient(second).modelList()).length).toBeGreaterThan(0);
  });

  it('keeps the monthly count across a restart', async () => {
    const clock = () => Date.UTC(2025, 2, 10);
    const first = await start(startTestService({ now: clock }));
    await adminClient(first).edit({ serialNumber: first.serialNumber, MessageLimit: 1, RateLimitCount: 0 });
    const { client, sessionID } = await visitor(first);
    await client.ask({ sessionID, content: 'hi' });
    await first.stop();
    const second = await start(first.restart());
    const again = await visitor(second);
    await expect(again.client.ask({ sessionID: again.sessionID, content: 'hi' })).rejects.toMatchObject({ kind: 'business', code: 402 });
  });
});

describe('the data file', () => {
  it('is valid JSON after every write, with no temporary files left behind', async () => {
    const service = await start(startTestService());
    const admin = adminClient(service);
    const writes: Array<() => Promise<unknown>> = [
      () => admin.edit({ serialNumber: service.serialNumber, Name: 'One' }),
      () => admin.realEstateCreate(sampleListing(service.serialNumber)),
      () => admin.realEstateUpdate({ SerialNumber: service.serialNumber, Key: '1', KeyType: 'PlatformID', Bedrooms: 7 }),
      () => admin.realEstateDelete({ SerialNumber: service.serialNumber, Keys: ['2'], KeyType: 'PlatformID' }),
      () => visitor(service),
      () => admin.uploadFile(namedBlob(pngBytes(), 'x.png')),
    ];
    for (const write of writes) {
      await write();
      expect(() => readDataFile(service)).not.toThrow();
    }
    expect((await readdir(service.dataDir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('stays whole under many concurrent writes, and every one of them is kept', async () => {
    const service = await start(startTestService());
    const admin = adminClient(service);
    const before = (await admin.realEstateList({ SerialNumber: service.serialNumber })).VirtualCount;
    const ids = await Promise.all(Array.from({ length: 25 }, () => admin.realEstateCreate(sampleListing(service.serialNumber))));
    expect(new Set(ids).size).toBe(25);
    const stored = readDataFile(service).listings as Array<{ SerialNumber: string }>;
    expect(stored.filter((listing) => listing.SerialNumber === service.serialNumber)).toHaveLength(before + 25);
    await service.stop();
    const restarted = await start(service.restart());
    expect((await adminClient(restarted).realEstateList({ SerialNumber: restarted.serialNumber })).VirtualCount).toBe(before + 25);
  });

  it('is not reseeded on restart, and a damaged file is refused, not overwritten', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'chatbot-damaged-'));
    try {
      await writeFile(join(dataDir, DATA_FILE_NAME), '{"format": 1, "chatbots": {', 'utf8');
      await expect(startService({ dataDir })).rejects.toThrow(/not valid JSON/);
      expect(await readFile(join(dataDir, DATA_FILE_NAME), 'utf8')).toBe('{"format": 1, "chatbots": {');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
