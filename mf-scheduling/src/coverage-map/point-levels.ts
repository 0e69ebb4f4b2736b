import { markerDiameterAtZoom } from '@carelane/shared-domain';

/** Web Mercator (EPSG:3857): metres per pixel at zoom 0, and the distance from the centre to the world's edge. */
const RESOLUTION_AT_ZOOM_0 = 156543.03392804097;
const WORLD_EDGE = 20037508.342789244;

/** From this zoom on every point is drawn (the markers are full size from MAP_MARKER_FULL_SIZE_ZOOM). */
export const THINNING_MAX_ZOOM = 16;

/**
 * The side of a thinning cell in pixels at a zoom: a third of the marker's diameter, so a point left out has
 * a drawn point whose centre is at most 0.47 of a diameter from its own: its centre is under that circle.
 */
export const thinningCellPx = (zoom: number) => markerDiameterAtZoom(zoom) / 3;

/**
 * The zoom from which each point is drawn. `coordinates` are flat [x0, y0, x1, y1, …] in EPSG:3857 metres
 * in drawing order (a later point covers an earlier one). At each whole zoom, of the points whose centres
 * fall in one cell of thinningCellPx pixels only the last, the one on top, is drawn: the others lie under
 * it and its neighbours, so leaving them out changes little on screen and spares drawing tens of thousands
 * of overlapping circles. A point is drawn from the first zoom at which it
 * is on top of its cell, and at every closer zoom.
 */
export function drawFromZoom(coordinates: ArrayLike<number>): Uint8Array {
  const count = Math.floor(coordinates.length / 2);
  const level = new Uint8Array(count).fill(THINNING_MAX_ZOOM);
  // An open-addressing table of cells (column, row) to the last point in each.
  let size = 1024;
  while (size < 2 * count) size *= 2;
  const mask = size - 1;
  const columns = new Int32Array(size);
  const rows = new Int32Array(size);
  const top = new Int32Array(size);
  for (let zoom = 0; zoom < THINNING_MAX_ZOOM; zoom++) {
    const cell = thinningCellPx(zoom) * (RESOLUTION_AT_ZOOM_0 / 2 ** zoom);
    top.fill(-1);
    for (let i = 0; i < count; i++) {
      const column = Math.floor((coordinates[2 * i]! + WORLD_EDGE) / cell);
      const row = Math.floor((WORLD_EDGE - coordinates[2 * i + 1]!) / cell);
      let slot = (Math.imul(column, 73856093) ^ Math.imul(row, 19349663)) & mask;
      while (top[slot] !== -1 && (columns[slot] !== column || rows[slot] !== row)) slot = (slot + 1) & mask;
      columns[slot] = column;
      rows[slot] = row;
      top[slot] = i;
    }
    for (let slot = 0; slot < size; slot++) {
      const i = top[slot]!;
      if (i >= 0 && level[i]! > zoom) level[i] = zoom;
    }
  }
  return level;
}
