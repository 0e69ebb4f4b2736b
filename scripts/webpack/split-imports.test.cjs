const { describe, expect, it } = require('@jest/globals');
const fs = require('node:fs');
const path = require('node:path');
const { importMap, readAntdIndex, readSharedUiIndex, sharedModuleKeys } = require('./split-imports.cjs');
const splitImportsLoader = require('./split-imports-loader.cjs');

const ROOT = path.resolve(__dirname, '../..');

describe('readAntdIndex', () => {
  it('maps each re-exported component to its own module', () => {
    const map = readAntdIndex(`"use client";
import warning from './_util/warning';
export const unstableSetRender = () => {};
export { default as Button } from './button';
export { default as ConfigProvider } from './config-provider';
export { default as version } from './version';
export { useThing as useAntdThing } from './thing';
export type { ButtonProps } from './button';
`);
    expect([...map]).toEqual([
      ['Button', { request: 'antd/es/button', imported: 'default' }],
      ['ConfigProvider', { request: 'antd/es/config-provider', imported: 'default' }],
      ['version', { request: 'antd/es/version', imported: 'default' }],
      ['useAntdThing', { request: 'antd/es/thing', imported: 'useThing' }],
    ]);
  });

  it('fails the build on an export it cannot split, rather than leaving names out', () => {
    expect(() => readAntdIndex("export * from './button';")).toThrow(
      "cannot split `export * from './button';`",
    );
    expect(() => readAntdIndex("export { default as X } from './a/b';")).toThrow(
      'cannot split an export from ./a/b',
    );
  });
});

describe('readSharedUiIndex', () => {
  const files = new Set(['page-frame/PageFrame.tsx', 'data-table/pagination-summary.ts']);
  it('maps each value export to the file defining it, skips types, keeps renames', () => {
    const map = readSharedUiIndex(
      `export { PageFrame, type PageFrameProps } from './page-frame/PageFrame';
export { paginationSummary as summary } from './data-table/pagination-summary';
export type { Other } from './page-frame/PageFrame';`,
      (file) => files.has(file),
    );
    expect([...map]).toEqual([
      ['PageFrame', { request: '@carelane/shared-ui/src/page-frame/PageFrame.tsx', imported: 'PageFrame' }],
      [
        'summary',
        {
          request: '@carelane/shared-ui/src/data-table/pagination-summary.ts',
          imported: 'paginationSummary',
        },
      ],
    ]);
  });

  it('refuses an export from a file that does not exist, and export *', () => {
    expect(() => readSharedUiIndex("export { Gone } from './gone/Gone';", () => false)).toThrow(
      'exports from ./gone/Gone, which does not exist',
    );
    expect(() => readSharedUiIndex("export * from './page-frame/PageFrame';", () => true)).toThrow(
      'cannot split',
    );
  });
});

describe('importMap on the installed antd and our shared-ui', () => {
  it("covers every export of antd's index but the ones it defines itself", () => {
    const antd = require('antd');
    const own = ['unstableSetRender'];
    const mapped = [...importMap().antd.keys()];
    expect([...mapped, ...own].sort()).toEqual(
      Object.keys(antd)
        .filter((name) => name !== '__esModule')
        .sort(),
    );
    for (const { request } of importMap().antd.values()) {
      expect(fs.existsSync(path.join(ROOT, 'node_modules', request, 'index.js'))).toBe(true);
    }
  });

  it("covers every value shared-ui's index exports, each from a file that exists", () => {
    const map = importMap()['@carelane/shared-ui'];
    for (const name of ['AppProviders', 'ErrorState', 'DataTable', 'carelaneTheme', 'createAreaLifecycles']) {
      expect(map.has(name)).toBe(true);
    }
    for (const { request } of map.values()) {
      expect(fs.existsSync(path.join(ROOT, request.replace('@carelane/shared-ui', 'shared-ui')))).toBe(true);
    }
  });

  it('lists each module once as a share key', () => {
    const keys = sharedModuleKeys();
    expect(keys.antd).toContain('antd/es/button');
    expect(keys['@carelane/shared-ui']).toContain('@carelane/shared-ui/src/error-state/ErrorState.tsx');
    for (const list of Object.values(keys)) expect(new Set(list).size).toBe(list.length);
  });
});

describe('split-imports-loader', () => {
  it('rewrites each imported name to an import of the module that defines it', () => {
    const source = `import { Button, Input as AntInput } from "antd";
import { ErrorState, carelaneTheme } from '@carelane/shared-ui';
import { useState } from "react";`;
    expect(splitImportsLoader(source)).toBe(`import Button from "antd/es/button";
import AntInput from "antd/es/input";
import { ErrorState as ErrorState } from "@carelane/shared-ui/src/error-state/ErrorState.tsx";
import { carelaneTheme as carelaneTheme } from "@carelane/shared-ui/src/app-providers/theme.ts";
import { useState } from "react";`);
  });

  it('reads imports spread over several lines, as swc writes long ones', () => {
    expect(splitImportsLoader('import {\n  Flex,\n  Spin\n} from "antd";')).toBe(
      'import Flex from "antd/es/flex";\nimport Spin from "antd/es/spin";',
    );
  });

  it.each([
    ['import * as antd from "antd";', "import * from 'antd'"],
    ['export { Button } from "antd";', "export … from 'antd'"],
    ['export * from "@carelane/shared-ui";', "export … from '@carelane/shared-ui'"],
    ['import antd from "antd";', "a default import from 'antd'"],
    ['const ui = import("@carelane/shared-ui");', "import() of '@carelane/shared-ui'"],
  ])('refuses %s, which would load the whole library', (source, form) => {
    expect(() => splitImportsLoader(source)).toThrow(`${form} loads the whole library`);
  });

  it('names an import that does not exist', () => {
    expect(() => splitImportsLoader('import { Buton } from "antd";')).toThrow('antd has no export Buton');
  });
});
