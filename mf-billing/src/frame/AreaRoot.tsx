import type { ComponentType } from 'react';
import { findRoute, type AreaRouteTable, type PageProps } from './area-routes';
import { NotBuiltYet } from './NotBuiltYet';
import { usePathname } from './use-pathname';

export type AreaRootProps = {
  /** The area's package name, e.g. `mf-billing`. */
  area: string;
  table: AreaRouteTable;
  /** The built pages by path; a route without one shows "not built yet". */
  pages: Partial<Record<string, ComponentType<PageProps>>>;
};

/** The area's one React root: the page of the current route inside the area's frame. */
export function AreaRoot({ area, table, pages }: AreaRootProps) {
  const pathname = usePathname();
  const route = findRoute(table.routes, pathname);
  // The shell mounts an area only on its own routes; between two navigations there is nothing to show.
  if (!route) return null;
  const Page = pages[route.path];
  return (
    <div className="carelane-area" data-area={area} data-build={__CARELANE_BUILD__}>
      {Page ? <Page route={route} /> : <NotBuiltYet route={route} areaTitle={table.title} />}
    </div>
  );
}
