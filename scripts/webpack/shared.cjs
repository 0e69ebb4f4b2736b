// The singletons every page shares (ARCHITECTURE.md §2): the shell provides them, the remotes never bundle them.
const fs = require('node:fs');
const path = require('node:path');
const { sharedModuleKeys } = require('./split-imports.cjs');

const ROOT = path.resolve(__dirname, '../..');
/** `^` + the installed version: a remote built against another major of a singleton is refused. */
const npmVersion = (name) => {
  const manifest = path.join(ROOT, 'node_modules', name, 'package.json');
  return `^${JSON.parse(fs.readFileSync(manifest, 'utf8')).version}`;
};

/**
 * Share key -> the package whose version it carries. antd and shared-ui are shared one module at a time
 * (split-imports.cjs): shared whole, antd alone would be 440 KB compressed on every page, the login page included.
 * zod and shared-domain are not shared: they hold no state a page must have once, and shared whole they cannot
 * be tree-shaken (every page, the login page included, would load every schema of the product and all of zod).
 * Each bundle takes the parts it uses.
 */
const SINGLETONS = {
  react: 'react',
  'react/jsx-runtime': 'react',
  'react-dom': 'react-dom',
  'react-dom/client': 'react-dom',
  rxjs: 'rxjs',
  '@tanstack/react-query': '@tanstack/react-query',
  dayjs: 'dayjs',
  '@carelane/shared-session': 'workspace',
  ...Object.fromEntries(sharedModuleKeys().antd.map((key) => [key, 'antd'])),
  ...Object.fromEntries(sharedModuleKeys()['@carelane/shared-ui'].map((key) => [key, 'workspace'])),
};

/**
 * The `shared` option of ModuleFederationPlugin.
 * provider: true for the shell (and a remote's standalone dev server), which bundles and offers each singleton;
 * false for a deployed remote, which takes them from the page (`import: false`) and so carries no copy.
 */
function sharedConfig({ provider }) {
  return Object.fromEntries(
    Object.entries(SINGLETONS).map(([key, versionOf]) => {
      const requiredVersion = versionOf === 'workspace' ? '^0.1.0' : npmVersion(versionOf);
      const config = { singleton: true, requiredVersion, strictVersion: false };
      if (!provider) config.import = false;
      return [key, config];
    }),
  );
}

module.exports = { SINGLETONS, sharedConfig, ROOT };
