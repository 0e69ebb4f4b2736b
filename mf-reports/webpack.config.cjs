const { createConfig } = require('../scripts/webpack/create-config.cjs');

module.exports = (env, argv) =>
  createConfig({ kind: 'remote', dir: __dirname, name: 'mf-reports', devPort: 3105 }, env, argv);
