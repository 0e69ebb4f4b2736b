import * as sharedSession from '@carelane/shared-session';
import { SingletonProbe } from '@carelane/shared-ui';
import * as reactQuery from '@tanstack/react-query';
import { ConfigProvider, theme } from 'antd';
import dayjs from 'dayjs';
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import * as rxjs from 'rxjs';

/** The singletons as the shell's own modules import them: what every area's must be. */
const SHELL_SINGLETONS = {
  React,
  ReactDOMClient,
  antd: { ConfigProvider, theme },
  rxjs,
  reactQuery,
  dayjs,
  sharedSession,
};

/**
 * Records the shell's singletons under `globalThis[Symbol.for('carelane.singletons')].shell`; the end-to-end
 * test compares every area's record (written by the same shared-ui probe in the area's AreaRoot) with it.
 */
export function ShellSingletonProbe() {
  return <SingletonProbe owner="shell" singletons={SHELL_SINGLETONS} />;
}
