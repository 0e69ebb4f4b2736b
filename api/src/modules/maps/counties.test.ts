import { countyName, loadCounties } from './counties';
import { loadGazetteer } from './gazetteer';

describe('countyName', () => {
  it.each([
    ['48453', 'Travis', 'Travis County'],
    ['22071', 'Orleans', 'Orleans Parish'],
    ['02020', 'Anchorage', 'Anchorage Municipality'],
    ['02090', 'Fairbanks North Star', 'Fairbanks North Star Borough'],
    ['02180', 'Nome', 'Nome Census Area'],
    ['02110', 'Juneau', 'Juneau City and Borough'],
    ['51760', 'Richmond', 'Richmond city'],
    ['51159', 'Richmond', 'Richmond County'],
    ['51095', 'James City', 'James City County'],
    ['24510', 'Baltimore', 'Baltimore city'],
    ['24005', 'Baltimore', 'Baltimore County'],
    ['29510', 'St. Louis', 'St. Louis city'],
    ['32510', 'Carson City', 'Carson City'],
    ['11001', 'District of Columbia', 'District of Columbia'],
    ['72127', 'San Juan', 'San Juan Municipio'],
    ['66010', 'Guam', 'Guam'],
  ])('%s %s -> %s', (fips, name, full) => {
    expect(countyName(fips, name)).toBe(full);
  });
});

describe('county of a ZIP code', () => {
  const countyOfZip = async (zipcode: string) => {
    const [gazetteer, counties] = await Promise.all([loadGazetteer(), loadCounties()]);
    const place = gazetteer.byZip(zipcode)!;
    return counties.countyAt(place.latitude, place.longitude);
  };

  it.each([
    ['78701', 'Travis County'],
    ['77002', 'Harris County'],
    ['73102', 'Oklahoma County'],
    ['76102', 'Tarrant County'],
    ['70112', 'Orleans Parish'],
    ['99501', 'Anchorage Municipality'],
    ['23219', 'Richmond city'],
    ['63101', 'St. Louis city'],
    ['10001', 'New York County'],
    // Off the 1:10,000,000 outlines (on the water): the nearest county within 15 miles.
    ['77554', 'Galveston County'],
    ['78473', 'Nueces County'],
    ['94130', 'San Francisco County'],
    ['60601', 'Cook County'],
    // A military post office abroad: no county.
    ['09079', ''],
  ])('%s -> %p', async (zipcode, county) => {
    expect(await countyOfZip(zipcode)).toBe(county);
  });

  it('leaves a point far from every county empty', async () => {
    const counties = await loadCounties();
    expect(counties.countyAt(28, -90)).toBe('');
    expect(counties.size).toBeGreaterThan(3000);
  });

  // The bound catches a lookup gone linear over 3,000 counties, not a slow machine (~0.06 ms a lookup here).
  it('answers a lookup from its index once loaded, not by a walk over every county', async () => {
    const [gazetteer, counties] = await Promise.all([loadGazetteer(), loadCounties()]);
    const places = gazetteer.zipPrefix('7', 400);
    const started = performance.now();
    for (const place of places) counties.countyAt(place.latitude, place.longitude);
    expect((performance.now() - started) / places.length).toBeLessThan(5);
  });
});
