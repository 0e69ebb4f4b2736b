import { THINNING_MAX_ZOOM, drawFromZoom, thinningCellPx } from './point-levels';

const RESOLUTION_AT_ZOOM_0 = 156543.03392804097;
const EDGE = 20037508.342789244;
/** Longitude and latitude to EPSG:3857 metres, flat. */
const flat = (points: [number, number][]) =>
  points.flatMap(([lon, lat]) => [
    (lon * EDGE) / 180,
    (Math.log(Math.tan(((90 + lat) * Math.PI) / 360)) * EDGE) / Math.PI,
  ]);

describe('drawFromZoom', () => {
  it('draws a point alone in its place from the furthest zoom out', () => {
    expect([...drawFromZoom(flat([[-97.74, 30.27]]))]).toEqual([0]);
  });

  it('draws the later of two points at one place, the earlier only from the last thinned zoom', () => {
    expect([
      ...drawFromZoom(
        flat([
          [-97.74, 30.27],
          [-97.74, 30.27],
        ]),
      ),
    ]).toEqual([THINNING_MAX_ZOOM, 0]);
  });

  it('draws both of two nearby points once they are a few pixels apart', () => {
    // 0.01° apart: about 1,100 m, 7 pixels at zoom 9 where a quarter marker is 5.5 pixels.
    const [first, second] = drawFromZoom(
      flat([
        [-97.74, 30.27],
        [-97.73, 30.27],
      ]),
    );
    expect(second).toBe(0);
    expect(first).toBeLessThanOrEqual(10);
  });

  it('leaves a point out only where a later drawn point lies within a cell of it', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const points = Array.from({ length: 3000 }, (): [number, number] => [
      -97.7 + (random() - 0.5) * 0.9,
      30.3 + (random() - 0.5) * 0.9,
    ]);
    const coordinates = flat(points);
    const levels = drawFromZoom(coordinates);
    for (const zoom of [4, 7, 10, 13]) {
      const reach = thinningCellPx(zoom) * Math.SQRT2 * (RESOLUTION_AT_ZOOM_0 / 2 ** zoom);
      const drawn = [...levels.keys()].filter((i) => levels[i]! <= zoom);
      for (let i = 0; i < points.length; i++) {
        if (levels[i]! <= zoom) continue;
        const covered = drawn.some(
          (j) =>
            j > i &&
            Math.hypot(
              coordinates[2 * j]! - coordinates[2 * i]!,
              coordinates[2 * j + 1]! - coordinates[2 * i + 1]!,
            ) <= reach,
        );
        expect(covered).toBe(true);
      }
      // Thinning pays where the points crowd: fewer drawn when zoomed out.
      if (zoom === 4) expect(drawn.length).toBeLessThan(points.length / 10);
    }
  });
});
