// The single-spa lifecycles every area exposes as `./app`: one React root (createRoot) showing AreaRoot.
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact, { type ReactAppOrParcel } from 'single-spa-react';
import { AreaCrashed } from './AreaCrashed';
import { AreaRoot, type AreaRootProps } from './AreaRoot';

export type AreaLifecyclesOptions = AreaRootProps;

/** What single-spa needs from an area's `./app`. */
export type AreaLifecycles = Pick<ReactAppOrParcel<object>, 'bootstrap' | 'mount' | 'unmount'>;

/**
 * An area's `app.tsx`:
 * `export const { bootstrap, mount, unmount } = createAreaLifecycles({ area, table, pages, singletons, build });`
 */
export function createAreaLifecycles({
  area,
  table,
  pages,
  singletons,
  build,
}: AreaLifecyclesOptions): AreaLifecycles {
  function Root() {
    return <AreaRoot area={area} table={table} pages={pages} singletons={singletons} build={build} />;
  }
  Root.displayName = `AreaRoot(${area})`;

  const { bootstrap, mount, unmount } = singleSpaReact({
    React,
    ReactDOMClient,
    rootComponent: Root,
    // Renders when the area throws outside its pages' own error boundary (AppProviders).
    errorBoundary: (error: Error) => <AreaCrashed area={area} error={error} />,
  });
  return { bootstrap, mount, unmount };
}
