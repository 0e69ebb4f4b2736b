import { eq } from 'drizzle-orm';
import { appConstants } from '../../db/schema';
import { describeEachDatabase } from '../../test/harness';
import { MapTileSources } from './tile-sources';

const TILES = 'https://tiles.example.org/{z}/{x}/{y}.png';

/** The Content-Security-Policy's directives by name. */
function directives(header: string | null): Record<string, string> {
  return Object.fromEntries(
    (header ?? '').split(';').map((part) => {
      const [name, ...values] = part.trim().split(' ');
      return [name!, values.join(' ')];
    }),
  );
}

describeEachDatabase('Content-Security-Policy and the map tile server (mapTileUrl)', (server) => {
  let admin = '';
  beforeAll(async () => {
    admin = await server().login('admin@carelane.local');
  });
  const setTileUrl = async (value: string) => {
    const res = await server().request('PUT', '/api/admin/constants/mapTileUrl', {
      token: admin,
      body: { value },
    });
    expect(res.status).toBe(200);
  };
  const policy = async (path: string) =>
    directives(
      (await server().request('GET', path, { token: admin })).headers.get('content-security-policy'),
    );

  it('allows images from this origin only while no tile server is set', async () => {
    expect((await policy('/'))['img-src']).toBe("'self' data: blob:");
  });

  it('names the tile server in img-src of pages and API answers once the constant is saved', async () => {
    await setTileUrl(TILES);
    for (const path of ['/', '/api/health', '/api/admin/constants']) {
      const csp = await policy(path);
      expect(csp['img-src']).toBe("'self' data: blob: https://tiles.example.org");
      // OpenLayers loads XYZ tiles through <img>: nothing else is widened.
      expect(csp['connect-src']).toBe("'self'");
      expect(csp['default-src']).toBe("'self'");
    }
    await setTileUrl('https://{a-c}.tile.example.org/{z}/{x}/{y}.png');
    expect((await policy('/'))['img-src']).toBe(
      "'self' data: blob: https://a.tile.example.org https://b.tile.example.org https://c.tile.example.org",
    );
  });

  it.each([
    'not a url',
    '/tiles/{z}/{x}/{y}.png',
    'ftp://tiles.example.org/{z}',
    'https://*/{z}/{x}/{y}.png',
    '',
  ])('adds nothing for %p', async (value) => {
    await setTileUrl(value);
    const header = (await server().request('GET', '/')).headers.get('content-security-policy');
    expect(directives(header)['img-src']).toBe("'self' data: blob:");
    expect(header).not.toContain('*');
  });

  it('reads a change made by another instance once its value is older than the TTL', async () => {
    let clock = 0;
    const sources = new MapTileSources(server().services.db, 10_000, () => clock);
    await sources.refresh();
    expect(sources.current).toEqual([]);
    // Another instance saves the constant: this one's value stays until the TTL runs out.
    await server()
      .services.db.update(appConstants)
      .set({ value: TILES })
      .where(eq(appConstants.name, 'mapTileUrl'));
    clock = 9_999;
    await sources.refresh();
    expect(sources.current).toEqual([]);
    clock = 10_000;
    await sources.refresh();
    expect(sources.current).toEqual(['https://tiles.example.org']);
    await setTileUrl('');
  });
});
