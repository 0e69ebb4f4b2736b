// The OpenLayers wiring of the coverage map, kept thin (jsdom has no WebGL; the data shaping is tested in
// coverage-data.test.ts): an offline basemap of US states and counties from us-atlas, an optional raster
// tile layer, and the clinician and episode points in WebGL layers.
import {
  MAP_INITIAL_ZOOM,
  MAP_MARKER_FULL_SIZE_ZOOM,
  MAP_MARKER_MIN_SIZE_ZOOM,
  MAP_MARKER_SIZE,
  MAP_MIN_MARKER_PX,
} from '@carelane/shared-domain';
import { navigateTo } from '@carelane/shared-session';
import { Button, Flex } from 'antd';
import Feature from 'ol/Feature';
import OlMap from 'ol/Map';
import View from 'ol/View';
import GeoJSON from 'ol/format/GeoJSON';
import Point from 'ol/geom/Point';
import TileLayer from 'ol/layer/Tile';
import VectorImageLayer from 'ol/layer/VectorImage';
import WebGLVectorLayer from 'ol/layer/WebGLVector';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import XYZ from 'ol/source/XYZ';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import type { FlatStyle } from 'ol/style/flat';
import { useEffect, useRef, useState } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import atlas from 'us-atlas/counties-10m.json';
import type { MapPoint } from './coverage-data';
import { CLINICIAN_COLOR, EPISODE_COLOR } from './map-colors';

const FALLBACK_CENTER: [number, number] = [-97.9, 31.0];

/** SPEC §9 marker size 40: the WebGL circle's radius follows markerDiameterAtZoom (shared-domain). */
const pointStyle = (color: string): FlatStyle => ({
  'circle-radius': [
    'interpolate',
    ['linear'],
    ['zoom'],
    MAP_MARKER_MIN_SIZE_ZOOM,
    MAP_MIN_MARKER_PX / 2,
    MAP_MARKER_FULL_SIZE_ZOOM,
    MAP_MARKER_SIZE / 2,
  ],
  'circle-fill-color': color,
  'circle-stroke-color': '#ffffff',
  'circle-stroke-width': 1,
  'circle-opacity': 0.85,
});

function basemapLayers(withTiles: boolean) {
  const topology = atlas as unknown as Topology<{ states: GeometryCollection; counties: GeometryCollection }>;
  const format = new GeoJSON({ featureProjection: 'EPSG:3857' });
  const read = (name: 'states' | 'counties') =>
    new VectorSource({ features: format.readFeatures(feature(topology, topology.objects[name])) });
  return [
    new VectorImageLayer({
      source: read('counties'),
      minZoom: 5,
      style: new Style({
        fill: withTiles ? undefined : new Fill({ color: '#f8faf9' }),
        stroke: new Stroke({ color: '#cbd5d1', width: 0.5 }),
      }),
    }),
    new VectorImageLayer({
      source: read('states'),
      style: new Style({
        fill: withTiles ? undefined : new Fill({ color: 'rgba(240, 245, 243, 0.4)' }),
        stroke: new Stroke({ color: '#64748b', width: 1.2 }),
      }),
    }),
  ];
}

function pointSource(points: readonly MapPoint[]) {
  return new VectorSource({
    features: points.map((point, index) => {
      const f = new Feature(new Point(fromLonLat([point.lon, point.lat])));
      f.set('index', index);
      return f;
    }),
  });
}

function centerOf(points: readonly MapPoint[]): [number, number] {
  if (!points.length) return FALLBACK_CENTER;
  let lon = 0;
  let lat = 0;
  for (const point of points) {
    lon += point.lon;
    lat += point.lat;
  }
  return [lon / points.length, lat / points.length];
}

export type CoverageMapProps = {
  clinicians: readonly MapPoint[];
  episodes: readonly MapPoint[];
  showClinicians: boolean;
  showEpisodes: boolean;
  /** XYZ tile address (the mapTileUrl constant); empty: the built-in states and counties only. */
  tileUrl: string;
};

type Hovered = { point: MapPoint; x: number; y: number; pinned: boolean };

export default function CoverageMap({
  clinicians,
  episodes,
  showClinicians,
  showEpisodes,
  tileUrl,
}: CoverageMapProps) {
  const target = useRef<HTMLDivElement>(null);
  const map = useRef<OlMap | null>(null);
  const layers = useRef<{ clinicians?: WebGLVectorLayer; episodes?: WebGLVectorLayer }>({});
  const data = useRef({ clinicians, episodes });
  const [hovered, setHovered] = useState<Hovered | null>(null);
  data.current = { clinicians, episodes };

  // The map itself: made once per tile address.
  useEffect(() => {
    if (!target.current) return;
    const created = new OlMap({
      target: target.current,
      controls: [],
      layers: [
        ...(tileUrl ? [new TileLayer({ source: new XYZ({ url: tileUrl, crossOrigin: 'anonymous' }) })] : []),
        ...basemapLayers(Boolean(tileUrl)),
      ],
      view: new View({ center: fromLonLat(FALLBACK_CENTER), zoom: MAP_INITIAL_ZOOM }),
    });
    const pick = (pixel: number[]) => {
      let found: MapPoint | undefined;
      created.forEachFeatureAtPixel(
        pixel,
        (f, layer) => {
          const list = layer === layers.current.clinicians ? data.current.clinicians : data.current.episodes;
          found = list[f.get('index') as number];
          return true;
        },
        { layerFilter: (layer) => layer instanceof WebGLVectorLayer, hitTolerance: 3 },
      );
      return found;
    };
    created.on('pointermove', (event) => {
      if (event.dragging) return;
      const point = pick(event.pixel);
      setHovered((current) =>
        current?.pinned
          ? current
          : point
            ? { point, x: event.pixel[0]!, y: event.pixel[1]!, pinned: false }
            : null,
      );
    });
    created.on('singleclick', (event) => {
      const point = pick(event.pixel);
      setHovered(point ? { point, x: event.pixel[0]!, y: event.pixel[1]!, pinned: true } : null);
    });
    map.current = created;
    return () => {
      created.setTarget(undefined);
      created.dispose();
      map.current = null;
    };
  }, [tileUrl]);

  // The points: new WebGL layers whenever the data changes; centred once on the first clinicians.
  useEffect(() => {
    const current = map.current;
    if (!current) return;
    const clinicianLayer = new WebGLVectorLayer({
      source: pointSource(clinicians),
      style: pointStyle(CLINICIAN_COLOR),
      zIndex: 2,
    });
    const episodeLayer = new WebGLVectorLayer({
      source: pointSource(episodes),
      style: pointStyle(EPISODE_COLOR),
      zIndex: 3,
    });
    current.addLayer(clinicianLayer);
    current.addLayer(episodeLayer);
    layers.current = { clinicians: clinicianLayer, episodes: episodeLayer };
    if (current.get('centred') !== true && (clinicians.length || episodes.length)) {
      current.getView().setCenter(fromLonLat(centerOf(clinicians.length ? clinicians : episodes)));
      current.set('centred', true);
    }
    setHovered(null);
    return () => {
      current.removeLayer(clinicianLayer);
      current.removeLayer(episodeLayer);
      clinicianLayer.dispose();
      episodeLayer.dispose();
    };
  }, [clinicians, episodes, tileUrl]);

  useEffect(() => {
    layers.current.clinicians?.setVisible(showClinicians);
    layers.current.episodes?.setVisible(showEpisodes);
  }, [showClinicians, showEpisodes, clinicians, episodes, tileUrl]);

  const zoomBy = (delta: number) => {
    const view = map.current?.getView();
    if (view) view.animate({ zoom: (view.getZoom() ?? MAP_INITIAL_ZOOM) + delta, duration: 200 });
  };

  return (
    <div
      style={{
        position: 'relative',
        height: 620,
        border: '1px solid #d9e2df',
        borderRadius: 8,
        overflow: 'hidden',
      }}
    >
      <div
        ref={target}
        data-testid="coverage-map-canvas"
        role="application"
        aria-label="Coverage map"
        tabIndex={0}
        style={{ position: 'absolute', inset: 0, background: tileUrl ? '#ffffff' : '#e6eef0' }}
        onKeyDown={(event) => {
          if (event.key === '+' || event.key === '=') zoomBy(1);
          if (event.key === '-') zoomBy(-1);
          if (event.key === 'Escape') setHovered(null);
        }}
      />
      <Flex vertical gap={4} style={{ position: 'absolute', top: 8, left: 8 }}>
        <Button size="small" aria-label="Zoom in" onClick={() => zoomBy(1)}>
          +
        </Button>
        <Button size="small" aria-label="Zoom out" onClick={() => zoomBy(-1)}>
          −
        </Button>
      </Flex>
      {hovered ? (
        <div
          role={hovered.pinned ? 'dialog' : 'tooltip'}
          aria-label={hovered.point.name}
          style={{
            position: 'absolute',
            left: Math.max(8, hovered.x + 12),
            top: Math.max(8, hovered.y - 12),
            maxWidth: 280,
            background: '#ffffff',
            border: '1px solid #d9e2df',
            borderRadius: 6,
            padding: '6px 10px',
            boxShadow: '0 2px 8px rgba(0, 0, 0, 0.15)',
            pointerEvents: hovered.pinned ? 'auto' : 'none',
          }}
        >
          <strong>{hovered.point.name}</strong>
          <div>{hovered.point.detail}</div>
          <div>
            {hovered.point.kind === 'clinician' ? 'Clinician' : 'Service request'} · ZIP{' '}
            {hovered.point.zipcode || '—'}
          </div>
          {hovered.pinned ? (
            <Button
              type="link"
              size="small"
              style={{ padding: 0 }}
              onClick={() =>
                navigateTo(
                  hovered.point.kind === 'clinician'
                    ? `/provider?id=${hovered.point.id}`
                    : `/episode?id=${hovered.point.id}`,
                )
              }
            >
              {hovered.point.kind === 'clinician' ? 'Open clinician' : 'Open service request'}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
