/** The mean Earth radius the distance rule uses (in SQL too: api/src/db/sql-distance.ts). */
export const EARTH_RADIUS_MILES = 3958.8;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle (haversine) distance between two points, in miles. */
export function distanceMiles(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = toRadians(lat2 - lat1);
  const dLon = toRadians(lon2 - lon1);
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(lat1)) * Math.cos(toRadians(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * The latitude/longitude box that holds every point within `miles` of a centre: a cheap index-friendly
 * pre-filter before the exact distance.
 */
export function boundingBox(lat: number, lon: number, miles: number) {
  const dLat = miles / 68.7;
  const dLon = miles / (69.0 * Math.max(0.01, Math.cos(toRadians(lat))));
  return { minLat: lat - dLat, maxLat: lat + dLat, minLon: lon - dLon, maxLon: lon + dLon };
}
