import { getBus, getQueryClient } from '@carelane/shared-session';
import { AppProviders, carelaneTheme } from '@carelane/shared-ui';
import { QueryClient } from '@tanstack/react-query';
import { ConfigProvider, theme } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { Subject } from 'rxjs';

/** Where each React root (the shell, every area) records what it got from each shared singleton. */
const SINGLETONS_KEY = Symbol.for('carelane.singletons');

/**
 * Records one export of each singleton as this area's modules see it, the bus and query client it uses and
 * the theme colour it renders with. The end-to-end test compares them with the shell's: an area that
 * bundled its own React, antd, rxjs… would hold a different function here.
 */
export function SingletonProbe({ owner }: { owner: string }) {
  const { token } = theme.useToken();
  const colorPrimary = token.colorPrimary;
  useEffect(() => {
    const holder = globalThis as unknown as Record<symbol, Record<string, unknown> | undefined>;
    const records = (holder[SINGLETONS_KEY] ??= {});
    records[owner] = {
      react: React.useState,
      reactDomClient: ReactDOMClient.createRoot,
      antd: ConfigProvider,
      rxjs: Subject,
      reactQuery: QueryClient,
      dayjs,
      sharedSession: getBus,
      sharedUi: AppProviders,
      bus: getBus(),
      queryClient: getQueryClient(),
      theme: carelaneTheme,
      colorPrimary,
    };
  }, [owner, colorPrimary]);
  return null;
}
