import * as sharedSession from '@carelane/shared-session';
import * as reactQuery from '@tanstack/react-query';
import { ConfigProvider, theme } from 'antd';
import dayjs from 'dayjs';
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import * as rxjs from 'rxjs';
import { SINGLETONS_KEY, type SingletonRecord, type SingletonRefs } from './SingletonProbe';

/** Singleton references for a test, where every package is the one copy in node_modules. */
export const TEST_SINGLETONS: SingletonRefs = {
  React,
  ReactDOMClient,
  antd: { ConfigProvider, theme },
  rxjs,
  reactQuery,
  dayjs,
  sharedSession,
};

/** What the probes recorded so far, by owner. */
export function singletonRecords(): Record<string, SingletonRecord> {
  const holder = globalThis as unknown as Record<symbol, Record<string, SingletonRecord> | undefined>;
  return (holder[SINGLETONS_KEY] ??= {});
}
