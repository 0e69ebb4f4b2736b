const { createConfig } = require('../scripts/webpack/create-config.cjs');

module.exports = (env, argv) =>
  createConfig({ kind: 'host', dir: __dirname, name: 'shell', devPort: 3000 }, env, argv);
