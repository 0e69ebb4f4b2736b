import {
  boundingBox,
  milesToOutline,
  pointInPolygon,
  pointInPolygons,
  pointInRing,
} from './point-in-polygon';

// A 10 x 10 square with a 2 x 2 hole in the middle; a second square to the east for a MultiPolygon.
const outer = [
  [0, 0],
  [10, 0],
  [10, 10],
  [0, 10],
  [0, 0],
];
const hole = [
  [4, 4],
  [6, 4],
  [6, 6],
  [4, 6],
  [4, 4],
];
const withHole = [outer, hole];
const east = [
  [
    [20, 0],
    [30, 0],
    [30, 10],
    [20, 10],
  ],
];

describe('point in polygon', () => {
  it.each([
    [1, 1, true],
    [9.9, 5, true],
    [-1, 5, false],
    [5, 11, false],
    [15, 5, false],
  ])('(%p, %p) in the square: %p', (x, y, inside) => {
    expect(pointInRing(x, y, outer)).toBe(inside);
  });

  it('leaves out the holes', () => {
    expect(pointInPolygon(5, 5, withHole)).toBe(false);
    expect(pointInPolygon(3, 5, withHole)).toBe(true);
    expect(pointInPolygon(5, 5, [outer])).toBe(true);
  });

  it('reads a ring that is not closed, and a concave one', () => {
    expect(pointInRing(25, 5, east[0]!)).toBe(true);
    const notch = [
      [0, 0],
      [10, 0],
      [10, 10],
      [5, 2],
      [0, 10],
    ];
    expect(pointInRing(5, 8, notch)).toBe(false);
    expect(pointInRing(5, 1, notch)).toBe(true);
    expect(pointInRing(2, 5, notch)).toBe(true);
  });

  it('finds a point in any polygon of a MultiPolygon', () => {
    expect(pointInPolygons(25, 5, [withHole, east])).toBe(true);
    expect(pointInPolygons(5, 5, [withHole, east])).toBe(false);
    expect(pointInPolygons(15, 5, [withHole, east])).toBe(false);
    expect(pointInPolygons(1, 1, [])).toBe(false);
  });

  it('boxes the outer rings of all polygons', () => {
    expect(boundingBox([withHole, east])).toEqual({ minX: 0, minY: 0, maxX: 30, maxY: 10 });
  });
});

describe('milesToOutline', () => {
  it('measures to the nearest edge, in miles at the point latitude', () => {
    // One degree of latitude is about 69 miles.
    expect(milesToOutline(5, -1, [withHole])).toBeCloseTo(69, 0);
    // Inside the hole, 1 degree from its edges.
    expect(milesToOutline(5, 5, [withHole])).toBeCloseTo(69, 0);
    // At latitude 60 a degree of longitude is half as long.
    const square60 = [
      [
        [0, 59],
        [10, 59],
        [10, 61],
        [0, 61],
      ],
    ];
    expect(milesToOutline(-1, 60, [square60])).toBeCloseTo(34.5, 0);
    expect(milesToOutline(12, 5, [withHole, east])).toBeCloseTo(2 * 69, -1);
  });
});
