const { createConfig } = require('../scripts/webpack/create-config.cjs');

module.exports = (env, argv) =>
  createConfig(
    {
      kind: 'host',
      dir: __dirname,
      name: 'shell',
      devPort: 3000,
      staticLogin: { entry: './src/static-login/index.ts', copy: require('./src/static-login/copy.json') },
    },
    env,
    argv,
  );
