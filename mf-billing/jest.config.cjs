// The web preset (scripts/jest/web-preset.cjs), with echarts and zrender (ES modules only, AR health's chart,
// decision 031) compiled like ky, and the browser pieces echarts needs that jsdom lacks (jest.setup.cjs).
const preset = require('../scripts/jest/web-preset.cjs');

module.exports = {
  ...preset,
  setupFiles: [...preset.setupFiles, '<rootDir>/jest.setup.cjs'],
  transformIgnorePatterns: ['/node_modules/(?!(ky|echarts|zrender)/)'],
};
