// The maps' offline basemap, in one place for every area that draws a map (the coverage map in mf-scheduling, the
// supply and demand gap's county map in mf-reports): the US states over their counties from us-atlas
// (counties-10m.json, each county's feature id its 5-digit FIPS code), in one image layer, and under it the
// optional raster tiles of the mapTileUrl setting. Imported by its own entry (`@carelane/shared-ui/maps/basemap`),
// not from the package's index, so an area that draws no map does not pull OpenLayers in.
import type Feature from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import type BaseLayer from 'ol/layer/Base';
import TileLayer from 'ol/layer/Tile';
import VectorImageLayer from 'ol/layer/VectorImage';
import VectorSource from 'ol/source/Vector';
import XYZ from 'ol/source/XYZ';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import type { FeatureLike } from 'ol/Feature';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import atlas from 'us-atlas/counties-10m.json';

/** Counties are drawn from zoom 5 (here, the resolution of zoom 5 in EPSG:3857). */
export const COUNTIES_MAX_RESOLUTION = 156543.03392804097 / 2 ** 5;

/** The states and the counties as map features (EPSG:3857); a county's feature has `county` set and its FIPS id. */
export function basemapFeatures(): { states: Feature[]; counties: Feature[] } {
  const topology = atlas as unknown as Topology<{ states: GeometryCollection; counties: GeometryCollection }>;
  const format = new GeoJSON({ featureProjection: 'EPSG:3857' });
  const read = (name: 'states' | 'counties') =>
    format.readFeatures(feature(topology, topology.objects[name])) as Feature[];
  const counties = read('counties');
  for (const county of counties) county.set('county', true, true);
  return { states: read('states'), counties };
}

/** How a county is drawn at a resolution (undefined: not drawn). */
export type CountyStyle = (county: FeatureLike, resolution: number) => Style | undefined;

export type BasemapOptions = {
  /** Instead of the plain outlines from zoom 5: how each county is drawn (a map shading counties by a figure). */
  countyStyle?: CountyStyle;
};

/**
 * The offline basemap: states over counties, in one image layer (one image to move while the map moves,
 * redrawn when it stops).
 */
export function basemapLayer(withTiles: boolean, options: BasemapOptions = {}) {
  const { states, counties } = basemapFeatures();
  const countyStyle = new Style({
    fill: withTiles ? undefined : new Fill({ color: '#f8faf9' }),
    stroke: new Stroke({ color: '#cbd5d1', width: 0.5 }),
  });
  const stateStyle = new Style({
    fill: withTiles ? undefined : new Fill({ color: 'rgba(240, 245, 243, 0.4)' }),
    stroke: new Stroke({ color: '#64748b', width: 1.2 }),
    zIndex: 1,
  });
  const drawCounty: CountyStyle =
    options.countyStyle ??
    ((_, resolution) => (resolution < COUNTIES_MAX_RESOLUTION ? countyStyle : undefined));
  return new VectorImageLayer({
    source: new VectorSource({ features: [...counties, ...states] }),
    style: (f, resolution) => (f.get('county') ? drawCounty(f, resolution) : stateStyle),
  });
}

/** The raster tiles of an XYZ address (the mapTileUrl setting); none for an empty address. */
export function tileLayers(tileUrl: string): TileLayer<XYZ>[] {
  return tileUrl ? [new TileLayer({ source: new XYZ({ url: tileUrl, crossOrigin: 'anonymous' }) })] : [];
}

/** A map's bottom layers: the optional tiles, then the states and counties. */
export function basemapLayers(tileUrl: string, options: BasemapOptions = {}): BaseLayer[] {
  return [...tileLayers(tileUrl), basemapLayer(Boolean(tileUrl), options)];
}
