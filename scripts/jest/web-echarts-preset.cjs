// The web preset (web-preset.cjs) for an area that draws echarts charts (decision 031): echarts and zrender (ES
// modules only) compiled like ky, and the browser pieces echarts needs that jsdom lacks (echarts-setup.cjs).
const path = require('node:path');
const preset = require('./web-preset.cjs');

module.exports = {
  ...preset,
  setupFiles: [...preset.setupFiles, path.join(__dirname, 'echarts-setup.cjs')],
  transformIgnorePatterns: ['/node_modules/(?!(ky|echarts|zrender)/)'],
};
