import {
  mapsAutocompleteResponseSchema,
  mapsGeocodeResponseSchema,
  type AddressSuggestionItem,
  type MapAddress,
} from '@carelane/shared-domain';
import { AppError, badRequest } from '../../lib/errors';
import { loadCounties, type CountyIndex } from './counties';
import {
  GAZETTEER_PLACE_PREFIX,
  loadGazetteer,
  nearness,
  placeAddress,
  type Gazetteer,
  type ZipPlace,
} from './gazetteer';

/** Where suggestions are ranked from: the organization's ZIP code and/or map point. */
export type NearPlace = { zipcode?: string | null; latitude?: number | null; longitude?: number | null };

/** A source of addresses: the local gazetteer by default, or an external service (MAPS_PROVIDER_URL). */
export interface MapsProvider {
  /** Suggestions for typed text; `near` ranks them (its state first, then by distance). */
  autocomplete(input: string, limit: number, near?: NearPlace | null): Promise<AddressSuggestionItem[]>;
  geocodeAddress(address: string): Promise<MapAddress[]>;
  geocodePlace(placeId: string): Promise<MapAddress[]>;
}

/** What a typed address says: "street, city, ST 78701" with any part left out. */
export type AddressQuery = { street: string; city?: string; state?: string; zipcode?: string };

const ZIP_PREFIX = /^\d{1,5}(?:-\d{0,4})?$/;
/** Text that starts with a house number and a word: a street ("512 Congress Ave"). */
const HOUSE_NUMBER = /^\d+[A-Za-z]?(?:-\d+)?\s+\S/;
const STATE_AND_ZIP = /^([A-Za-z][A-Za-z .]*?)?\s*(\d{1,5}(?:-\d{0,4})?)?$/;

/**
 * Splits typed text into street, city, state and ZIP. The last comma part may be "ST", "State name",
 * "78701" or "ST 78701"; the part before it is the city; anything earlier is the street. One part alone is
 * a ZIP prefix when it is digits, else a city prefix.
 */
export function parseAddressQuery(
  text: string,
  stateCode: (text: string) => string | undefined,
): AddressQuery {
  const parts = text
    .split(',')
    .map((part) => part.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
  if (parts.length === 0) return { street: '' };
  if (parts.length === 1) {
    const only = parts[0]!;
    if (ZIP_PREFIX.test(only)) return { street: '', zipcode: only.slice(0, 5) };
    // "Austin TX" and "Austin 78701" without a comma.
    const tail = only.match(/^(.*?)\s+([A-Za-z]{2})?\s*(\d{5})?$/);
    const state = tail?.[2] ? stateCode(tail[2]) : undefined;
    // A street without a city ("512 Congress Ave", "512 Congress Ave TX 78701").
    if (HOUSE_NUMBER.test(only))
      return tail?.[1] && tail[3] ? { street: tail[1], state, zipcode: tail[3] } : { street: only };
    if (tail && tail[1] && (tail[3] || state)) return { street: '', city: tail[1], state, zipcode: tail[3] };
    return { street: '', city: only };
  }
  let rest = parts;
  let state: string | undefined;
  let zipcode: string | undefined;
  const last = parts[parts.length - 1]!;
  const tail = last.match(STATE_AND_ZIP);
  const tailState = tail?.[1] ? stateCode(tail[1]) : undefined;
  if (tail && (tail[2] || tailState) && (!tail[1] || tailState)) {
    state = tailState;
    zipcode = tail[2]?.slice(0, 5);
    rest = parts.slice(0, -1);
  }
  if (rest.length === 0) return { street: '', state, zipcode };
  // "12 Main St, 78701": with a ZIP code and one part that starts with a number, that part is the street.
  if (rest.length === 1 && zipcode && /^\d/.test(rest[0]!)) return { street: rest[0]!, state, zipcode };
  return {
    street: rest.slice(0, -1).join(', '),
    city: rest[rest.length - 1],
    state,
    zipcode,
  };
}

function label(address: MapAddress): string {
  const place = `${address.city}, ${address.state} ${address.zipcode}`;
  return address.addressLine1 ? `${address.addressLine1}, ${place}` : place;
}

/** Cities first one ZIP code each (so "Aus" offers Austin TX and Austin MN), then more ZIP codes. */
function spreadOverCities(places: ZipPlace[], limit: number): ZipPlace[] {
  const seen = new Set<string>();
  const first: ZipPlace[] = [];
  const more: ZipPlace[] = [];
  for (const place of places) {
    const key = `${place.cityKey}|${place.state}`;
    (seen.has(key) ? more : first).push(place);
    seen.add(key);
  }
  return [...first, ...more].slice(0, limit);
}

const SCAN_LIMIT = 400;
/** Places read for a city prefix before ranking ("Spring" starts some 700 ZIP codes' cities). */
const CITY_SCAN_LIMIT = 3000;

/** The point suggestions are ranked from, with its state. */
type Origin = { latitude: number; longitude: number; state: string };

function originOf(gazetteer: Gazetteer, near: NearPlace | null | undefined): Origin | null {
  if (!near) return null;
  const byZip = near.zipcode ? gazetteer.byZip(near.zipcode.slice(0, 5)) : undefined;
  const latitude = near.latitude ?? byZip?.latitude;
  const longitude = near.longitude ?? byZip?.longitude;
  if (latitude == null || longitude == null) return null;
  const state = byZip?.state ?? gazetteer.nearest(latitude, longitude, 1)[0]?.state ?? '';
  return { latitude, longitude, state };
}

/** The origin's state first, then nearest first (a stable order without an origin). */
function rankFrom(places: ZipPlace[], origin: Origin | null): ZipPlace[] {
  if (!origin) return places;
  const distance = nearness(origin);
  const key = (p: ZipPlace) => (p.state === origin.state ? 0 : 1e6) + distance(p);
  return places
    .map((place) => ({ place, key: key(place) }))
    .sort((a, b) => a.key - b.key)
    .map((item) => item.place);
}

const DIRECTION = /^(?:[NSEW]|NE|NW|SE|SW|NORTH|SOUTH|EAST|WEST)\.?$/i;

/**
 * "100 Main St Round Rock": the last one to three words when they name a city exactly (in the organization's
 * state, when there is one), and the street before. The street left must still name a street: "1100 S Lamar" is
 * a street (S Lamar), not "1100 S" in Lamar, OK (decision 045).
 */
function trailingCity(
  gazetteer: Gazetteer,
  street: string,
  origin: Origin | null,
): { street: string; places: ZipPlace[] } | null {
  const words = street.split(' ');
  for (let count = Math.min(3, words.length - 2); count >= 1; count--) {
    const named = words.slice(1, -count);
    if (named.every((word) => DIRECTION.test(word))) continue;
    const city = words.slice(-count).join(' ').toUpperCase();
    const places = gazetteer.cityPrefix(city, origin?.state, SCAN_LIMIT).filter((p) => p.cityKey === city);
    if (places.length) return { street: words.slice(0, -count).join(' '), places };
  }
  return null;
}

function matchPlaces(
  gazetteer: Gazetteer,
  query: AddressQuery,
  limit: number,
  origin: Origin | null = null,
): { street: string; places: ZipPlace[] } {
  const { street } = query;
  if (query.zipcode) {
    const places = gazetteer.zipPrefix(query.zipcode, SCAN_LIMIT);
    const city = query.city?.toUpperCase();
    const found = places.filter(
      (p) => (!city || p.cityKey.startsWith(city)) && (!query.state || p.state === query.state),
    );
    return { street, places: found.slice(0, limit) };
  }
  if (query.city) {
    const places = gazetteer.cityPrefix(query.city, query.state, CITY_SCAN_LIMIT);
    return { street, places: spreadOverCities(rankFrom(places, origin), limit) };
  }
  if (street) {
    const named = trailingCity(gazetteer, street, origin);
    if (named)
      return { street: named.street, places: spreadOverCities(rankFrom(named.places, origin), limit) };
    // A street alone: it is somewhere near the organization; each suggestion names one nearby ZIP code.
    return { street, places: origin ? gazetteer.nearest(origin.latitude, origin.longitude, limit) : [] };
  }
  return { street, places: [] };
}

/** The default provider: the local US ZIP-code gazetteer, with each ZIP code's county from us-atlas. */
export class GazetteerProvider implements MapsProvider {
  constructor(
    private readonly gazetteer: () => Promise<Gazetteer> = loadGazetteer,
    private readonly counties: () => Promise<CountyIndex> = loadCounties,
  ) {}

  private async load() {
    const [gazetteer, counties] = await Promise.all([this.gazetteer(), this.counties()]);
    const address = (place: ZipPlace, street = '') =>
      placeAddress(place, street, counties.countyAt(place.latitude, place.longitude));
    return { gazetteer, address };
  }

  async autocomplete(
    input: string,
    limit: number,
    near?: NearPlace | null,
  ): Promise<AddressSuggestionItem[]> {
    const { gazetteer, address } = await this.load();
    const query = parseAddressQuery(input, gazetteer.stateCode);
    const { street, places } = matchPlaces(gazetteer, query, limit, originOf(gazetteer, near));
    return places.map((place) => {
      const found = address(place, street);
      return { ...found, label: label(found) };
    });
  }

  async geocodeAddress(text: string): Promise<MapAddress[]> {
    const { gazetteer, address } = await this.load();
    const query = parseAddressQuery(text, gazetteer.stateCode);
    if (query.zipcode?.length === 5) {
      const place = gazetteer.byZip(query.zipcode);
      return place ? [address(place, query.street)] : [];
    }
    const { street, places } = matchPlaces(gazetteer, query, SCAN_LIMIT);
    // A whole city name beats a longer city that starts with it ("Austin" before "Austinville").
    const exact = places.filter((p) => p.cityKey === query.city?.toUpperCase());
    return (exact.length ? exact : places).slice(0, 5).map((place) => address(place, street));
  }

  async geocodePlace(placeId: string): Promise<MapAddress[]> {
    const zipcode = placeId.startsWith(GAZETTEER_PLACE_PREFIX)
      ? placeId.slice(GAZETTEER_PLACE_PREFIX.length)
      : '';
    if (!/^\d{5}$/.test(zipcode)) throw badRequest('placeId', 'is not a place id of this maps service');
    const { gazetteer, address } = await this.load();
    const place = gazetteer.byZip(zipcode);
    return place ? [address(place)] : [];
  }
}

const mapsUnavailable = () =>
  new AppError(502, 'MAPS_UNAVAILABLE', 'The maps service could not be reached. Please try again.');

/**
 * An external maps service that answers Carelane's own contract (`GET {base}/autocomplete?input=` and
 * `GET {base}/geocode?address=|placeId=`), e.g. a small adapter in front of a commercial geocoder.
 */
export class HttpMapsProvider implements MapsProvider {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs = 3000,
  ) {}

  private async get(path: string, params: Record<string, string>): Promise<unknown> {
    const url = new URL(`${this.baseUrl.replace(/\/$/, '')}/${path}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw mapsUnavailable();
    }
    if (!response.ok) throw mapsUnavailable();
    return response.json().catch(() => {
      throw mapsUnavailable();
    });
  }

  async autocomplete(
    input: string,
    limit: number,
    near?: NearPlace | null,
  ): Promise<AddressSuggestionItem[]> {
    const params: Record<string, string> = { input, limit: String(limit) };
    if (near?.latitude != null && near.longitude != null) params.near = `${near.latitude},${near.longitude}`;
    const parsed = mapsAutocompleteResponseSchema.safeParse(await this.get('autocomplete', params));
    if (!parsed.success) throw mapsUnavailable();
    return parsed.data.suggestions.slice(0, limit);
  }

  private async geocode(params: Record<string, string>): Promise<MapAddress[]> {
    const parsed = mapsGeocodeResponseSchema.safeParse(await this.get('geocode', params));
    if (!parsed.success) throw mapsUnavailable();
    return parsed.data.results;
  }

  geocodeAddress(address: string) {
    return this.geocode({ address });
  }

  geocodePlace(placeId: string) {
    return this.geocode({ placeId });
  }
}

export function createMapsProvider(providerUrl: string | undefined): MapsProvider {
  return providerUrl ? new HttpMapsProvider(providerUrl) : new GazetteerProvider();
}
