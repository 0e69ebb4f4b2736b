import { readFile } from 'node:fs/promises';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import {
  boundingBox,
  inBoundingBox,
  milesToOutline,
  pointInPolygons,
  type BoundingBox,
  type Polygon,
} from './point-in-polygon';

/** How far off every county a point may lie and still get the nearest one (coastal ZIP code centroids). */
export const NEAREST_COUNTY_MILES = 15;
const NEAREST_COUNTY_DEGREES = NEAREST_COUNTY_MILES / 69;

type County = { name: string; box: BoundingBox; polygons: Polygon[]; fips?: string };

export type CountyIndex = {
  size: number;
  /** The county's full name at a point, or '' outside every county (and farther than 15 miles off one). */
  countyAt(latitude: number, longitude: number): string;
  /** The county at a point with its 5-digit FIPS code (us-atlas's id), or undefined as countyAt's ''. */
  countyCodeAt(latitude: number, longitude: number): { fips: string; name: string } | undefined;
};

const ALASKA_KINDS: Readonly<Record<string, string>> = {
  'Aleutians West': 'Census Area',
  Bethel: 'Census Area',
  Dillingham: 'Census Area',
  'Hoonah-Angoon': 'Census Area',
  Kusilvak: 'Census Area',
  Nome: 'Census Area',
  'Prince of Wales-Hyder': 'Census Area',
  'Southeast Fairbanks': 'Census Area',
  'Valdez-Cordova': 'Census Area',
  'Yukon-Koyukuk': 'Census Area',
  Juneau: 'City and Borough',
  Sitka: 'City and Borough',
  Wrangell: 'City and Borough',
  Yakutat: 'City and Borough',
  Anchorage: 'Municipality',
  Skagway: 'Municipality',
};
/** States with independent cities, whose county codes are 510 and up (Baltimore, St. Louis, Carson City, VA). */
const INDEPENDENT_CITY_STATES = new Set(['24', '29', '32', '51']);
const STATES_WITH_COUNTIES_ONLY = new Set(['11', '60', '66', '69', '78']);

/**
 * The county's name as the Census Bureau writes it, from us-atlas's bare name and 5-digit FIPS code:
 * "Travis" -> "Travis County"; Louisiana parishes, Alaska boroughs, census areas and municipalities, Puerto
 * Rico municipios, independent cities ("Richmond city", "Carson City"); DC and the island territories as named.
 */
export function countyName(fips: string, name: string): string {
  const state = fips.slice(0, 2);
  if (state === '22') return `${name} Parish`;
  if (state === '02') return `${name} ${ALASKA_KINDS[name] ?? 'Borough'}`;
  if (state === '72') return `${name} Municipio`;
  if (STATES_WITH_COUNTIES_ONLY.has(state)) return name;
  if (INDEPENDENT_CITY_STATES.has(state) && Number(fips.slice(2)) >= 500)
    return name.endsWith(' City') ? name : `${name} city`;
  return `${name} County`;
}

/** Point-in-county over the counties, with a bounding-box prefilter and the nearest outline as fallback. */
export function buildCountyIndex(counties: readonly County[]): CountyIndex {
  // Asked for ZIP code points only, so it holds at most one entry per ZIP code.
  const memo = new Map<string, County | null>();
  const find = (lat: number, lon: number): County | null => {
    for (const county of counties) {
      if (inBoundingBox(lon, lat, county.box) && pointInPolygons(lon, lat, county.polygons)) return county;
    }
    // Off every polygon at this resolution (a coastal ZIP centroid, a point on the water): the county whose
    // outline is nearest, within NEAREST_COUNTY_MILES.
    let nearest: County | null = null;
    let nearestMiles = NEAREST_COUNTY_MILES;
    for (const county of counties) {
      if (!inBoundingBox(lon, lat, county.box, NEAREST_COUNTY_DEGREES / Math.cos((lat * Math.PI) / 180)))
        continue;
      const miles = milesToOutline(lon, lat, county.polygons);
      if (miles <= nearestMiles) {
        nearest = county;
        nearestMiles = miles;
      }
    }
    return nearest;
  };
  const at = (latitude: number, longitude: number): County | null => {
    const key = `${latitude},${longitude}`;
    let county = memo.get(key);
    if (county === undefined) {
      county = find(latitude, longitude);
      memo.set(key, county);
    }
    return county;
  };
  return {
    size: counties.length,
    countyAt: (latitude, longitude) => at(latitude, longitude)?.name ?? '',
    countyCodeAt(latitude, longitude) {
      const county = at(latitude, longitude);
      return county?.fips ? { fips: county.fips, name: county.name } : undefined;
    },
  };
}

let loaded: Promise<CountyIndex> | undefined;

/** The US counties of us-atlas (counties-10m.json, 1:10,000,000), read once at first use. */
export function loadCounties(): Promise<CountyIndex> {
  loaded ??= readFile(require.resolve('us-atlas/counties-10m.json'), 'utf8').then((text) => {
    const topology = JSON.parse(text) as Topology<{ counties: GeometryCollection<{ name: string }> }>;
    const counties: County[] = [];
    for (const { id, properties, geometry } of feature(topology, topology.objects.counties).features) {
      if (geometry?.type !== 'Polygon' && geometry?.type !== 'MultiPolygon') continue;
      const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
      counties.push({
        name: countyName(String(id), properties!.name),
        fips: String(id),
        box: boundingBox(polygons),
        polygons,
      });
    }
    return buildCountyIndex(counties);
  });
  return loaded;
}
