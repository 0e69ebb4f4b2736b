// shared-domain's distanceMiles (the haversine great-circle distance) in SQL, for statements that measure in the
// database: the clinician list's ZIP filter, the fit score's candidates, operations health's coverage.
import { sql, type SQL } from 'drizzle-orm';
import { EARTH_RADIUS_MILES } from '@carelane/shared-domain';

/** Miles between two points given as SQL expressions (degrees, float8). */
export function milesBetween(lat1: SQL, lon1: SQL, lat2: SQL, lon2: SQL): SQL<number> {
  return sql<number>`(2 * ${sql.raw(String(EARTH_RADIUS_MILES))} * asin(least(1, sqrt(
      power(sin(radians(${lat2} - ${lat1}) / 2), 2)
      + cos(radians(${lat1})) * cos(radians(${lat2})) * power(sin(radians(${lon2} - ${lon1}) / 2), 2)))))`;
}
