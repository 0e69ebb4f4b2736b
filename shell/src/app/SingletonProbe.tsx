import { QueryClient } from '@tanstack/react-query';
import { ConfigProvider, theme } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { Subject } from 'rxjs';
import { getBus, getQueryClient } from '@carelane/shared-session';
import { AppProviders, carelaneTheme } from '@carelane/shared-ui';

/** Where each React root (the shell, every area) records what it got from each shared singleton. */
export const SINGLETONS_KEY = Symbol.for('carelane.singletons');

/**
 * Records, for this root, one export of each singleton as its module instance saw it, the bus and query
 * client it uses and the theme colour it renders with. The end-to-end test compares the shell's record with
 * every area's: a remote that bundled its own React, antd, rxjs… would show a different function there.
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
