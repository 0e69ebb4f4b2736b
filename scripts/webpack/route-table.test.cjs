const { describe, expect, it } = require('@jest/globals');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { markBuilt, pagePaths, publishedRouteTable } = require('./route-table.cjs');

const ROUTES_TSX = `
import { lazy } from 'react';
import type { AreaPages, AreaRouteTable } from '@carelane/shared-ui';
import table from './routes.json';

export const ROUTE_TABLE: AreaRouteTable = table;

/** The pages by path. */
export const PAGES: AreaPages = {
  '/invoices': lazy(() => import('./invoices/InvoicesPage')),
  "/invoice": lazy(() => import('./invoices/InvoicePage')),
};
`;
const TABLE = {
  title: 'Billing',
  description: 'Invoices',
  routes: [
    { path: '/invoices', title: 'Invoices', pages: ['invoices'], menu: true },
    { path: '/invoice', title: 'Invoice', pages: ['invoices'] },
    { path: '/nachaFile', title: 'NACHA file', pages: ['providerPayments'], menu: true },
  ],
};

describe('route-table', () => {
  it('reads the paths of PAGES in routes.tsx', () => {
    expect(pagePaths(ROUTES_TSX)).toEqual(['/invoices', '/invoice']);
  });

  it('reads an empty PAGES, and one written with satisfies', () => {
    expect(pagePaths('export const PAGES: AreaPages = {};')).toEqual([]);
    expect(pagePaths("export const PAGES = { '/a': A } satisfies AreaPages;")).toEqual(['/a']);
  });

  it('refuses a PAGES it cannot read, rather than publishing every route as a frame', () => {
    expect(() => pagePaths('export const ROUTE_TABLE = table;')).toThrow('has no PAGES');
    expect(() => pagePaths('export const PAGES = makePages();')).toThrow('must be an object literal');
    expect(() => pagePaths("export const PAGES = { [INVOICES]: A, '/b': B };")).toThrow(
      'must be a path written as a string',
    );
    expect(() => pagePaths('export const PAGES = { ...others };')).toThrow(
      'must be a path written as a string',
    );
  });

  it('marks the routes that have a page built, and leaves the others as they are', () => {
    expect(markBuilt(TABLE, ['/invoices']).routes).toEqual([
      { path: '/invoices', title: 'Invoices', pages: ['invoices'], menu: true, built: true },
      { path: '/invoice', title: 'Invoice', pages: ['invoices'] },
      { path: '/nachaFile', title: 'NACHA file', pages: ['providerPayments'], menu: true },
    ]);
  });

  it('refuses a page for a path routes.json does not list', () => {
    expect(() => markBuilt(TABLE, ['/invoices', '/typo'])).toThrow(
      'PAGES has /typo, which routes.json does not list',
    );
  });

  it('publishes routes.json with the built pages of routes.tsx, read from disk', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'route-table-'));
    try {
      fs.writeFileSync(path.join(dir, 'routes.json'), JSON.stringify(TABLE));
      fs.writeFileSync(path.join(dir, 'routes.tsx'), ROUTES_TSX);
      const table = publishedRouteTable(path.join(dir, 'routes.json'), path.join(dir, 'routes.tsx'));
      expect(table.routes.filter((route) => route.built).map((route) => route.path)).toEqual([
        '/invoices',
        '/invoice',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reads every area's own routes.tsx", () => {
    const root = path.resolve(__dirname, '../..');
    const areas = fs.readdirSync(root).filter((name) => name.startsWith('mf-'));
    expect(areas.length).toBeGreaterThan(0);
    for (const area of areas) {
      const table = publishedRouteTable(
        path.join(root, area, 'src/routes.json'),
        path.join(root, area, 'src/routes.tsx'),
      );
      expect(table.routes.length).toBeGreaterThan(0);
    }
  });
});
