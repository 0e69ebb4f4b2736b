import { hasMapLocation, type MapAddress } from '@carelane/shared-domain';

/** One US ZIP code of the gazetteer (the `zipcodes` package: ZIP, city, state, latitude, longitude). */
export type ZipPlace = {
  zipcode: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  /** Upper-cased city for prefix search. */
  cityKey: string;
};

export type Gazetteer = {
  size: number;
  byZip(zipcode: string): ZipPlace | undefined;
  /** ZIP codes starting with `prefix`, in ZIP order. */
  zipPrefix(prefix: string, limit: number): ZipPlace[];
  /** Places whose city starts with `prefix` (any case), optionally in one state, cities in name order. */
  cityPrefix(prefix: string, state: string | undefined, limit: number): ZipPlace[];
  /** The two-letter code of a state given by code or by name ('tx', 'Texas'), or undefined. */
  stateCode(text: string): string | undefined;
  /** The `limit` places nearest to a point, nearest first. */
  nearest(latitude: number, longitude: number, limit: number): ZipPlace[];
};

/**
 * A distance that orders points as the real one does over a few hundred miles (degrees, longitude scaled to the
 * origin's latitude), without trigonometry per point.
 */
export function nearness(origin: { latitude: number; longitude: number }) {
  const scale = Math.cos((origin.latitude * Math.PI) / 180);
  return (place: { latitude: number; longitude: number }) => {
    const dx = (place.longitude - origin.longitude) * scale;
    const dy = place.latitude - origin.latitude;
    return dx * dx + dy * dy;
  };
}

const cellKey = (latitude: number, longitude: number) => `${Math.floor(latitude)}:${Math.floor(longitude)}`;
/** Rings of 1° cells searched around a point before giving up (far off the US). */
const MAX_RINGS = 12;

/** First index in a sorted list whose key is >= `key`. */
function lowerBound<T>(list: readonly T[], key: string, keyOf: (item: T) => string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keyOf(list[mid]!) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Builds the indexes over the places: sorted by ZIP code, and by city then ZIP code. */
export function buildGazetteer(
  places: readonly ZipPlace[],
  stateNames: Readonly<Record<string, string>>,
): Gazetteer {
  const byZip = new Map(places.map((place) => [place.zipcode, place]));
  const zipSorted = [...places].sort((a, b) => (a.zipcode < b.zipcode ? -1 : 1));
  const citySorted = [...places].sort((a, b) =>
    a.cityKey === b.cityKey
      ? a.state === b.state
        ? a.zipcode.localeCompare(b.zipcode)
        : a.state.localeCompare(b.state)
      : a.cityKey < b.cityKey
        ? -1
        : 1,
  );
  const cells = new Map<string, ZipPlace[]>();
  for (const place of places) {
    const key = cellKey(place.latitude, place.longitude);
    const cell = cells.get(key);
    if (cell) cell.push(place);
    else cells.set(key, [place]);
  }
  const stateByName = new Map<string, string>();
  for (const [code, name] of Object.entries(stateNames)) {
    stateByName.set(code.toUpperCase(), code.toUpperCase());
    stateByName.set(name.toUpperCase(), code.toUpperCase());
  }
  return {
    size: places.length,
    byZip: (zipcode) => byZip.get(zipcode),
    zipPrefix(prefix, limit) {
      const found: ZipPlace[] = [];
      for (let i = lowerBound(zipSorted, prefix, (p) => p.zipcode); i < zipSorted.length; i++) {
        const place = zipSorted[i]!;
        if (!place.zipcode.startsWith(prefix) || found.length >= limit) break;
        found.push(place);
      }
      return found;
    },
    cityPrefix(prefix, state, limit) {
      const key = prefix.toUpperCase();
      const found: ZipPlace[] = [];
      for (let i = lowerBound(citySorted, key, (p) => p.cityKey); i < citySorted.length; i++) {
        const place = citySorted[i]!;
        if (!place.cityKey.startsWith(key) || found.length >= limit) break;
        if (!state || place.state === state) found.push(place);
      }
      return found;
    },
    stateCode: (text) => stateByName.get(text.trim().toUpperCase()),
    nearest(latitude, longitude, limit) {
      // The 1° cells around the point, ring by ring; one ring more once enough are found (a nearer place can
      // lie in the next ring's corner).
      const [row, column] = [Math.floor(latitude), Math.floor(longitude)];
      const found: ZipPlace[] = [];
      let stopAt = MAX_RINGS;
      for (let ring = 0; ring <= stopAt; ring++) {
        for (let dr = -ring; dr <= ring; dr++) {
          for (let dc = -ring; dc <= ring; dc++) {
            if (Math.max(Math.abs(dr), Math.abs(dc)) !== ring) continue;
            found.push(...(cells.get(`${row + dr}:${column + dc}`) ?? []));
          }
        }
        if (found.length >= limit && stopAt === MAX_RINGS) stopAt = ring + 1;
      }
      const distance = nearness({ latitude, longitude });
      return found
        .map((place) => ({ place, d: distance(place) }))
        .sort((a, b) => a.d - b.d)
        .slice(0, limit)
        .map((item) => item.place);
    },
  };
}

let loaded: Promise<Gazetteer> | undefined;

/** The US ZIP-code gazetteer, read from the `zipcodes` package once, at first use (about 0.3 s). */
export function loadGazetteer(): Promise<Gazetteer> {
  loaded ??= import('zipcodes').then((module) => {
    // A CommonJS package: its exports arrive as `default` under ES module loaders, bare under require.
    const zipcodes = (module as unknown as { default?: typeof module }).default ?? module;
    const places: ZipPlace[] = [];
    for (const code of Object.values(zipcodes.codes)) {
      if (code.country !== 'US' || !hasMapLocation(code.latitude, code.longitude)) continue;
      places.push({
        zipcode: code.zip,
        city: code.city,
        state: code.state,
        latitude: code.latitude,
        longitude: code.longitude,
        cityKey: code.city.toUpperCase(),
      });
    }
    return buildGazetteer(places, zipcodes.states.abbr);
  });
  return loaded;
}

export const GAZETTEER_PLACE_PREFIX = 'zip:';

export function placeAddress(place: ZipPlace, addressLine1 = '', county = ''): MapAddress {
  return {
    placeId: `${GAZETTEER_PLACE_PREFIX}${place.zipcode}`,
    addressLine1,
    city: place.city,
    state: place.state,
    zipcode: place.zipcode,
    county,
    country: 'US',
    latitude: place.latitude,
    longitude: place.longitude,
  };
}
