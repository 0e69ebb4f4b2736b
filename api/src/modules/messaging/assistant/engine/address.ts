import { type Gazetteer } from '../../../maps/gazetteer';
import { type Found } from './types';
import { linePrefix, properCase, properStreet, type Span } from './text';

const STATE_NAMES: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
};
const STATE_BY_NAME = new Map(Object.entries(STATE_NAMES).map(([code, name]) => [name.toUpperCase(), code]));

const SUFFIX =
  'St|Street|Ave|Avenue|Rd|Road|Blvd|Boulevard|Dr|Drive|Ln|Lane|Way|Ct|Court|Pl|Place|Plz|Plaza|Pkwy|Parkway|Cir|Circle|Ter|Terrace|Hwy|Highway|Sq|Square|Mall|Broadway|Loop|Trl|Trail';
const DIRECTION = '(?:N|S|E|W|NE|NW|SE|SW|North|South|East|West)';
const STREET = `(?<![\\w/#.-])\\d{1,6}(?:[ \\t]+${DIRECTION}\\.?)?(?:[ \\t]+[A-Za-z0-9'-]+){0,4}[ \\t]+(?:${SUFFIX})\\.?(?:[ \\t]+${DIRECTION}\\b)?(?:,?[ \\t]*(?:Apt|Apartment|Unit|Suite|Ste|#)\\.?[ \\t]*[\\w-]+)?(?![\\w])`;
const STATE_WORDS = `[A-Za-z]{2}|${Object.values(STATE_NAMES).join('|')}`;
const PLACE = `([A-Za-z][A-Za-z .'-]*?),?[ \\t]+(${STATE_WORDS})\\.?,?[ \\t]+(\\d{5})(?:-\\d{4})?(?!\\d)`;
const FULL_ADDRESS = new RegExp(`(${STREET})(?:,?[ \\t]*(?:\\r?\\n[ \\t]*)?${PLACE})?`, 'gi');
const PLACE_ONLY = new RegExp(`(?<![\\w])${PLACE}`, 'gi');
const LONE_ZIP = /(?<![\w#$/.-])(\d{5})(?![\w/-]|\.\d)/g;
const ADDRESS_LABEL =
  /(?:address|addr|adress|street|lives at|located at|home at|is at|go home to|home to)\s*:?\s*$/i;
const LABELLED_PART = {
  city: /^[ \t]*city[ \t]*:[ \t]*([A-Za-z][A-Za-z .'-]*?)[ \t]*$/im,
  state: /^[ \t]*state[ \t]*:[ \t]*([A-Za-z][A-Za-z ]*?)[ \t]*$/im,
  zip: /^[ \t]*zip(?:[ \t]*code)?[ \t]*:[ \t]*(\d{5})\b/im,
};

export type FoundAddress = {
  addressLine1?: Found;
  city?: Found;
  state?: Found;
  zipcode?: Found;
  span: Span;
  labelled: boolean;
};

function stateCode(written: string, gazetteer: Gazetteer | undefined): string | undefined {
  const upper = written.trim().toUpperCase();
  if (STATE_NAMES[upper]) return upper;
  return STATE_BY_NAME.get(upper) ?? gazetteer?.stateCode(written);
}

/** City, state and ZIP of a place, checked (and corrected) against the gazetteer's entry for the ZIP. */
function placeParts(
  written: {
    city?: string;
    cityStart: number;
    state?: string;
    stateStart: number;
    zip: string;
    zipStart: number;
  },
  gazetteer: Gazetteer | undefined,
): Pick<FoundAddress, 'city' | 'state' | 'zipcode'> | undefined {
  const known = gazetteer?.byZip(written.zip);
  if (gazetteer && !known) return undefined;
  const base = known ? 0.95 : 0.8;
  const zipcode = {
    value: written.zip,
    start: written.zipStart,
    end: written.zipStart + 5,
    confidence: base,
  };
  let state: Found | undefined;
  if (written.state !== undefined) {
    const code = stateCode(written.state, gazetteer);
    if (!code || (written.state.length === 2 && written.state !== written.state.toUpperCase()))
      return undefined;
    const value = known?.state ?? code;
    state = {
      value,
      start: written.stateStart,
      end: written.stateStart + written.state.length,
      confidence: value === code ? base : 0.85,
    };
  }
  let city: Found | undefined;
  if (written.city !== undefined) {
    let text = written.city.trim();
    let start = written.cityStart + written.city.indexOf(text);
    let value = properCase(text);
    let cityConfidence = base;
    if (known) {
      const knownUpper = known.city.toUpperCase();
      if (text.toUpperCase().endsWith(knownUpper)) {
        start += text.length - known.city.length;
        text = text.slice(text.length - known.city.length);
        value = known.city;
      } else {
        // A misspelt or wrong city: the ZIP's city replaces it.
        if (text.split(/\s+/).length > 3) return undefined;
        value = known.city;
        cityConfidence = 0.8;
      }
    }
    city = { value, start, end: start + text.length, confidence: cityConfidence };
  }
  return { city, state, zipcode };
}

function fullAddresses(text: string, gazetteer: Gazetteer | undefined): FoundAddress[] {
  const found: FoundAddress[] = [];
  for (const m of text.matchAll(FULL_ADDRESS)) {
    const street = m[1]!.replace(/\s+/g, ' ').trim();
    const labelled = ADDRESS_LABEL.test(linePrefix(text, m.index, 20));
    const line = {
      value: properStreet(street.replace(/,(?=\s*(?:Apt|Apartment|Unit|Suite|Ste|#))/i, '')),
      start: m.index,
      end: m.index + m[1]!.length,
      confidence: 0.8,
    };
    let place: ReturnType<typeof placeParts>;
    if (m[4]) {
      const cityStart = m.index + m[0].lastIndexOf(m[2]!, m[0].length - m[4].length - m[3]!.length);
      const stateStart = m.index + m[0].lastIndexOf(m[3]!, m[0].length - m[4].length);
      const zipStart = m.index + m[0].lastIndexOf(m[4]);
      place = placeParts({ city: m[2], cityStart, state: m[3], stateStart, zip: m[4], zipStart }, gazetteer);
      if (place) line.confidence = place.zipcode!.confidence;
    }
    found.push({
      addressLine1: line,
      ...place,
      span: { start: m.index, end: m.index + m[0].length },
      labelled,
    });
  }
  return found;
}

function placesOnly(text: string, gazetteer: Gazetteer | undefined, taken: readonly Span[]): FoundAddress[] {
  const found: FoundAddress[] = [];
  const free = (index: number) => !taken.some((s) => index >= s.start && index < s.end);
  for (const m of text.matchAll(PLACE_ONLY)) {
    if (!free(m.index)) continue;
    const zipStart = m.index + m[0].lastIndexOf(m[3]!);
    const stateStart = m.index + m[0].lastIndexOf(m[2]!, zipStart - m.index);
    const place = placeParts(
      { city: m[1], cityStart: m.index, state: m[2], stateStart, zip: m[3]!, zipStart },
      gazetteer,
    );
    if (place?.city)
      found.push({ ...place, span: { start: m.index, end: m.index + m[0].length }, labelled: false });
  }
  for (const m of text.matchAll(LONE_ZIP)) {
    if (!free(m.index) || found.some((f) => m.index >= f.span.start && m.index < f.span.end)) continue;
    const known = gazetteer?.byZip(m[1]!);
    const labelled = /\bzip(?:code)?\s*[:#]?\s*$/i.test(linePrefix(text, m.index, 12));
    if (!known && !labelled) continue;
    const zipcode = { value: m[1]!, start: m.index, end: m.index + 5, confidence: known ? 0.9 : 0.8 };
    const before = linePrefix(text, m.index, 40).replace(/[,\s]+$/, '');
    const city = known && before.toUpperCase().endsWith(known.city.toUpperCase()) ? known.city : undefined;
    const cityEnd = m.index - (linePrefix(text, m.index, 40).length - before.length);
    const cityFound = city
      ? { value: city, start: cityEnd - city.length, end: cityEnd, confidence: 0.9 }
      : undefined;
    found.push({
      zipcode,
      city: cityFound,
      span: { start: cityFound?.start ?? m.index, end: m.index + 5 },
      labelled,
    });
  }
  return found;
}

/**
 * The patient's address: street line with city, state and ZIP; or a place (city, state, ZIP) or a lone ZIP the
 * gazetteer knows. A labelled address wins, then the first one after the patient's first mention, then the first.
 */
export function findAddress(
  text: string,
  afterPosition: number,
  gazetteer: Gazetteer | undefined,
): FoundAddress | undefined {
  const streets = fullAddresses(text, gazetteer);
  const places = placesOnly(
    text,
    gazetteer,
    streets.filter((s) => s.zipcode).map((f) => f.span),
  );
  // A street without its place joins a place (city and ZIP without a state) written right after it.
  const merged = streets.map((street) => {
    if (street.zipcode) return street;
    const place = places.find(
      (p) => p.span.start >= street.span.end && /^[ \t,]*$/.test(text.slice(street.span.end, p.span.start)),
    );
    if (!place) return street;
    places.splice(places.indexOf(place), 1);
    return {
      ...place,
      addressLine1: street.addressLine1,
      span: { start: street.span.start, end: place.span.end },
      labelled: street.labelled,
    };
  });
  const all = [...merged.filter((a) => a.zipcode || a.labelled), ...places].sort(
    (a, b) => a.span.start - b.span.start,
  );
  const chosen = all.find((a) => a.labelled) ?? all.find((a) => a.span.start >= afterPosition) ?? all[0];
  return chosen && withLabelledParts(text, chosen, gazetteer);
}

/** City, state and ZIP given on labelled lines of a form ("City: Atlanta", "State: GA", "Zip: 30303"). */
function withLabelledParts(
  text: string,
  address: FoundAddress,
  gazetteer: Gazetteer | undefined,
): FoundAddress {
  if (address.city && address.state && address.zipcode) return address;
  const part = (pattern: RegExp) => {
    const m = pattern.exec(text);
    if (!m) return undefined;
    const start = m.index + m[0].lastIndexOf(m[1]!);
    return { written: m[1]!, start };
  };
  const [city, state, zip] = [part(LABELLED_PART.city), part(LABELLED_PART.state), part(LABELLED_PART.zip)];
  if (!zip || address.zipcode) return address;
  const parts = placeParts(
    {
      city: city?.written,
      cityStart: city?.start ?? 0,
      state: state?.written,
      stateStart: state?.start ?? 0,
      zip: zip.written,
      zipStart: zip.start,
    },
    gazetteer,
  );
  return parts ? { ...address, ...parts } : address;
}

/** Every street-address span, so that names and services inside addresses ("Dr", "ST") are not read. */
export function addressSpans(text: string, gazetteer: Gazetteer | undefined): Span[] {
  return fullAddresses(text, gazetteer)
    .filter((a) => a.zipcode || a.labelled)
    .map((a) => a.span);
}
