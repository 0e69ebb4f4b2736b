// The reports' scope SQL (issue 26): what every report needs to turn the shared filters into visits to read.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';

/** Every organization's id and address (for the state filter: the state is its ZIP code's). */
export function organizationPlaces(
  ex: Executor,
): Promise<{ id: number; zipcode: string | null; latitude: number | null; longitude: number | null }[]> {
  return queryRows(ex, sql`select id, zipcode, latitude, longitude from referral_sources order by id`);
}

/**
 * A report's statement run with PostgreSQL's JIT off (in a transaction of its own, `set local`). A report reads
 * many rows over a period, so its estimated cost is past jit_above_cost and PostgreSQL compiles it, for 30 ms to
 * 0.5 s each time on a busy machine, more than it saves (operations health over the year: 135 ms of which 0.7 ms
 * is the reading; decision 050, "Speed"). The answer is the same statement's.
 */
export function queryRowsWithoutJit<T>(ex: Executor, query: SQL): Promise<T[]> {
  return ex.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return queryRows<T>(tx, query);
  });
}
