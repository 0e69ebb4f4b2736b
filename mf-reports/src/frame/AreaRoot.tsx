import { getQueryClient } from '@carelane/shared-session';
import { AppProviders } from '@carelane/shared-ui';
import type { ComponentType, ErrorInfo } from 'react';
import { findRoute, type AreaRouteTable, type PageProps } from './area-routes';
import { NotBuiltYet } from './NotBuiltYet';
import { SingletonProbe } from './SingletonProbe';
import { usePathname } from './use-pathname';

export type AreaRootProps = {
  /** The area's package name, e.g. `mf-billing`. */
  area: string;
  table: AreaRouteTable;
  /** The built pages by path; a route without one shows "not built yet". */
  pages: Partial<Record<string, ComponentType<PageProps>>>;
};

/**
 * The area's one React root: the page of the current route, inside the shared providers (the one theme,
 * the one query client, an error boundary).
 */
export function AreaRoot({ area, table, pages }: AreaRootProps) {
  const pathname = usePathname();
  const route = findRoute(table.routes, pathname);
  const Page = route ? pages[route.path] : undefined;
  const onError = (error: Error, info: ErrorInfo) =>
    console.error(`${area}: a page failed to render`, error, info.componentStack);
  return (
    <AppProviders queryClient={getQueryClient()} onError={onError}>
      <SingletonProbe owner={area} />
      {/* The shell mounts an area only on its own routes; between two navigations there is nothing to show. */}
      {route ? (
        <div className="carelane-area" data-area={area} data-build={__CARELANE_BUILD__}>
          {Page ? <Page route={route} /> : <NotBuiltYet route={route} areaTitle={table.title} />}
        </div>
      ) : null}
    </AppProviders>
  );
}
