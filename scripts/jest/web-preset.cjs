// jest for the shell and the areas: the monorepo preset in jsdom (with fetch), antd's missing browser APIs,
// and ky (ES modules only) compiled like our own code.
const path = require('node:path');

module.exports = {
  ...require('../../jest.preset.cjs'),
  testEnvironment: path.join(__dirname, 'jsdom-environment.cjs'),
  setupFiles: [path.join(__dirname, 'browser-setup.cjs')],
  transformIgnorePatterns: ['/node_modules/(?!ky/)'],
};
