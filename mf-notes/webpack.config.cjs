const { createConfig } = require('../scripts/webpack/create-config.cjs');

module.exports = (env, argv) =>
  createConfig({ kind: 'remote', dir: __dirname, name: 'mf-notes', devPort: 3104 }, env, argv);
