import { boundingBox, distanceMiles } from './distance';

describe('distanceMiles', () => {
  it('Austin 78701 to Dallas 75201 is about 182 miles', () => {
    expect(distanceMiles(30.2711, -97.7437, 32.7876, -96.7994)).toBeGreaterThan(180);
    expect(distanceMiles(30.2711, -97.7437, 32.7876, -96.7994)).toBeLessThan(184);
  });
  it('a point to itself is 0 miles', () => {
    expect(distanceMiles(30, -97, 30, -97)).toBe(0);
  });
  it('one hundredth of a degree of latitude is about 0.69 miles', () => {
    expect(distanceMiles(30, -97, 30.01, -97)).toBeCloseTo(0.69, 2);
  });
});

describe('boundingBox', () => {
  it('holds every point within the radius (5 miles around Austin)', () => {
    const box = boundingBox(30.2711, -97.7437, 5);
    for (let bearing = 0; bearing < 360; bearing += 15) {
      const rad = (bearing * Math.PI) / 180;
      const lat = 30.2711 + (4.99 / 69.17) * Math.cos(rad);
      const lon = -97.7437 + ((4.99 / 69.17) * Math.sin(rad)) / Math.cos((30.2711 * Math.PI) / 180);
      expect(distanceMiles(30.2711, -97.7437, lat, lon)).toBeLessThanOrEqual(5);
      expect(lat).toBeGreaterThanOrEqual(box.minLat);
      expect(lat).toBeLessThanOrEqual(box.maxLat);
      expect(lon).toBeGreaterThanOrEqual(box.minLon);
      expect(lon).toBeLessThanOrEqual(box.maxLon);
    }
  });
});
