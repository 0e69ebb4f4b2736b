import {
  MAP_JITTER_DEGREES,
  MAP_MARKER_SIZE,
  MAP_MIN_MARKER_PX,
  coverageByZipcode,
  hasMapLocation,
  jitterPoint,
  markerDiameterAtZoom,
  roundCoordinate,
} from './coverage-map';

describe('hasMapLocation (SPEC §5: no latitude/longitude, no point)', () => {
  it.each([
    [30.27, -97.74, true],
    [null, -97.74, false],
    [30.27, null, false],
    [undefined, undefined, false],
    [Number.NaN, -97.74, false],
    [0, 0, false],
    [91, -97, false],
    [30, -181, false],
  ])('(%p, %p) -> %p', (lat, lng, expected) => {
    expect(hasMapLocation(lat, lng)).toBe(expected);
  });
});

describe('jitterPoint (SPEC §9: about 0.001 degrees)', () => {
  it('moves a point by at most the jitter in each axis', () => {
    for (let id = 1; id < 2000; id++) {
      const [lat, lng] = jitterPoint(id, 30, -97);
      expect(Math.abs(lat - 30)).toBeLessThanOrEqual(MAP_JITTER_DEGREES);
      expect(Math.abs(lng + 97)).toBeLessThanOrEqual(MAP_JITTER_DEGREES);
    }
  });
  it('is the same for the same key, and different keys at one address do not coincide', () => {
    expect(jitterPoint(42, 30, -97)).toEqual(jitterPoint(42, 30, -97));
    const points = new Set(Array.from({ length: 500 }, (_, id) => jitterPoint(id, 30, -97).join(',')));
    expect(points.size).toBe(500);
  });
  it('spreads points over the whole square, not one line', () => {
    const lats = Array.from({ length: 1000 }, (_, id) => jitterPoint(id, 0, 0)[0]);
    expect(Math.min(...lats)).toBeLessThan(-MAP_JITTER_DEGREES * 0.9);
    expect(Math.max(...lats)).toBeGreaterThan(MAP_JITTER_DEGREES * 0.9);
  });
});

describe('markerDiameterAtZoom (SPEC §9 marker size 40)', () => {
  it('is 40 px at street level and small at the state level', () => {
    expect(markerDiameterAtZoom(14)).toBe(MAP_MARKER_SIZE);
    expect(markerDiameterAtZoom(18)).toBe(MAP_MARKER_SIZE);
    expect(markerDiameterAtZoom(4)).toBe(MAP_MIN_MARKER_PX);
    expect(markerDiameterAtZoom(7)).toBeCloseTo(14.8, 5);
  });
});

describe('coverageByZipcode (SPEC §3 Coverage: zipcode, count, providerIdSet)', () => {
  it('counts each clinician once per ZIP code over home and preferred ZIP codes', () => {
    const rows = coverageByZipcode([
      { id: 7, zipcode: '78701', preferredZipcodes: ['78701', '78702'] },
      { id: 3, zipcode: '78702-1234', preferredZipcodes: [] },
      { id: 9, zipcode: null, preferredZipcodes: ['78703', 'bad', ''] },
    ]);
    expect(rows).toEqual([
      { zipcode: '78701', count: 1, providerIdSet: [7], episodeCount: 0 },
      { zipcode: '78702', count: 2, providerIdSet: [3, 7], episodeCount: 0 },
      { zipcode: '78703', count: 1, providerIdSet: [9], episodeCount: 0 },
    ]);
  });
  it('puts ZIP codes with episodes and the fewest clinicians per episode first', () => {
    const rows = coverageByZipcode(
      [
        { id: 1, zipcode: '75201' },
        { id: 2, zipcode: '75201' },
        { id: 3, zipcode: '76102' },
      ],
      ['75201', '76102', '76102', '78205', null],
    );
    expect(rows.map((row) => [row.zipcode, row.count, row.episodeCount])).toEqual([
      ['78205', 0, 1],
      ['76102', 1, 2],
      ['75201', 2, 1],
    ]);
  });
});

describe('roundCoordinate', () => {
  it('keeps 5 decimals', () => {
    expect(roundCoordinate(30.271312345678)).toBe(30.27131);
    expect(roundCoordinate(-97.742649999)).toBe(-97.74265);
    expect(roundCoordinate(30.27)).toBe(30.27);
  });
});
