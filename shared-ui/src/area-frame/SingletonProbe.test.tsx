import { getBus, getQueryClient } from '@carelane/shared-session';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { ConfigProvider, theme } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Subject } from 'rxjs';
import { AppProviders } from '../app-providers/AppProviders';
import { carelaneTheme } from '../app-providers/theme';
import { SINGLETONS_KEY, SingletonProbe, type SingletonRefs } from './SingletonProbe';
import { singletonRecords, TEST_SINGLETONS } from './test-singletons';

/** The one copy of each package in node_modules, which TEST_SINGLETONS hands the probe. */
const NODE_MODULES_COPIES = {
  react: useState,
  reactDomClient: createRoot,
  antd: ConfigProvider,
  rxjs: Subject,
  reactQuery: QueryClient,
  dayjs,
  sharedSession: getBus,
};

describe('SingletonProbe', () => {
  it('records, under globalThis[Symbol.for("carelane.singletons")][owner], what the shell compares', () => {
    render(
      <AppProviders>
        <SingletonProbe owner="shell" singletons={TEST_SINGLETONS} />
      </AppProviders>,
    );
    expect(SINGLETONS_KEY).toBe(Symbol.for('carelane.singletons'));
    // Exactly these keys: the shell's record and every area's are compared key by key.
    expect(singletonRecords().shell).toStrictEqual({
      ...NODE_MODULES_COPIES,
      sharedUi: AppProviders,
      bus: getBus(),
      queryClient: getQueryClient(),
      theme: carelaneTheme,
      colorPrimary: '#0f766e',
    });
  });

  it('records the references it is given, not shared-ui’s own imports', () => {
    // Stand-ins for the copies an area would hold had it bundled its own React, antd, rxjs…
    const own = {
      React: { ...TEST_SINGLETONS.React, useState: jest.fn() },
      ReactDOMClient: { ...TEST_SINGLETONS.ReactDOMClient, createRoot: jest.fn() },
      antd: {
        ...TEST_SINGLETONS.antd,
        ConfigProvider: jest.fn(),
        // An antd copy of its own does not see the shell's ConfigProvider: it renders in antd's default blue.
        theme: { ...theme, useToken: () => ({ token: { colorPrimary: '#1677ff' } }) },
      },
      rxjs: { ...TEST_SINGLETONS.rxjs, Subject: jest.fn() },
      reactQuery: { ...TEST_SINGLETONS.reactQuery, QueryClient: jest.fn() },
      dayjs: jest.fn(),
      sharedSession: { ...TEST_SINGLETONS.sharedSession, getBus: jest.fn() },
    } as unknown as SingletonRefs;
    render(
      <AppProviders>
        <SingletonProbe owner="mf-bundled-its-own" singletons={own} />
      </AppProviders>,
    );
    const record = singletonRecords()['mf-bundled-its-own'];
    expect(record).toMatchObject({
      react: own.React.useState,
      reactDomClient: own.ReactDOMClient.createRoot,
      antd: own.antd.ConfigProvider,
      rxjs: own.rxjs.Subject,
      reactQuery: own.reactQuery.QueryClient,
      dayjs: own.dayjs,
      sharedSession: own.sharedSession.getBus,
      colorPrimary: '#1677ff',
    });
    for (const [key, copy] of Object.entries(NODE_MODULES_COPIES)) {
      expect(record?.[key as keyof typeof NODE_MODULES_COPIES]).not.toBe(copy);
    }
  });

  it('keeps one record per owner and renders nothing', () => {
    const { container } = render(
      <AppProviders>
        <SingletonProbe owner="mf-a" singletons={TEST_SINGLETONS} />
        <SingletonProbe owner="mf-b" singletons={TEST_SINGLETONS} />
      </AppProviders>,
    );
    expect(container.textContent).toBe('');
    expect(singletonRecords()['mf-a']).not.toBe(singletonRecords()['mf-b']);
    expect(singletonRecords()['mf-a']).toStrictEqual(singletonRecords()['mf-b']);
  });
});
