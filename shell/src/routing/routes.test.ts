import { ROLE } from '@carelane/shared-domain';
import { sessionOf } from '@carelane/shared-session/testing';
import { accessTo, findShellRoute, resolvePath, safeReturnPath, siteRoutes, type RouteInfo } from './routes';

const route = (path: string, pages: string[], extra: Partial<RouteInfo> = {}): RouteInfo => ({
  path,
  title: path,
  pages,
  menu: true,
  public: false,
  built: false,
  ...extra,
});

const AREAS = [
  {
    name: 'mf-billing',
    title: 'Billing',
    routes: [route('/invoices', ['invoices', 'myInvoices'])],
  },
  {
    name: 'mf-reports',
    title: 'Reports',
    routes: [
      route('/dashboard', ['dashboard']),
      route('/survey/clinician', [], { public: true, menu: false }),
    ],
  },
];

describe('resolvePath', () => {
  it('finds the shell route first, then the area owning the path, else not found', () => {
    expect(resolvePath('/users', AREAS)).toMatchObject({ kind: 'shell', route: { path: '/users' } });
    expect(resolvePath('/invoices/', AREAS)).toMatchObject({ kind: 'area', area: { name: 'mf-billing' } });
    expect(resolvePath('/no-such-page', AREAS)).toEqual({ kind: 'notFound' });
    expect(resolvePath('/Invoices', AREAS)).toEqual({ kind: 'notFound' });
  });

  it('reads /r/{id} as the short-link route', () => {
    expect(findShellRoute('/r/abc123')?.path).toBe('/r');
    expect(findShellRoute('/r')?.path).toBe('/r');
    expect(findShellRoute('/r/a/b')).toBeUndefined();
  });
});

describe('siteRoutes', () => {
  it("publishes the shell's pages and then each area's, with the area's title, keys and whether built", () => {
    const routes = siteRoutes(AREAS);
    expect(routes.find((r) => r.path === '/users')).toMatchObject({ areaTitle: 'Carelane', built: true });
    expect(routes.slice(-3)).toEqual([
      {
        path: '/invoices',
        title: '/invoices',
        pages: ['invoices', 'myInvoices'],
        areaTitle: 'Billing',
        built: false,
        public: false,
      },
      {
        path: '/dashboard',
        title: '/dashboard',
        pages: ['dashboard'],
        areaTitle: 'Reports',
        built: false,
        public: false,
      },
      {
        path: '/survey/clinician',
        title: '/survey/clinician',
        pages: [],
        areaTitle: 'Reports',
        built: false,
        public: true,
      },
    ]);
  });
});

describe('accessTo', () => {
  const invoices = AREAS[0]!.routes[0]!;
  it('opens public routes to everyone and sends the signed-out to sign in', () => {
    expect(accessTo(null, AREAS[1]!.routes[1]!)).toBe('open');
    expect(accessTo(null, invoices)).toBe('signIn');
  });

  it('opens a route when the user holds any one of its page keys', () => {
    expect(accessTo(sessionOf(ROLE.BACK_OFFICE), invoices)).toBe('open');
    expect(accessTo(sessionOf(ROLE.ORGANIZATION_ADMINISTRATOR), invoices)).toBe('open'); // myInvoices
    expect(accessTo(sessionOf(ROLE.CARE_COORDINATOR), invoices)).toBe('forbidden');
    expect(accessTo(sessionOf(ROLE.CLINICIAN), findShellRoute('/users')!)).toBe('forbidden');
    expect(accessTo(sessionOf(ROLE.CLINICIAN), findShellRoute('/help')!)).toBe('open');
  });

  it('sends a user who must change their password to that page first', () => {
    const session = sessionOf(ROLE.BACK_OFFICE, { changePassword: true });
    expect(accessTo(session, invoices)).toBe('changePassword');
    expect(accessTo(session, findShellRoute('/changePassword')!)).toBe('open');
  });
});

describe('safeReturnPath', () => {
  it.each(['/invoices?x=1', '/', '/a/b#c'])('keeps the in-app path %s', (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });
  it.each(['//evil.example/x', '/\\evil.example', 'https://evil.example', 'invoices', '/a b', '', null])(
    'refuses %s',
    (path) => {
      expect(safeReturnPath(path)).toBeNull();
    },
  );
});
