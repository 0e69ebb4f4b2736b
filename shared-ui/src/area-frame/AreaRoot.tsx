import { getQueryClient } from '@carelane/shared-session';
import { Spin } from 'antd';
import { Suspense, type ErrorInfo } from 'react';
import { AppProviders } from '../app-providers/AppProviders';
import { findRoute, type AreaPages, type AreaRouteTable } from './area-routes';
import { NotBuiltYet } from './NotBuiltYet';
import { SingletonProbe, type SingletonRefs } from './SingletonProbe';
import { usePathname } from './use-pathname';

export type AreaRootProps = {
  /** The area's package name, e.g. `mf-billing`. */
  area: string;
  table: AreaRouteTable;
  /** The built pages by path; a route without one shows "not built yet". */
  pages: AreaPages;
  /** The singletons as the area's own bundle imports them (see SingletonProbe). */
  singletons: SingletonRefs;
  /**
   * The area's build label (`__CARELANE_BUILD__` of the area's own bundle: this module is the shell's copy),
   * shown as `data-build` so a deployment can be told from another.
   */
  build: string;
};

/**
 * The area's one React root: the page of the current route, inside the shared providers (the one theme,
 * the one query client, an error boundary).
 */
export function AreaRoot({ area, table, pages, singletons, build }: AreaRootProps) {
  const pathname = usePathname();
  const route = findRoute(table.routes, pathname);
  const Page = route ? pages[route.path] : undefined;
  const onError = (error: Error, info: ErrorInfo) =>
    console.error(`${area}: a page failed to render`, error, info.componentStack);
  return (
    <AppProviders queryClient={getQueryClient()} onError={onError}>
      <SingletonProbe owner={area} singletons={singletons} />
      {/* The shell mounts an area only on its own routes; between two navigations there is nothing to show. */}
      {route ? (
        <div className="carelane-area" data-area={area} data-build={build}>
          {Page ? (
            // Pages may be lazy (loaded on first visit): a spinner stands in while their code arrives.
            <Suspense
              fallback={
                // The name sits on a status region: an aria-label on antd's plain div is prohibited (axe).
                <div role="status" aria-label="Loading the page" style={{ margin: 48 }}>
                  <Spin size="large" style={{ display: 'block' }} />
                </div>
              }
            >
              <Page route={route} />
            </Suspense>
          ) : (
            <NotBuiltYet route={route} areaTitle={table.title} />
          )}
        </div>
      ) : null}
    </AppProviders>
  );
}
