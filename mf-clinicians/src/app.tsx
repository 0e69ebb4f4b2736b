// The only module this area exposes (`./app`): single-spa lifecycles with one React root (createRoot).
import * as sharedSession from '@carelane/shared-session';
import { createAreaLifecycles } from '@carelane/shared-ui';
import * as reactQuery from '@tanstack/react-query';
import { ConfigProvider, theme } from 'antd';
import dayjs from 'dayjs';
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import * as rxjs from 'rxjs';
import { PAGES, ROUTE_TABLE } from './routes';

// This area's build label, put in place by webpack's DefinePlugin.
declare const __CARELANE_BUILD__: string;

// The singletons as this area's own bundle imports them: the shell checks they are its own (SingletonProbe).
const singletons = {
  React,
  ReactDOMClient,
  antd: { ConfigProvider, theme },
  rxjs,
  reactQuery,
  dayjs,
  sharedSession,
};

export const { bootstrap, mount, unmount } = createAreaLifecycles({
  area: 'mf-clinicians',
  table: ROUTE_TABLE,
  pages: PAGES,
  singletons,
  build: __CARELANE_BUILD__,
});
