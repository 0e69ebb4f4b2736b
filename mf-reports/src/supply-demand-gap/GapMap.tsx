// The supply and demand gap's county map (decision 057), kept thin (jsdom has no canvas; the shading is
// gap-map-shades.ts, tested): shared-ui's offline basemap with each county of the report filled by its gap's shade
// step, the selected county outlined, fitted to the counties shown; a click on a county selects its row. The map is
// a picture: the table beside it is its text alternative.
import { basemapLayers } from '@carelane/shared-ui/maps/basemap';
import OlMap from 'ol/Map';
import View from 'ol/View';
import { createEmpty, extend, isEmpty } from 'ol/extent';
import type VectorImageLayer from 'ol/layer/VectorImage';
import { fromLonLat } from 'ol/proj';
import type VectorSource from 'ol/source/Vector';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import { useEffect, useRef } from 'react';
import { SHADE_COLORS } from './gap-map-shades';

export type GapMapProps = {
  /** Each county's shade step (0-4) by FIPS code. */
  shades: ReadonlyMap<string, number>;
  selected?: string;
  onSelect: (county: string) => void;
  /** XYZ tile address (the mapTileUrl constant); empty: the built-in states and counties only. */
  tileUrl: string;
  /** The picture's name: what it shows. */
  label: string;
};

const TEXAS: [number, number] = [-97.9, 31.0];

/** A style per shade step, and the selected county's heavier outline. */
function countyStyles() {
  const outline = new Stroke({ color: '#94a3b8', width: 0.5 });
  const shaded = SHADE_COLORS.map((color) => new Style({ fill: new Fill({ color }), stroke: outline }));
  const selected = SHADE_COLORS.map(
    (color) =>
      new Style({
        fill: new Fill({ color }),
        stroke: new Stroke({ color: '#0f172a', width: 2.5 }),
        zIndex: 2,
      }),
  );
  return { shaded, selected };
}

export default function GapMap({ shades, selected, onSelect, tileUrl, label }: GapMapProps) {
  const target = useRef<HTMLDivElement>(null);
  const map = useRef<OlMap | null>(null);
  const state = useRef({ shades, selected, onSelect });
  state.current = { shades, selected, onSelect };

  // The map itself: made once per tile address; counties of the report shaded, the others as the basemap has them.
  useEffect(() => {
    if (!target.current) return;
    const styles = countyStyles();
    const created = new OlMap({
      target: target.current,
      controls: [],
      layers: basemapLayers(tileUrl, {
        countyStyle: (county) => {
          const id = String(county.getId());
          const shade = state.current.shades.get(id);
          if (shade === undefined) return undefined;
          return (id === state.current.selected ? styles.selected : styles.shaded)[shade];
        },
      }),
      view: new View({ center: fromLonLat(TEXAS), zoom: 5 }),
    });
    created.on('singleclick', (event) => {
      created.forEachFeatureAtPixel(event.pixel, (feature) => {
        const id = String(feature.getId());
        if (!feature.get('county') || !state.current.shades.has(id)) return false;
        state.current.onSelect(id);
        return true;
      });
    });
    map.current = created;
    return () => {
      created.setTarget(undefined);
      created.dispose();
      map.current = null;
    };
  }, [tileUrl]);

  // Redrawn when the shading or the selection changes; fitted to the counties shown when they change.
  useEffect(() => {
    const current = map.current;
    if (!current) return;
    const layers = current.getLayers().getArray();
    const basemap = layers[layers.length - 1] as VectorImageLayer<VectorSource>;
    basemap.changed();
    const extent = createEmpty();
    for (const f of basemap.getSource()?.getFeatures() ?? [])
      if (f.get('county') && shades.has(String(f.getId()))) extend(extent, f.getGeometry()!.getExtent());
    if (!isEmpty(extent)) current.getView().fit(extent, { padding: [24, 24, 24, 24], maxZoom: 9 });
  }, [shades]);

  useEffect(() => {
    const layers = map.current?.getLayers().getArray();
    layers?.[layers.length - 1]?.changed();
  }, [selected]);

  return (
    <div
      ref={target}
      role="img"
      aria-label={label}
      style={{ position: 'relative', height: 380, background: tileUrl ? '#ffffff' : '#e6eef0' }}
    />
  );
}
