// The reports' scope SQL (issue 26): what every report needs to turn the shared filters into visits to read.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';

/** Every organization's id and address (for the state filter: the state is its ZIP code's). */
export function organizationPlaces(
  ex: Executor,
): Promise<{ id: number; zipcode: string | null; latitude: number | null; longitude: number | null }[]> {
  return queryRows(ex, sql`select id, zipcode, latitude, longitude from referral_sources order by id`);
}
