/** A GeoJSON position: [longitude, latitude]. */
export type Position = readonly number[];
/** A GeoJSON polygon: the outer ring, then its holes; each ring closed or not. */
export type Polygon = readonly (readonly Position[])[];

export type BoundingBox = { minX: number; minY: number; maxX: number; maxY: number };

const MILES_PER_DEGREE = 69.05;

/** Ray casting: whether (x, y) lies inside the ring (a point exactly on an edge may fall either way). */
export function pointInRing(x: number, y: number, ring: readonly Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const xi = ring[i]![0]!;
    const yi = ring[i]![1]!;
    const xj = ring[j]![0]!;
    const yj = ring[j]![1]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Inside the outer ring and in none of its holes. */
export function pointInPolygon(x: number, y: number, polygon: Polygon): boolean {
  if (polygon.length === 0 || !pointInRing(x, y, polygon[0]!)) return false;
  for (let k = 1; k < polygon.length; k++) if (pointInRing(x, y, polygon[k]!)) return false;
  return true;
}

/** Inside any polygon of a MultiPolygon (a Polygon is a list of one). */
export function pointInPolygons(x: number, y: number, polygons: readonly Polygon[]): boolean {
  return polygons.some((polygon) => pointInPolygon(x, y, polygon));
}

export function boundingBox(polygons: readonly Polygon[]): BoundingBox {
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const polygon of polygons) {
    for (const [x, y] of polygon[0] ?? []) {
      box.minX = Math.min(box.minX, x!);
      box.maxX = Math.max(box.maxX, x!);
      box.minY = Math.min(box.minY, y!);
      box.maxY = Math.max(box.maxY, y!);
    }
  }
  return box;
}

/** Whether (x, y) lies in the box widened by `margin` degrees on every side. */
export function inBoundingBox(x: number, y: number, box: BoundingBox, margin = 0): boolean {
  return x >= box.minX - margin && x <= box.maxX + margin && y >= box.minY - margin && y <= box.maxY + margin;
}

/**
 * Miles from a point (longitude, latitude) to the nearest edge of the polygons' rings, on a plane scaled to
 * the point's latitude (good to a fraction of a mile over the few tens of miles this is used for).
 */
export function milesToOutline(lon: number, lat: number, polygons: readonly Polygon[]): number {
  const kx = Math.cos((lat * Math.PI) / 180);
  let best = Infinity;
  for (const polygon of polygons) {
    for (const ring of polygon) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const ax = (ring[j]![0]! - lon) * kx;
        const ay = ring[j]![1]! - lat;
        const dx = (ring[i]![0]! - lon) * kx - ax;
        const dy = ring[i]![1]! - lat - ay;
        const length2 = dx * dx + dy * dy;
        // The nearest point of segment a..a+d to the origin (the point asked about).
        const t = length2 ? Math.max(0, Math.min(1, -(ax * dx + ay * dy) / length2)) : 0;
        best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
      }
    }
  }
  return best * MILES_PER_DEGREE;
}
