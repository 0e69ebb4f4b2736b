/**
 * The coverage map's rules (SPEC §5 and §9), shared by the API that prepares the points and the page that
 * draws them.
 */

/** SPEC §9: map points are jittered about 0.001 degrees so people at one address do not hide each other. */
export const MAP_JITTER_DEGREES = 0.001;
/** SPEC §9: initial map zoom. */
export const MAP_INITIAL_ZOOM = 7;
/**
 * SPEC §9: marker size 40, read as the marker's full diameter in pixels when zoomed in to street level
 * (zoom 14 and closer); further out the WebGL circles shrink linearly to MAP_MIN_MARKER_PX at zoom 4, so
 * 50,000 points stay readable at the state level (see docs/decisions/009-maps-and-coverage.md).
 */
export const MAP_MARKER_SIZE = 40;
export const MAP_MIN_MARKER_PX = 4;
export const MAP_MARKER_FULL_SIZE_ZOOM = 14;
export const MAP_MARKER_MIN_SIZE_ZOOM = 4;

/** The marker's diameter in pixels at a zoom level (see MAP_MARKER_SIZE). */
export function markerDiameterAtZoom(zoom: number): number {
  const span = MAP_MARKER_FULL_SIZE_ZOOM - MAP_MARKER_MIN_SIZE_ZOOM;
  const t = Math.min(1, Math.max(0, (zoom - MAP_MARKER_MIN_SIZE_ZOOM) / span));
  return MAP_MIN_MARKER_PX + t * (MAP_MARKER_SIZE - MAP_MIN_MARKER_PX);
}

/**
 * Map coordinates travel with 5 decimals (about a metre): finer digits are noise under the 0.001° jitter and
 * would double the size of a 50,000-point answer.
 */
export function roundCoordinate(degrees: number): number {
  return Math.round(degrees * 100_000) / 100_000;
}

/** SPEC §5: a point without a real latitude and longitude is left off map lists. */
export function hasMapLocation(
  latitude: number | null | undefined,
  longitude: number | null | undefined,
): boolean {
  return (
    typeof latitude === 'number' &&
    typeof longitude === 'number' &&
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180 &&
    !(latitude === 0 && longitude === 0)
  );
}

/** A stable pseudo-random number in [-1, 1) from an integer key and a salt (mulberry32 step). */
function unitNoise(key: number, salt: number): number {
  let t = (Math.imul(key | 0, 0x9e3779b1) ^ salt) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (((t ^ (t >>> 14)) >>> 0) / 4294967296) * 2 - 1;
}

/**
 * Moves a point by up to `amount` degrees in each axis, by the same offset for the same key every time (a
 * refetch or a re-render does not make the points dance).
 */
export function jitterPoint(
  key: number,
  latitude: number,
  longitude: number,
  amount: number = MAP_JITTER_DEGREES,
): [latitude: number, longitude: number] {
  return [latitude + unitNoise(key, 0x51ed27) * amount, longitude + unitNoise(key, 0x2c1b3c6d) * amount];
}

export type CoverageClinicianInput = {
  id: number;
  zipcode?: string | null;
  preferredZipcodes?: readonly string[] | null;
};

export type CoverageZipRow = {
  zipcode: string;
  count: number;
  providerIdSet: number[];
  episodeCount: number;
};

const ZIP5 = /^\d{5}$/;
const zip5 = (zipcode: string | null | undefined) => {
  const five = zipcode?.trim().slice(0, 5);
  return five && ZIP5.test(five) ? five : null;
};

/**
 * Coverage by ZIP code (SPEC §3 Coverage): a clinician covers their home ZIP code and every preferred ZIP
 * code; `count` is the number of distinct clinicians. Episodes add demand (`episodeCount`), so a ZIP code
 * with episodes and no clinician appears with count 0. Sorted by fewest clinicians per episode first (the
 * gaps), then by ZIP code.
 */
export function coverageByZipcode(
  clinicians: readonly CoverageClinicianInput[],
  episodeZipcodes: readonly (string | null | undefined)[] = [],
): CoverageZipRow[] {
  const byZip = new Map<string, { providers: Set<number>; episodes: number }>();
  const entry = (zipcode: string) => {
    let found = byZip.get(zipcode);
    if (!found) byZip.set(zipcode, (found = { providers: new Set(), episodes: 0 }));
    return found;
  };
  for (const clinician of clinicians) {
    for (const zipcode of [clinician.zipcode, ...(clinician.preferredZipcodes ?? [])]) {
      const five = zip5(zipcode);
      if (five) entry(five).providers.add(clinician.id);
    }
  }
  for (const zipcode of episodeZipcodes) {
    const five = zip5(zipcode);
    if (five) entry(five).episodes += 1;
  }
  const rows = [...byZip].map(([zipcode, { providers, episodes }]) => ({
    zipcode,
    count: providers.size,
    providerIdSet: [...providers].sort((a, b) => a - b),
    episodeCount: episodes,
  }));
  const ratio = (row: CoverageZipRow) => (row.episodeCount ? row.count / row.episodeCount : Infinity);
  return rows.sort((a, b) => ratio(a) - ratio(b) || a.zipcode.localeCompare(b.zipcode));
}

/**
 * How patient names travel to the map (SPEC §3 "encrypted with a blob key"): AES-GCM with a 256-bit key
 * that is the SHA-256 of the blobEncryptionKey constant's UTF-8 text, a random 12-byte IV, and the text
 * `base64(iv) + '.' + base64(ciphertext with its 16-byte tag appended)` (WebCrypto's layout).
 */
export const BLOB_CIPHER = {
  algorithm: 'AES-GCM',
  ivBytes: 12,
  tagBytes: 16,
  separator: '.',
} as const;
