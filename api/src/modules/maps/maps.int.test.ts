import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness';

describeEachDatabase('maps service', (server) => {
  let token = '';
  beforeAll(async () => {
    token = await server().login('coordinator@carelane.local');
  });
  const get = (path: string, as = token) => server().request('GET', path, { token: as });

  it('suggests ZIP codes by prefix, in the shape AddressAutocomplete reads', async () => {
    const res = await get('/api/maps/autocomplete?input=7870');
    expect(res.status).toBe(200);
    expect(res.body.suggestions.length).toBeGreaterThan(1);
    for (const s of res.body.suggestions) expect(s.zipcode.startsWith('7870')).toBe(true);
    expect(res.body.suggestions[0]).toEqual({
      placeId: 'zip:78701',
      addressLine1: '',
      city: 'Austin',
      state: 'TX',
      zipcode: '78701',
      county: 'Travis County',
      country: 'US',
      latitude: expect.closeTo(30.27, 1),
      longitude: expect.closeTo(-97.74, 1),
      label: 'Austin, TX 78701',
    });
  });

  it("reads shared-ui's q= too, and offers each matching city before more ZIP codes of one city", async () => {
    const res = await get('/api/maps/autocomplete?q=austi&limit=20');
    expect(res.status).toBe(200);
    const cities = res.body.suggestions.map((s: { city: string; state: string }) => `${s.city}, ${s.state}`);
    expect(cities).toEqual(expect.arrayContaining(['Austin, TX', 'Austin, MN']));
    for (const city of cities) expect(city.toUpperCase().startsWith('AUSTI')).toBe(true);
    expect(new Set(cities.slice(0, 3)).size).toBe(3);
  });

  it('keeps the street of "street, city, ST" as addressLine1 and filters by state', async () => {
    const res = await get(
      `/api/maps/autocomplete?input=${encodeURIComponent('512 Congress Ave, Dallas, TX')}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.suggestions.length).toBeGreaterThan(0);
    for (const s of res.body.suggestions) {
      expect(s).toMatchObject({ addressLine1: '512 Congress Ave', city: 'Dallas', state: 'TX' });
      expect(s.label).toBe(`512 Congress Ave, Dallas, TX ${s.zipcode}`);
    }
  });

  it("ranks suggestions by the caller's organization: its state first, then the nearest", async () => {
    const orgUser = await server().login('orguser@carelane.local'); // Sunrise Home Health, Austin TX
    const cityOf = (s: { city: string; state: string }) => `${s.city}, ${s.state}`;
    const austin = await get('/api/maps/autocomplete?input=Austin', orgUser);
    expect(austin.status).toBe(200);
    expect(cityOf(austin.body.suggestions[0])).toBe('Austin, TX');
    // Staff get the same near the active organizations (all in Texas in the demo data)...
    expect(cityOf((await get('/api/maps/autocomplete?input=Austin')).body.suggestions[0])).toBe('Austin, TX');
    // ...or near the organization the form is for; an organization user always gets their own.
    const admin = await server().login('admin@carelane.local');
    const created = await server().request('POST', '/api/admin/referralSources', {
      token: admin,
      body: {
        name: 'Zzmaps Minnesota Care',
        zipcode: '55912',
        latitude: 43.67,
        longitude: -92.97,
        status: 'INACTIVE',
      },
    });
    expect(created.status).toBe(201);
    const nearMinnesota = await get(
      `/api/maps/autocomplete?input=Austin&referralSourceId=${created.body.id}`,
    );
    expect(cityOf(nearMinnesota.body.suggestions[0])).toBe('Austin, MN');
    const ignored = await get(
      `/api/maps/autocomplete?input=Austin&referralSourceId=${created.body.id}`,
      orgUser,
    );
    expect(cityOf(ignored.body.suggestions[0])).toBe('Austin, TX');
  });

  it('answers a street typed without a city with the ZIP codes nearest the organization', async () => {
    const orgUser = await server().login('orguser@carelane.local');
    const res = await get(`/api/maps/autocomplete?input=${encodeURIComponent('512 Congress Ave')}`, orgUser);
    expect(res.status).toBe(200);
    expect(res.body.suggestions.length).toBeGreaterThan(1);
    expect(res.body.suggestions[0]).toMatchObject({
      addressLine1: '512 Congress Ave',
      city: 'Austin',
      state: 'TX',
      zipcode: '78701',
      label: '512 Congress Ave, Austin, TX 78701',
    });
    for (const s of res.body.suggestions)
      expect(s).toMatchObject({ addressLine1: '512 Congress Ave', state: 'TX' });
  });

  it('answers an empty list for text that matches nothing', async () => {
    const res = await get('/api/maps/autocomplete?input=Qqqxyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ suggestions: [] });
  });

  it('geocodes an address to its point and parts', async () => {
    const res = await get(
      `/api/maps/geocode?address=${encodeURIComponent('100 Main St, Fort Worth, TX 76102')}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      expect.objectContaining({
        placeId: 'zip:76102',
        addressLine1: '100 Main St',
        city: 'Fort Worth',
        state: 'TX',
        zipcode: '76102',
        county: 'Tarrant County',
        country: 'US',
      }),
    ]);
    expect(res.body.results[0].latitude).toBeCloseTo(32.75, 1);
    const byCity = await get(`/api/maps/geocode?address=${encodeURIComponent('San Antonio, Texas')}`);
    expect(byCity.body.results.length).toBeGreaterThan(0);
    for (const r of byCity.body.results)
      expect(r).toMatchObject({ city: 'San Antonio', state: 'TX', county: 'Bexar County' });
  });

  it('geocodes a place id from a suggestion, and an unknown ZIP code to no result', async () => {
    const res = await get('/api/maps/geocode?placeId=zip:75201');
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      expect.objectContaining({ city: 'Dallas', state: 'TX', zipcode: '75201', county: 'Dallas County' }),
    ]);
    expect((await get('/api/maps/geocode?placeId=zip:00000')).body).toEqual({ results: [] });
  });

  it.each([
    ['/api/maps/autocomplete', 'input'],
    ['/api/maps/autocomplete?input=', 'input'],
    ['/api/maps/autocomplete?input=%20%20', 'input'],
    [`/api/maps/autocomplete?input=${'a'.repeat(201)}`, 'input'],
    ['/api/maps/autocomplete?input=aus&limit=500', 'limit'],
    ['/api/maps/geocode', 'address'],
    [`/api/maps/geocode?address=${'a'.repeat(201)}`, 'address'],
    ['/api/maps/geocode?placeId=ChIJ-not-ours', 'placeId'],
  ])('%s -> 400 naming %s', async (path, field) => {
    const res = await get(path);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe(field);
    expect(res.body.error).toMatch(new RegExp(`^${field}: `));
  });

  it('requires a session', async () => {
    expect((await server().request('GET', '/api/maps/autocomplete?input=787')).status).toBe(401);
    expect((await server().request('GET', '/api/maps/geocode?placeId=zip:78701')).status).toBe(401);
  });

  it('is open to every signed-in role that fills in addresses, clinicians included', async () => {
    const clinician = await server().login('clinician@carelane.local');
    expect((await get('/api/maps/autocomplete?input=787', clinician)).status).toBe(200);
    const orgUser = await server().login('orguser@carelane.local');
    expect((await get('/api/maps/geocode?placeId=zip:78701', orgUser)).status).toBe(200);
  });
});

describe('maps service with MAPS_PROVIDER_URL', () => {
  let external: http.Server;
  let server: TestServer;
  const asked: string[] = [];
  let failing = false;
  const place = {
    placeId: 'ext-1',
    addressLine1: '1 Elm St',
    city: 'Springfield',
    state: 'IL',
    zipcode: '62701',
    county: 'Sangamon',
    country: 'US',
    latitude: 39.8,
    longitude: -89.65,
  };

  beforeAll(async () => {
    external = http.createServer((req, res) => {
      asked.push(req.url ?? '');
      if (failing) {
        res.writeHead(500).end('down');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          req.url?.startsWith('/maps/autocomplete')
            ? { suggestions: [{ ...place, label: '1 Elm St, Springfield, IL 62701' }] }
            : { results: [place] },
        ),
      );
    });
    await new Promise<void>((resolve) => external.listen(0, '127.0.0.1', resolve));
    const { port } = external.address() as AddressInfo;
    server = await startTestServer('pglite', { mapsProviderUrl: `http://127.0.0.1:${port}/maps/` });
  });
  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => external.close(resolve));
  });

  it('asks the external service and passes its answers on', async () => {
    const token = await server.login('coordinator@carelane.local');
    const suggest = await server.request('GET', '/api/maps/autocomplete?input=1%20Elm', { token });
    expect(suggest.status).toBe(200);
    expect(suggest.body.suggestions[0]).toMatchObject({ placeId: 'ext-1', county: 'Sangamon' });
    const geocode = await server.request('GET', '/api/maps/geocode?placeId=ext-1', { token });
    expect(geocode.body.results).toEqual([place]);
    // The point suggestions are ranked from (the coordinator's: the active organizations' centre) goes along.
    expect(asked).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^\/maps\/autocomplete\?input=1\+Elm&limit=8&near=-?\d+(\.\d+)?%2C-?\d+(\.\d+)?$/,
        ),
        '/maps/geocode?placeId=ext-1',
      ]),
    );
  });

  it('answers 502 with a message when the external service fails', async () => {
    failing = true;
    const token = await server.login('coordinator@carelane.local');
    const res = await server.request('GET', '/api/maps/geocode?address=1%20Elm%20St', { token });
    expect(res.status).toBe(502);
    expect(res.body.error).toBe('The maps service could not be reached. Please try again.');
    failing = false;
  });
});
