import type { Database } from '../../db/client';
import { ReadCache } from '../../services/read-cache';
import { BRIEF_TTL_MS, cachedCount, noteSchedulingWrite } from './brief-cache';

describe('list totals kept briefly', () => {
  let readCache: ReadCache;
  let clock = 0;
  let loads = 0;
  let total = 0;
  const db = {};
  const query = (params: unknown[]) => ({ toSQL: () => ({ sql: 'select count(*) …', params }) });
  const count = (params: unknown[] = [1]) =>
    cachedCount(
      { db: db as never, readCache },
      'visits',
      query(params),
      async () => {
        loads++;
        return total;
      },
      () => clock,
    );

  beforeEach(async () => {
    readCache = new ReadCache(true);
    await readCache.start({ listen: async () => async () => {} } as unknown as Database);
    clock = 0;
    loads = 0;
    total = 7;
  });

  it('reuses a total for the same query, and counts another query apart', async () => {
    expect(await count()).toBe(7);
    total = 8;
    expect(await count()).toBe(7);
    expect(loads).toBe(1);
    expect(await count([2])).toBe(8);
    expect(loads).toBe(2);
  });

  it('counts again after a write request of this instance or a move by the status job', async () => {
    await count();
    total = 6;
    readCache.noteLocalWrite();
    expect(await count()).toBe(6);
    total = 5;
    noteSchedulingWrite(db);
    expect(await count()).toBe(5);
    expect(loads).toBe(3);
  });

  it('counts again once the total is older than BRIEF_TTL_MS (writes this instance does not see)', async () => {
    await count();
    total = 9;
    clock = BRIEF_TTL_MS;
    expect(await count()).toBe(7);
    clock = BRIEF_TTL_MS + 1;
    expect(await count()).toBe(9);
    expect(await count()).toBe(9);
    expect(loads).toBe(2);
  });

  it('counts every time when the read cache is off', async () => {
    readCache = new ReadCache(false);
    await count();
    await count();
    expect(loads).toBe(2);
  });
});
