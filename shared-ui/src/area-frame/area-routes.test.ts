import { findRoute, normalizePath, type AreaRoute } from './area-routes';

const ROUTES: AreaRoute[] = [
  { path: '/', title: 'Home' },
  { path: '/invoices', title: 'Invoices', pages: ['invoices'] },
  { path: '/survey/clinician', title: 'Clinician survey', public: true },
];

describe('normalizePath', () => {
  it('drops trailing slashes but keeps the root', () => {
    expect(normalizePath('/invoices/')).toBe('/invoices');
    expect(normalizePath('/invoices//')).toBe('/invoices');
    expect(normalizePath('/invoices')).toBe('/invoices');
    expect(normalizePath('/')).toBe('/');
  });
});

describe('findRoute', () => {
  it('finds a route by its exact path, with or without a trailing slash', () => {
    expect(findRoute(ROUTES, '/invoices')?.title).toBe('Invoices');
    expect(findRoute(ROUTES, '/invoices/')?.title).toBe('Invoices');
    expect(findRoute(ROUTES, '/survey/clinician')?.title).toBe('Clinician survey');
    expect(findRoute(ROUTES, '/')?.title).toBe('Home');
  });

  it('matches neither a prefix, a longer path nor another case', () => {
    expect(findRoute(ROUTES, '/invoice')).toBeUndefined();
    expect(findRoute(ROUTES, '/invoices/12')).toBeUndefined();
    expect(findRoute(ROUTES, '/Invoices')).toBeUndefined();
    expect(findRoute(ROUTES, '/survey')).toBeUndefined();
  });
});
