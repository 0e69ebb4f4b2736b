// One webpack configuration for the shell (the Module Federation host) and the six remotes.
// Each package's webpack.config.cjs is two lines: `createConfig({ kind, dir, ... })`.
const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { publishedRouteTable } = require('./route-table.cjs');
const { sharedConfig, ROOT } = require('./shared.cjs');
const { keepStaticLoginOutput, staticLoginConfig, staticLoginParameters } = require('./static-login.cjs');

/** Our workspace folders compiled from TypeScript source (their package.json "main" is src/index.ts). */
const SOURCE_FOLDERS = fs
  .readdirSync(ROOT, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(ROOT, entry.name, 'package.json')))
  .filter((entry) => !['node_modules', 'api', 'bench', 'e2e'].includes(entry.name))
  .map((entry) => path.join(ROOT, entry.name))
  .concat(path.join(__dirname, 'standalone'));

/** The federation name of an area: `mf-billing` -> `mf_billing` (a JavaScript identifier). */
const federationName = (name) => name.replace(/[^A-Za-z0-9_]/g, '_');

function swcRule(production) {
  return {
    test: /\.[cm]?[jt]sx?$/,
    include: SOURCE_FOLDERS,
    exclude: /node_modules/,
    // Loaders run last to first: swc compiles, then imports of antd and shared-ui are split per module.
    use: [
      { loader: path.join(__dirname, 'split-imports-loader.cjs') },
      {
        loader: 'swc-loader',
        options: {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: {
              react: { runtime: 'automatic', development: !production, refresh: false },
            },
            target: 'es2022',
          },
          sourceMaps: true,
        },
      },
    ],
  };
}

/**
 * Writes `routes.json` next to the build (read when remotes.json is assembled): the area's `src/routes.json`,
 * each route with a page in `src/routes.tsx` marked `built` (route-table.cjs).
 */
class RouteTablePlugin {
  constructor(dir) {
    this.tableFile = path.join(dir, 'src/routes.json');
    this.pagesFile = path.join(dir, 'src/routes.tsx');
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('RouteTablePlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RouteTablePlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.fileDependencies.add(this.tableFile);
          compilation.fileDependencies.add(this.pagesFile);
          const table = publishedRouteTable(this.tableFile, this.pagesFile);
          compilation.emitAsset(
            'routes.json',
            new webpack.sources.RawSource(`${JSON.stringify(table, null, 2)}\n`),
          );
        },
      );
    });
  }
}

/**
 * @param {object} options
 * @param {'host' | 'remote'} options.kind
 * @param {string} options.dir the package folder (__dirname of its webpack.config.cjs)
 * @param {string} options.name the package folder name: `shell`, `mf-billing`, …
 * @param {number} options.devPort the dev server's port
 * @param {string} [options.title] the HTML title
 * @param {{ entry: string, copy: Record<string, string> }} [options.staticLogin] the host's static sign-in page
 *   (static-login.cjs): its script's entry and the form's texts; the build is then two compilations
 * @param {Record<string, string>} env webpack's --env (`standalone` runs a remote alone)
 * @param {{ mode?: string }} argv webpack's argv
 */
function createConfig({ kind, dir, name, devPort, title = 'Carelane', staticLogin }, env = {}, argv = {}) {
  const production = (argv.mode ?? process.env.NODE_ENV ?? 'production') === 'production';
  const host = kind === 'host';
  const standalone = !host && Boolean(env.standalone);
  const outputPath = process.env.OUTPUT_DIR ? path.resolve(process.env.OUTPUT_DIR) : path.join(dir, 'dist');
  const buildLabel = process.env.BUILD_LABEL || `${name}@${new Date().toISOString()}`;
  const withStaticLogin = host && Boolean(staticLogin);
  const minimizer = () => [new MinimizerPlugin({ minify: { implementation: MinimizerPlugin.swcMinify } })];

  const federation = host
    ? {
        name: 'carelane_shell',
        // Remotes are registered at run time from remotes.json (shell/src/federation/).
        remotes: {},
        shared: sharedConfig({ provider: true }),
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: false,
      }
    : {
        name: federationName(name),
        filename: 'remoteEntry.js',
        exposes: { './app': './src/app.tsx' },
        shared: sharedConfig({ provider: standalone }),
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: true,
      };

  const entry = host
    ? {
        main: [
          './src/index.ts',
          `${path.join(__dirname, 'provide-shared-loader.cjs')}!${path.join(__dirname, 'provide-shared.js')}`,
        ],
      }
    : standalone
      ? { main: path.join(__dirname, 'standalone/index.js') }
      : {};

  const config = {
    ...(withStaticLogin ? { name, dependencies: ['static-login'] } : {}),
    mode: production ? 'production' : 'development',
    context: dir,
    entry,
    // Production source maps stay beside the build (not published by assemble-static, not referenced).
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    target: 'web',
    output: {
      path: outputPath,
      // The host's entry keeps a fixed name (TOOLCHAIN.md: [contenthash] there fails); chunks carry the hash.
      filename: host || standalone ? '[name].js' : '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      publicPath: host || standalone ? '/' : 'auto',
      uniqueName: federationName(name),
      clean: withStaticLogin ? { keep: keepStaticLoginOutput } : true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      // Our packages' package.json "main" points at TypeScript source.
      mainFields: ['browser', 'module', 'main'],
      // The standalone dev server's harness imports the area it runs as `@area/…`.
      alias: standalone ? { '@area': path.join(dir, 'src') } : {},
    },
    module: {
      rules: [
        swcRule(production),
        // @rc-component/form's index has code besides its re-exports, so without this antd's Input (which only
        // needs its FormProvider context) brings the whole form store and validator to every page with a field.
        { test: /[\\/]node_modules[\\/]@rc-component[\\/]form[\\/]/, sideEffects: false },
        // antd's prebuilt stylesheet (the shell's entry links it: shell/src/antd-stylesheet.ts, decision 042) is
        // emitted as a file with its hash in the name; the import is its address.
        {
          test: /[\\/]node_modules[\\/]antd[\\/]dist[\\/]antd\.css$/,
          type: 'asset/resource',
          generator: { filename: 'antd.[contenthash:8].css' },
        },
      ],
    },
    plugins: [
      new ModuleFederationPlugin(federation),
      new webpack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
        __CARELANE_BUILD__: JSON.stringify(buildLabel),
        ...(standalone
          ? {
              'process.env.CARELANE_AREA': JSON.stringify(name),
              'process.env.CARELANE_DEV_LOGIN': JSON.stringify(process.env.CARELANE_DEV_LOGIN ?? ''),
              'process.env.CARELANE_DEV_PASSWORD': JSON.stringify(process.env.CARELANE_DEV_PASSWORD ?? ''),
            }
          : {}),
      }),
      ...(host || standalone
        ? [
            new HtmlWebpackPlugin({
              template: path.join(__dirname, 'index.html'),
              title: standalone ? `${name} (standalone) — Carelane` : title,
              scriptLoading: 'defer',
              chunks: ['main'],
              publicPath: '/',
              // With the static sign-in page, index.html names main.js for login.js to load; nothing is injected.
              inject: !withStaticLogin,
              templateParameters: {
                staticLogin: withStaticLogin ? staticLoginParameters(staticLogin.copy) : null,
              },
            }),
          ]
        : []),
      ...(!host && fs.existsSync(path.join(dir, 'src/routes.json')) ? [new RouteTablePlugin(dir)] : []),
    ],
    optimization: { minimize: production, minimizer: minimizer() },
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
    devServer: {
      port: devPort,
      historyApiFallback: true,
      hot: false,
      liveReload: true,
      client: { overlay: { errors: true, warnings: false } },
      headers: { 'Access-Control-Allow-Origin': '*' },
      // The API (and, for the shell, the deployed remotes) come from `npm start` on port 8080.
      proxy: [
        {
          context: host ? ['/api', '/remotes', '/remotes.json', '/storybook'] : ['/api'],
          target: process.env.API_URL || 'http://localhost:8080',
          changeOrigin: false,
        },
      ],
    },
  };
  if (!withStaticLogin) return config;
  const loginConfig = staticLoginConfig({
    dir,
    entry: staticLogin.entry,
    outputPath,
    production,
    rules: [swcRule(production)],
    minimizer: minimizer(),
  });
  return [loginConfig, config];
}

module.exports = { createConfig, federationName };
