// The OpenLayers wiring of the coverage map, kept thin (jsdom has no WebGL; the data shaping is tested in
// coverage-data.test.ts): shared-ui's offline basemap (US states and counties from us-atlas, and an optional
// raster tile layer; the supply and demand gap's map draws it too), and the clinician and episode points. The
// points are drawn by a WebGL layer where the browser has hardware WebGL, and by a canvas image layer where WebGL
// is software (SwiftShader, llvmpipe) or missing: there a WebGL layer costs two full-size copies a frame before
// drawing a point, and the image layer, only moved and scaled while the map moves, is 4-5 times faster (bench
// (f), docs/decisions/009).
import {
  MAP_INITIAL_ZOOM,
  MAP_MARKER_FULL_SIZE_ZOOM,
  MAP_MARKER_MIN_SIZE_ZOOM,
  MAP_MARKER_SIZE,
  MAP_MIN_MARKER_PX,
  markerDiameterAtZoom,
} from '@carelane/shared-domain';
import { navigateTo } from '@carelane/shared-session';
import { basemapLayers } from '@carelane/shared-ui/maps/basemap';
import { Button, Flex } from 'antd';
import Feature from 'ol/Feature';
import OlMap from 'ol/Map';
import View from 'ol/View';
import Point from 'ol/geom/Point';
import VectorImageLayer from 'ol/layer/VectorImage';
import WebGLVectorLayer from 'ol/layer/WebGLVector';
import { fromLonLat } from 'ol/proj';
import { fromEPSG4326 } from 'ol/proj/epsg3857';
import VectorSource from 'ol/source/Vector';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import CircleStyle from 'ol/style/Circle';
import type { StyleFunction } from 'ol/style/Style';
import type { FlatStyleLike } from 'ol/style/flat';
import { asArray } from 'ol/color';
import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { MapPoint } from './coverage-data';
import { CLINICIAN_COLOR, EPISODE_COLOR } from './map-colors';
import { drawFromZoom } from './point-levels';
import { pointRenderer } from './point-renderer';

const FALLBACK_CENTER: [number, number] = [-97.9, 31.0];

/** Pixels around a marker's edge that still count as pointing at it. */
const HIT_TOLERANCE_PX = 3;

/** The `kind` property of the point features: service requests are drawn over clinicians. */
const CLINICIAN = 0;
const EPISODE = 1;

/** Web Mercator metres per pixel at zoom 0. */
const RESOLUTION_AT_ZOOM_0 = 156543.03392804097;

/**
 * SPEC §9 marker size 40: the circle's diameter follows markerDiameterAtZoom (shared-domain), rounded to
 * half a pixel so a few styles serve every zoom. A point is drawn from the zoom drawFromZoom gave it (its
 * `level`) when its kind is shown; service requests over clinicians.
 */
function pointStyle(visible: { current: Record<number, boolean> }): StyleFunction {
  const styles = new Map<string, Style>();
  return (f, resolution) => {
    const kind = f.get('kind') as number;
    const zoom = Math.log2(RESOLUTION_AT_ZOOM_0 / resolution);
    if (!visible.current[kind] || (f.get('level') as number) > zoom) return undefined;
    const radius = Math.round(markerDiameterAtZoom(zoom)) / 2;
    const key = `${kind}:${radius}`;
    let style = styles.get(key);
    if (!style) {
      const [r = 0, g = 0, b = 0] = asArray(kind === EPISODE ? EPISODE_COLOR : CLINICIAN_COLOR);
      style = new Style({
        image: new CircleStyle({
          radius,
          fill: new Fill({ color: [r, g, b, 0.85] }),
          stroke: new Stroke({ color: [255, 255, 255, 0.85], width: 1 }),
        }),
        zIndex: kind,
      });
      styles.set(key, style);
    }
    return style;
  };
}

/** The WebGL layer's version of pointStyle: the GPU leaves out hidden kinds and thinned points. */
const WEBGL_POINT_STYLE: FlatStyleLike = [
  {
    filter: [
      'all',
      ['<=', ['get', 'level'], ['zoom']],
      ['==', ['match', ['get', 'kind'], EPISODE, ['var', 'showEpisodes'], ['var', 'showClinicians']], 1],
    ],
    style: {
      'circle-radius': [
        'interpolate',
        ['linear'],
        ['zoom'],
        MAP_MARKER_MIN_SIZE_ZOOM,
        MAP_MIN_MARKER_PX / 2,
        MAP_MARKER_FULL_SIZE_ZOOM,
        MAP_MARKER_SIZE / 2,
      ],
      'circle-fill-color': ['match', ['get', 'kind'], EPISODE, EPISODE_COLOR, CLINICIAN_COLOR],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 1,
      'circle-opacity': 0.85,
    },
  },
];

const styleVariables = (visible: Record<number, boolean>) => ({
  showClinicians: visible[CLINICIAN] ? 1 : 0,
  showEpisodes: visible[EPISODE] ? 1 : 0,
});

type PointLayer = {
  layer: VectorImageLayer<VectorSource<Feature<Point>>> | WebGLVectorLayer<VectorSource<Feature<Point>>>;
  source: VectorSource<Feature<Point>>;
  points: Record<typeof CLINICIAN | typeof EPISODE, readonly MapPoint[]>;
};

/** Features of one kind of point, each with its `level` (drawFromZoom over the points of that kind). */
function pointFeatures(points: readonly MapPoint[], kind: number) {
  const lonLat = new Float64Array(points.length * 2);
  points.forEach((point, i) => {
    lonLat[2 * i] = point.lon;
    lonLat[2 * i + 1] = point.lat;
  });
  const coordinates = fromEPSG4326(lonLat as unknown as number[], lonLat as unknown as number[]);
  const levels = drawFromZoom(coordinates);
  const features = new Array<Feature<Point>>(points.length);
  for (let i = 0; i < points.length; i++) {
    features[i] = new Feature({
      geometry: new Point([coordinates[2 * i]!, coordinates[2 * i + 1]!]),
      kind,
      index: i,
      level: levels[i],
    });
  }
  return features;
}

/**
 * Clinicians and service requests in one layer (one canvas to compose). Picking reads the source's spatial
 * index (pointFromSource), not the rendered pixels, so the WebGL layer skips its hit-detection pass.
 */
function pointLayer(
  clinicians: readonly MapPoint[],
  episodes: readonly MapPoint[],
  visible: { current: Record<number, boolean> },
): PointLayer {
  const source = new VectorSource({
    features: [...pointFeatures(clinicians, CLINICIAN), ...pointFeatures(episodes, EPISODE)],
  });
  // Its own canvas (className), over the basemap's.
  const layer =
    pointRenderer() === 'webgl'
      ? new WebGLVectorLayer({
          source,
          style: WEBGL_POINT_STYLE,
          variables: styleVariables(visible.current),
          className: 'coverage-points',
          zIndex: 2,
          disableHitDetection: true,
        })
      : new VectorImageLayer({
          source,
          style: pointStyle(visible),
          className: 'coverage-points',
          zIndex: 2,
        });
  return { layer, source, points: { [CLINICIAN]: clinicians, [EPISODE]: episodes } };
}

/**
 * The drawn point nearest to `coordinate` among those whose circle (at `zoom`, HIT_TOLERANCE_PX included)
 * contains it, a service request before a clinician (drawn over it); on a tie the later, drawn on top.
 */
function pointFromSource(
  entry: PointLayer,
  coordinate: number[],
  zoom: number,
  resolution: number,
  visible: Record<number, boolean>,
) {
  const [x = 0, y = 0] = coordinate;
  const reach = (markerDiameterAtZoom(zoom) / 2 + 1 + HIT_TOLERANCE_PX) * resolution;
  let best: { kind: number; index: number; distance: number } | undefined;
  entry.source.forEachFeatureInExtent([x - reach, y - reach, x + reach, y + reach], (f) => {
    const kind = f.get('kind') as number;
    if (!visible[kind] || (f.get('level') as number) > zoom) return;
    const [fx = 0, fy = 0] = f.getGeometry()!.getFlatCoordinates();
    const distance = (fx - x) ** 2 + (fy - y) ** 2;
    if (distance > reach ** 2) return;
    const index = f.get('index') as number;
    if (
      !best ||
      kind > best.kind ||
      (kind === best.kind && (distance < best.distance || (distance === best.distance && index > best.index)))
    )
      best = { kind, index, distance };
  });
  return best ? entry.points[best.kind as typeof CLINICIAN][best.index] : undefined;
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
type Visible = { current: Record<number, boolean> };

function createMap(target: HTMLElement, tileUrl: string) {
  return new OlMap({
    target,
    controls: [],
    layers: basemapLayers(tileUrl),
    view: new View({ center: fromLonLat(FALLBACK_CENTER), zoom: MAP_INITIAL_ZOOM }),
  });
}

/** Hover shows a point's tooltip, a click pins its popup; `underPointer` keeps moves over one point stateless. */
function followPointer(
  created: OlMap,
  points: { current: PointLayer | null },
  visible: Visible,
  underPointer: { current: MapPoint | undefined },
  setHovered: Dispatch<SetStateAction<Hovered | null>>,
) {
  const view = created.getView();
  const pick = (pixel: number[]) => {
    const coordinate = created.getCoordinateFromPixel(pixel);
    const zoom = view.getZoom();
    const resolution = view.getResolution();
    if (!coordinate || zoom === undefined || resolution === undefined) return undefined;
    if (!points.current) return undefined;
    return pointFromSource(points.current, coordinate, zoom, resolution, visible.current);
  };
  created.on('pointermove', (event) => {
    if (event.dragging || view.getInteracting() || view.getAnimating()) return;
    const point = pick(event.pixel);
    if (point === underPointer.current) return;
    underPointer.current = point;
    setHovered((current) =>
      current?.pinned
        ? current
        : point
          ? { point, x: event.pixel[0]!, y: event.pixel[1]!, pinned: false }
          : null,
    );
  });
  // A tooltip stays where it was shown: moving the map takes it away (a pinned popup stays).
  created.on('movestart', () => {
    underPointer.current = undefined;
    setHovered((current) => (current?.pinned ? current : null));
  });
  created.on('singleclick', (event) => {
    const point = pick(event.pixel);
    underPointer.current = point;
    setHovered(point ? { point, x: event.pixel[0]!, y: event.pixel[1]!, pinned: true } : null);
  });
}

/** The OpenLayers map in `target`, its point layer following the data, and the point hovered or pinned. */
function useCoverageMap({ clinicians, episodes, showClinicians, showEpisodes, tileUrl }: CoverageMapProps) {
  const target = useRef<HTMLDivElement>(null);
  const map = useRef<OlMap | null>(null);
  const points = useRef<PointLayer | null>(null);
  const visible = useRef({ [CLINICIAN]: showClinicians, [EPISODE]: showEpisodes });
  visible.current = { [CLINICIAN]: showClinicians, [EPISODE]: showEpisodes };
  const [hovered, setHovered] = useState<Hovered | null>(null);
  const underPointer = useRef<MapPoint | undefined>(undefined);

  // The map itself: made once per tile address.
  useEffect(() => {
    if (!target.current) return;
    const created = createMap(target.current, tileUrl);
    followPointer(created, points, visible, underPointer, setHovered);
    map.current = created;
    return () => {
      created.setTarget(undefined);
      created.dispose();
      map.current = null;
    };
  }, [tileUrl]);

  // The points: a new layer whenever the data changes; centred once on the first clinicians.
  useEffect(() => {
    const current = map.current;
    if (!current) return;
    const created = pointLayer(clinicians, episodes, visible);
    current.addLayer(created.layer);
    points.current = created;
    if (current.get('centred') !== true && (clinicians.length || episodes.length)) {
      current.getView().setCenter(fromLonLat(centerOf(clinicians.length ? clinicians : episodes)));
      current.set('centred', true);
    }
    underPointer.current = undefined;
    setHovered(null);
    return () => {
      current.removeLayer(created.layer);
      created.layer.dispose();
      points.current = null;
    };
  }, [clinicians, episodes, tileUrl]);

  useEffect(() => {
    const layer = points.current?.layer;
    if (layer instanceof WebGLVectorLayer) layer.updateStyleVariables(styleVariables(visible.current));
    else layer?.changed();
  }, [showClinicians, showEpisodes, clinicians, episodes, tileUrl]);

  const zoomBy = (delta: number) => {
    const view = map.current?.getView();
    if (view) view.animate({ zoom: (view.getZoom() ?? MAP_INITIAL_ZOOM) + delta, duration: 200 });
  };
  const closeHovered = () => {
    underPointer.current = undefined;
    setHovered(null);
  };
  return { target, hovered, zoomBy, closeHovered };
}

function PointPopup({ hovered }: { hovered: Hovered }) {
  const { point, pinned } = hovered;
  return (
    <div
      role={pinned ? 'dialog' : 'tooltip'}
      aria-label={point.name}
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
        pointerEvents: pinned ? 'auto' : 'none',
      }}
    >
      <strong>{point.name}</strong>
      <div>{point.detail}</div>
      <div>
        {point.kind === 'clinician' ? 'Clinician' : 'Service request'} · ZIP {point.zipcode || '—'}
      </div>
      {pinned ? (
        <Button
          type="link"
          size="small"
          style={{ padding: 0 }}
          onClick={() =>
            navigateTo(point.kind === 'clinician' ? `/provider?id=${point.id}` : `/episode?id=${point.id}`)
          }
        >
          {point.kind === 'clinician' ? 'Open clinician' : 'Open service request'}
        </Button>
      ) : null}
    </div>
  );
}

export default function CoverageMap(props: CoverageMapProps) {
  const { target, hovered, zoomBy, closeHovered } = useCoverageMap(props);
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
        data-renderer={pointRenderer()}
        role="application"
        aria-label="Coverage map"
        tabIndex={0}
        style={{ position: 'absolute', inset: 0, background: props.tileUrl ? '#ffffff' : '#e6eef0' }}
        onKeyDown={(event) => {
          if (event.key === '+' || event.key === '=') zoomBy(1);
          if (event.key === '-') zoomBy(-1);
          if (event.key === 'Escape') closeHovered();
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
      {hovered ? <PointPopup hovered={hovered} /> : null}
    </div>
  );
}
