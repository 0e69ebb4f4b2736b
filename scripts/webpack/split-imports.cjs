// Shares antd and shared-ui one module at a time instead of as two whole libraries (docs/decisions/007):
// a page loads only the components it uses, and every area still gets the shell's one copy of each.
//  - `importMap()` maps each name of `import { … } from 'antd'` (or '@carelane/shared-ui') to the module
//    that defines it, read from antd's es/index.js and shared-ui's src/index.ts;
//  - `sharedModuleKeys()` lists those modules as the share keys the shell provides and the areas consume;
//  - split-imports-loader.cjs rewrites our compiled imports to those modules.
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const ANTD_ES = path.join(ROOT, 'node_modules/antd/es');
const SHARED_UI_SRC = path.join(ROOT, 'shared-ui/src');

let cached;

/** `{ antd: Map<name, { request, imported }>, '@carelane/shared-ui': Map<…> }`; imported 'default' or a name. */
function importMap() {
  if (cached) return cached;
  const antd = new Map();
  const antdIndex = fs.readFileSync(path.join(ANTD_ES, 'index.js'), 'utf8');
  for (const [, name, dir] of antdIndex.matchAll(/export \{ default as (\w+) \} from '\.\/([\w-]+)';/g)) {
    antd.set(name, { request: `antd/es/${dir}`, imported: 'default' });
  }

  const sharedUi = new Map();
  const uiIndex = fs.readFileSync(path.join(SHARED_UI_SRC, 'index.ts'), 'utf8');
  for (const [, names, from] of uiIndex.matchAll(/export\s*\{([^}]*)\}\s*from\s*'\.\/([^']+)';/g)) {
    const file = ['.tsx', '.ts']
      .map((ext) => `${from}${ext}`)
      .find((candidate) => fs.existsSync(path.join(SHARED_UI_SRC, candidate)));
    if (!file) throw new Error(`shared-ui/src/index.ts exports from ./${from}, which does not exist`);
    for (const raw of names
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      if (raw.startsWith('type ')) continue;
      const [imported, exported = imported] = raw.split(/\s+as\s+/);
      sharedUi.set(exported, { request: `@carelane/shared-ui/src/${file}`, imported });
    }
  }
  cached = { antd, '@carelane/shared-ui': sharedUi };
  return cached;
}

/** Every module a page may take from antd or shared-ui: one share key each. */
function sharedModuleKeys() {
  const map = importMap();
  return {
    antd: [...new Set([...map.antd.values()].map((entry) => entry.request))],
    '@carelane/shared-ui': [
      ...new Set([...map['@carelane/shared-ui'].values()].map((entry) => entry.request)),
    ],
  };
}

module.exports = { importMap, sharedModuleKeys };
