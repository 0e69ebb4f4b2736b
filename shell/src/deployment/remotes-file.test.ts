import { startRemotesFileRequest } from './early-fetch';
import { loadDeployment, parseDeployment } from './remotes-file';

const billing = {
  name: 'mf-billing',
  title: 'Billing',
  description: 'Invoices',
  manifest: '/remotes/mf-billing/mf-manifest.json',
  routes: [{ path: '/invoices', title: 'Invoices', pages: ['invoices'], menu: true }],
};

describe('parseDeployment', () => {
  it('reads each area with its federation name and full routes', () => {
    const { areas, problems } = parseDeployment([billing], new Set(['/']));
    expect(problems).toEqual([]);
    expect(areas).toEqual([
      {
        name: 'mf-billing',
        federationName: 'mf_billing',
        title: 'Billing',
        description: 'Invoices',
        manifest: '/remotes/mf-billing/mf-manifest.json',
        routes: [
          {
            path: '/invoices',
            title: 'Invoices',
            pages: ['invoices'],
            menu: true,
            public: false,
            built: false,
          },
        ],
      },
    ]);
  });

  it('accepts the short form of a route: its path alone', () => {
    const { areas } = parseDeployment(
      [{ name: 'mf-notes', manifest: '/remotes/mf-notes/mf-manifest.json', routes: ['/notes'] }],
      new Set(),
    );
    expect(areas[0]?.routes).toEqual([
      { path: '/notes', title: '/notes', pages: [], menu: false, public: false, built: false },
    ]);
    expect(areas[0]?.title).toBe('mf-notes');
  });

  it('reads which routes have their page (the build marks them built)', () => {
    const { areas } = parseDeployment(
      [{ ...billing, routes: [{ path: '/invoices', built: true }, { path: '/nachaFile' }] }],
      new Set(),
    );
    expect(areas[0]?.routes.map((route) => [route.path, route.built])).toEqual([
      ['/invoices', true],
      ['/nachaFile', false],
    ]);
  });

  it('reads how a route is found: its menu entry, onboarding and the pages linking to it (decision 044)', () => {
    const route = {
      path: '/providerOnboard',
      pages: ['providerDetail', 'myVisits'],
      menu: true,
      menuPages: ['providerDetail'],
      menuTitle: 'Invite clinicians',
      onboarding: true,
      linkedFrom: ['/providers'],
    };
    const { areas } = parseDeployment([{ ...billing, routes: [route] }], new Set());
    expect(areas[0]?.routes[0]).toMatchObject(route);
  });

  it('leaves out a bad line and keeps the others', () => {
    const { areas, problems } = parseDeployment(
      [{ name: 'Bad Name', manifest: '', routes: [] }, billing],
      new Set(),
    );
    expect(areas.map((area) => area.name)).toEqual(['mf-billing']);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^remotes.json line 1:/);
  });

  it.each([
    ['not an object', 'mf-billing', 'must be an object'],
    ['a bad name', { ...billing, name: 'Bad Name' }, 'name: must be a package name such as mf-billing'],
    ['no manifest', { ...billing, manifest: '' }, 'manifest: is required'],
    ['no routes', { ...billing, routes: [] }, 'routes: must list at least one route'],
    [
      'a path of another site',
      { ...billing, routes: ['//evil.example'] },
      'routes[0].path: must be an in-app path',
    ],
    ['a bad title', { ...billing, routes: [{ path: '/a', title: '' }] }, 'routes[0].title: must be a text'],
    [
      'bad page keys',
      { ...billing, routes: [{ path: '/a', pages: [1] }] },
      'routes[0].pages: must be a list of page keys',
    ],
    [
      'bad menu page keys',
      { ...billing, routes: [{ path: '/a', menuPages: 'providers' }] },
      'routes[0].menuPages: must be a list of page keys',
    ],
    [
      'bad links',
      { ...billing, routes: [{ path: '/a', linkedFrom: [7] }] },
      'routes[0].linkedFrom: must be a list of paths',
    ],
    [
      'a bad menu title',
      { ...billing, routes: [{ path: '/a', menuTitle: '' }] },
      'routes[0].menuTitle: must be a text',
    ],
    [
      'a bad flag',
      { ...billing, routes: ['/a', { path: '/b', built: 'yes' }] },
      'routes[1].built: must be true or false',
    ],
  ])('says what is wrong with a line: %s', (_name, line, problem) => {
    expect(parseDeployment([line], new Set()).problems).toEqual([`remotes.json line 1: ${problem}`]);
  });

  it('never lets an area take a shell route or another area’s route', () => {
    const thief = {
      name: 'mf-reports',
      manifest: '/remotes/mf-reports/mf-manifest.json',
      routes: ['/users', '/invoices', '/dashboard'],
    };
    const { areas, problems } = parseDeployment([billing, thief], new Set(['/users']));
    expect(areas[1]?.routes.map((route) => route.path)).toEqual(['/dashboard']);
    expect(problems).toEqual([
      'mf-reports: /users already belongs to the shell',
      'mf-reports: /invoices already belongs to mf-billing',
    ]);
  });

  it('refuses a file that is not a list', () => {
    expect(parseDeployment({ areas: [] }, new Set()).problems).toEqual([
      'remotes.json is not a list of areas',
    ]);
  });
});

describe('loadDeployment', () => {
  it('uses the request the entry started while the scripts loaded, then asks anew (Retry)', async () => {
    const answers = [[billing], [{ ...billing, title: 'Billing again' }]];
    const fetchMock = jest.fn(async () => new Response(JSON.stringify(answers.shift())));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    startRemotesFileRequest();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((await loadDeployment(new Set())).areas[0]?.title).toBe('Billing');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((await loadDeployment(new Set())).areas[0]?.title).toBe('Billing again');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[0]).toEqual([
      '/remotes.json',
      expect.objectContaining({ cache: 'no-store' }),
    ]);
  });

  it('reports a deployment file that cannot be read, keeping the shell up', async () => {
    globalThis.fetch = jest.fn(async () => new Response('nope', { status: 503 })) as unknown as typeof fetch;
    expect(await loadDeployment(new Set())).toEqual({
      areas: [],
      problems: ['remotes.json could not be read: HTTP 503'],
    });
  });

  it('reports a network failure, and a file that is not JSON, as problems instead of throwing', async () => {
    globalThis.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await loadDeployment(new Set())).toEqual({
      areas: [],
      problems: ['remotes.json could not be read: Failed to fetch'],
    });
    globalThis.fetch = jest.fn(async () => new Response('<html>')) as unknown as typeof fetch;
    const { areas, problems } = await loadDeployment(new Set());
    expect(areas).toEqual([]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^remotes.json could not be read: /);
  });

  it('reads a served file through the same checks, keeping the good lines', async () => {
    globalThis.fetch = jest.fn(
      async () => new Response(JSON.stringify([billing, { ...billing, name: 'mf-billing' }, 'mf-notes'])),
    ) as unknown as typeof fetch;
    const { areas, problems } = await loadDeployment(new Set(['/users']));
    expect(areas.map((area) => area.name)).toEqual(['mf-billing']);
    expect(problems).toEqual([
      'remotes.json line 2: mf-billing is listed twice',
      'remotes.json line 3: must be an object',
    ]);
  });
});
