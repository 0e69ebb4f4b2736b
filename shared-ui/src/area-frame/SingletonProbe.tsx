import { getBus, getQueryClient } from '@carelane/shared-session';
import type * as sharedSession from '@carelane/shared-session';
import type * as reactQuery from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type * as antd from 'antd';
import type dayjs from 'dayjs';
import { useEffect } from 'react';
import type * as React from 'react';
import type * as ReactDOMClient from 'react-dom/client';
import type * as rxjs from 'rxjs';
import { AppProviders } from '../app-providers/AppProviders';
import { carelaneTheme } from '../app-providers/theme';

/** Where each React root (the shell, every area) records what it got from each shared singleton. */
export const SINGLETONS_KEY = Symbol.for('carelane.singletons');

/**
 * The shared singletons as the caller's own bundle imports them (the shell's, or the area's `app.tsx`):
 * `{ React, ReactDOMClient, antd, rxjs, reactQuery, dayjs, sharedSession }`. shared-ui cannot import them for
 * the caller, or it would record its own copies.
 */
export type SingletonRefs = {
  React: typeof React;
  ReactDOMClient: typeof ReactDOMClient;
  /** Only what the probe reads: antd is shared one component at a time. */
  antd: Pick<typeof antd, 'ConfigProvider' | 'theme'>;
  rxjs: typeof rxjs;
  reactQuery: typeof reactQuery;
  dayjs: typeof dayjs;
  sharedSession: typeof sharedSession;
};

/** What the probe records for one root, under `globalThis[SINGLETONS_KEY][owner]`. */
export type SingletonRecord = {
  react: typeof React.useState;
  reactDomClient: typeof ReactDOMClient.createRoot;
  antd: typeof antd.ConfigProvider;
  rxjs: typeof rxjs.Subject;
  reactQuery: typeof QueryClient;
  dayjs: typeof dayjs;
  sharedSession: typeof getBus;
  sharedUi: typeof AppProviders;
  bus: ReturnType<typeof getBus>;
  queryClient: QueryClient;
  theme: typeof carelaneTheme;
  colorPrimary: string;
};

export type SingletonProbeProps = {
  /** `shell`, or the area's package name. */
  owner: string;
  /** Keep the object stable (a module constant): a new one records again. */
  singletons: SingletonRefs;
};

/**
 * Records one export of each singleton as the owner's modules see it, the bus and query client it uses and
 * the theme colour it renders with (read through the owner's own antd). The end-to-end test compares every
 * area's record with the shell's: an area that bundled its own React, antd, rxjs… would hold a different
 * function here.
 */
export function SingletonProbe({ owner, singletons }: SingletonProbeProps) {
  const { token } = singletons.antd.theme.useToken();
  const colorPrimary = token.colorPrimary;
  useEffect(() => {
    const holder = globalThis as unknown as Record<symbol, Record<string, SingletonRecord> | undefined>;
    const records = (holder[SINGLETONS_KEY] ??= {});
    records[owner] = {
      react: singletons.React.useState,
      reactDomClient: singletons.ReactDOMClient.createRoot,
      antd: singletons.antd.ConfigProvider,
      rxjs: singletons.rxjs.Subject,
      reactQuery: singletons.reactQuery.QueryClient,
      dayjs: singletons.dayjs,
      sharedSession: singletons.sharedSession.getBus,
      sharedUi: AppProviders,
      bus: getBus(),
      queryClient: getQueryClient(),
      theme: carelaneTheme,
      colorPrimary,
    };
  }, [owner, singletons, colorPrimary]);
  return null;
}
