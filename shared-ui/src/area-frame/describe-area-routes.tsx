import { PAGE_KEYS } from '@carelane/shared-domain';
import { render, screen } from '@testing-library/react';
import type { AreaPages, AreaRouteTable } from './area-routes';
import { AreaRoot } from './AreaRoot';
import type { SingletonRefs } from './SingletonProbe';
import { TEST_SINGLETONS } from './test-singletons';

export type AreaRoutesSpec = {
  /** The area's package name, e.g. `mf-billing`. */
  area: string;
  /** The area's ROUTE_TABLE (its routes.json). */
  table: AreaRouteTable;
  /** The area's PAGES. */
  pages: AreaPages;
  /** The paths ARCHITECTURE.md §8 gives the area: the table must hold exactly these. */
  ownedRoutes: readonly string[];
  /** What the singleton probe records; the route tests do not look at it. */
  singletons?: SingletonRefs;
};

/**
 * The route-table tests every area runs (its `routes.test.tsx`): it owns exactly its routes, guarded by known
 * privilege page keys, and each route shows the area frame with its title.
 */
export function describeAreaRoutes({
  area,
  table,
  pages,
  ownedRoutes,
  singletons = TEST_SINGLETONS,
}: AreaRoutesSpec): void {
  function renderAt(path: string, withPages: AreaPages = pages) {
    window.history.pushState(null, '', path);
    return render(
      <AreaRoot area={area} table={table} pages={withPages} singletons={singletons} build="test" />,
    );
  }
  const unbuilt = table.routes.filter((route) => !pages[route.path]);
  const built = table.routes.filter((route) => pages[route.path]);

  describe(`${area} routes`, () => {
    it('owns exactly its routes, each once, each with a title', () => {
      const paths = table.routes.map((route) => route.path);
      expect([...paths].sort()).toEqual([...ownedRoutes].sort());
      expect(new Set(paths).size).toBe(paths.length);
      for (const route of table.routes) expect(route.title.trim()).not.toBe('');
    });

    it('guards every route that is not public with known privilege page keys', () => {
      for (const route of table.routes) {
        if (route.public) {
          expect(route.pages ?? []).toEqual([]);
          continue;
        }
        expect(route.pages?.length).toBeGreaterThan(0);
        for (const page of route.pages ?? []) expect(PAGE_KEYS).toContain(page);
      }
    });

    // Built pages are tested by their own tests (they need a session and the API); here only that they exist.
    if (built.length) {
      it.each(built.map((route) => [route.path]))('%s has its page', (path) => {
        expect(['function', 'object']).toContain(typeof pages[path]);
      });
    }

    if (unbuilt.length) {
      it.each(unbuilt.map((route) => [route.path, route.title]))(
        '%s shows the area frame with the title "%s" and a not-built-yet notice',
        (path, title) => {
          renderAt(path);
          expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
          expect(screen.getByText('Not built yet')).toBeTruthy();
          expect(document.querySelector(`[data-area="${area}"]`)).not.toBeNull();
        },
      );
    }

    it('matches a route with a trailing slash and ignores the query string', () => {
      renderAt(`${ownedRoutes[0]}/?id=12`, {});
      expect(screen.getByText('Not built yet')).toBeTruthy();
    });

    it('shows nothing on a path it does not own (the shell shows not-found there)', () => {
      const { container } = renderAt('/no-such-page');
      expect(container.textContent).toBe('');
    });
  });
}
