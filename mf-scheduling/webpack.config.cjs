const { createConfig } = require('../scripts/webpack/create-config.cjs');

module.exports = (env, argv) =>
  createConfig({ kind: 'remote', dir: __dirname, name: 'mf-scheduling', devPort: 3101 }, env, argv);
