import { describe, expect, it } from 'vitest';
import type { Session } from '../../src/model/persistence';
import { createSessionKeeper } from '../../src/model/session-keeper';

/** A newSession whose requests the test answers one by one. */
function sessionsOnDemand() {
  const waiting: Array<{ resolve: (session: Session) => void; reject: (error: Error) => void }> = [];
  return {
    newSession: () => new Promise<Session>((resolve, reject) => waiting.push({ resolve, reject })),
    waiting,
  };
}

describe('createSessionKeeper', () => {
  it('asks once however many callers wait, then keeps the session', async () => {
    const service = sessionsOnDemand();
    const keeper = createSessionKeeper(service.newSession);
    const first = keeper.obtain();
    const second = keeper.obtain();
    expect(service.waiting).toHaveLength(1);
    service.waiting[0]!.resolve({ id: 1, key: 'k1' });
    expect(await first).toEqual({ id: 1, key: 'k1' });
    expect(await second).toEqual({ id: 1, key: 'k1' });
    expect(keeper.current).toEqual({ id: 1, key: 'k1' });
    expect(await keeper.obtain()).toEqual({ id: 1, key: 'k1' });
    expect(service.waiting).toHaveLength(1);
  });

  it('a session set (or forgotten) while a fresh one is on its way wins over it', async () => {
    const service = sessionsOnDemand();
    const keeper = createSessionKeeper(service.newSession);
    const late = keeper.fresh();
    keeper.set({ id: 7, key: 'restored' });
    service.waiting[0]!.resolve({ id: 2, key: 'late' });
    await late;
    expect(keeper.current).toEqual({ id: 7, key: 'restored' });
    keeper.set(null);
    expect(keeper.current).toBeNull();
  });

  it('a failed request is not kept: the next caller asks again', async () => {
    const service = sessionsOnDemand();
    const keeper = createSessionKeeper(service.newSession);
    const failed = keeper.obtain();
    service.waiting[0]!.reject(new Error('offline'));
    await expect(failed).rejects.toThrow('offline');
    const retried = keeper.obtain();
    expect(service.waiting).toHaveLength(2);
    service.waiting[1]!.resolve({ id: 3, key: 'k3' });
    expect(await retried).toEqual({ id: 3, key: 'k3' });
  });
});
