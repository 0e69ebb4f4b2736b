// jest for the shell and the areas: the monorepo preset in jsdom (with fetch), antd's missing browser APIs,
// and ky (ES modules only) compiled like our own code.
const path = require('node:path');

module.exports = {
  ...require('../../jest.preset.cjs'),
  testEnvironment: path.join(__dirname, 'jsdom-environment.cjs'),
  setupFiles: [path.join(__dirname, 'browser-setup.cjs')],
  // A loaded CI machine renders antd pages several times slower than a quiet one: a test waits for what the
  // user would see, and only a page that never shows it fails (see browser-setup.cjs for findBy's wait).
  testTimeout: 30_000,
  transformIgnorePatterns: ['/node_modules/(?!ky/)'],
};
