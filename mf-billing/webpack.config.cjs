const { createConfig } = require('../scripts/webpack/create-config.cjs');

module.exports = (env, argv) =>
  createConfig({ kind: 'remote', dir: __dirname, name: 'mf-billing', devPort: 3103 }, env, argv);
