// The totals of the visit and service request lists, kept briefly. A list page reads ten rows by an index, but
// its total reads every matching index entry (up to the cap): most of the request, and the same for every page
// of the same filters. So a total is reused, per query (its SQL and parameters, so per filter and scope), until:
// - this instance answers any write request (the read cache's local epoch: whoever changes something reads the
//   new total at once), or the visit status job moves a visit ({@link noteSchedulingWrite});
// - COUNT_TTL_MS has passed: writes this instance does not see (another instance on the same PostgreSQL,
//   SQL behind the server's back) show in the totals within that time. The rows themselves are always read.
import type { AppServices } from '../../services/app-services';

export const COUNT_TTL_MS = 5_000;

/** Visits or service requests changed outside a request, per database: totals read before are not reused. */
const generations = new WeakMap<object, number>();

export function noteSchedulingWrite(db: object): void {
  generations.set(db, (generations.get(db) ?? 0) + 1);
}

type Counted = { n: number; at: number };

/** The total of `query` (a count statement), from the cache while it is fresh, else from `load`. */
export async function cachedCount(
  services: Pick<AppServices, 'db' | 'readCache'>,
  table: 'visits' | 'episodes',
  query: { toSQL(): { sql: string; params: unknown[] } },
  load: () => Promise<number>,
  now: () => number = Date.now,
): Promise<number> {
  const { sql, params } = query.toSQL();
  const key = `count:${table}:${generations.get(services.db) ?? 0}:${JSON.stringify([sql, params])}`;
  // Tables without change notices: the read cache keeps the entry until a local write or the age check below.
  const read = () =>
    services.readCache.read<Counted>(key, [table], async () => ({ n: await load(), at: now() }));
  let counted = await read();
  if (now() - counted.at > COUNT_TTL_MS) {
    services.readCache.forget(key);
    counted = await read();
  }
  return counted.n;
}
