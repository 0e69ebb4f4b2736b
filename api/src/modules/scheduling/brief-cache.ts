// Reads kept for a few seconds: the totals of the visit and service request lists, and the fit score's visit
// and the organization's rate card. A list page reads ten rows by an index, but its total reads every matching index entry
// (up to the cap): most of the request, and the same for every page of the same filters. So such a read is
// reused, per key (for a count: its SQL and parameters, so per filter and scope), until:
// - this instance answers any write request (the read cache's local epoch: whoever changes something reads it
//   back at once), or the visit status job moves a visit ({@link noteSchedulingWrite});
// - BRIEF_TTL_MS has passed: writes this instance does not see (another instance on the same PostgreSQL, SQL
//   behind the server's back) show within that time. List rows are always read.
import type { AppServices } from '../../services/app-services';

export const BRIEF_TTL_MS = 5_000;

/** Visits or service requests changed outside a request, per database: reads made before are not reused. */
const generations = new WeakMap<object, number>();

export function noteSchedulingWrite(db: object): void {
  generations.set(db, (generations.get(db) ?? 0) + 1);
}

type Kept<T> = { value: T; at: number };

/** `load()` under `key`, from the cache while it is fresh. `tables`: what it reads (see ReadCache). */
export async function readBriefly<T>(
  services: Pick<AppServices, 'db' | 'readCache'>,
  key: string,
  tables: readonly string[],
  load: () => Promise<T>,
  now: () => number = Date.now,
): Promise<T> {
  const fullKey = `brief:${generations.get(services.db) ?? 0}:${key}`;
  // Tables without change notices: the read cache keeps the entry until a local write or the age check below.
  const read = () =>
    services.readCache.read<Kept<T>>(fullKey, tables, async () => ({ value: await load(), at: now() }));
  let kept = await read();
  if (now() - kept.at > BRIEF_TTL_MS) {
    services.readCache.forget(fullKey);
    kept = await read();
  }
  return kept.value;
}

/** The total of `query` (a count statement) of a list of visits or service requests. */
export function cachedCount(
  services: Pick<AppServices, 'db' | 'readCache'>,
  table: 'visits' | 'episodes',
  query: { toSQL(): { sql: string; params: unknown[] } },
  load: () => Promise<number>,
  now: () => number = Date.now,
): Promise<number> {
  const { sql, params } = query.toSQL();
  return readBriefly(services, `count:${table}:${JSON.stringify([sql, params])}`, [table], load, now);
}
