// The only module this area exposes (`./app`): single-spa lifecycles with one React root (createRoot).
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { AreaRoot } from './frame/AreaRoot';
import { AreaCrashed } from './frame/AreaCrashed';
import { PAGES, ROUTE_TABLE } from './routes';

export const AREA = 'mf-messaging';

function Root() {
  return <AreaRoot area={AREA} table={ROUTE_TABLE} pages={PAGES} />;
}

const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: Root,
  errorBoundary: (error: Error) => <AreaCrashed area={AREA} error={error} />,
});

export const { bootstrap, mount, unmount } = lifecycles;
