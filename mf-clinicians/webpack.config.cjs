const { createConfig } = require('../scripts/webpack/create-config.cjs');

module.exports = (env, argv) =>
  createConfig({ kind: 'remote', dir: __dirname, name: 'mf-clinicians', devPort: 3102 }, env, argv);
