// The shell's static sign-in page (docs/decisions/018-static-login-page.md): index.html carries the form, and a
// small script of its own (login.js, built here without Module Federation) either runs it or loads main.js.
const fs = require('node:fs');
const path = require('node:path');

/** Served next to index.html; a fixed name like main.js (index.html names it, and is never cached). */
const SCRIPT_FILE = 'login.js';
/** The script is a few kilobytes: a heavy import (the session bus, antd) would fail the build. */
const SCRIPT_BUDGET_BYTES = 20 * 1024;

const TEMPLATE = path.join(__dirname, 'index.html');

/** antd's own icon, as antd draws it (the icons come with antd: @ant-design/icons-svg). */
function antdIcon(name) {
  const antdDir = path.dirname(require.resolve('antd/package.json'));
  const iconsDir = path.dirname(require.resolve('@ant-design/icons/package.json', { paths: [antdDir] }));
  const { icon } = require(
    require.resolve(`@ant-design/icons-svg/lib/asn/${name}`, { paths: [iconsDir] }),
  ).default;
  const paths = icon.children
    .filter((child) => child.tag === 'path')
    .map((child) => `<path d="${child.attrs.d}"></path>`)
    .join('');
  return `<svg viewBox="${icon.attrs.viewBox}" focusable="false" width="1em" height="1em" fill="currentColor" aria-hidden="true">${paths}</svg>`;
}

/** What index.html is written with for the shell: the form's texts (copy.json) and the icons. */
function staticLoginParameters(copy) {
  return {
    script: `/${SCRIPT_FILE}`,
    copy,
    icons: {
      eye: antdIcon('EyeOutlined'),
      eyeInvisible: antdIcon('EyeInvisibleOutlined'),
      failure: antdIcon('CloseCircleFilled'),
    },
  };
}

/**
 * index.html as html-webpack-plugin writes it, for tests: its loader runs lodash's template with the parameters
 * in scope (`with`), which is why the template names them bare. `appScript` stands for the entry it names.
 */
function renderIndexHtml({ title = 'Carelane', appScript = '/main.js', staticLogin = null } = {}) {
  const _ = require('lodash');
  const { source } = _.template(fs.readFileSync(TEMPLATE, 'utf8'), {
    interpolate: /<%=([\s\S]+?)%>/g,
    variable: 'data',
  });
  const render = new Function('_', 'templateParams', `with (templateParams) { return (${source})(); }`);
  return render(_, { htmlWebpackPlugin: { options: { title }, files: { js: [appScript] } }, staticLogin });
}

/**
 * The webpack configuration of login.js: its own compilation (a Module Federation build puts the federation
 * runtime into every entry), written into the shell's output folder before the shell's build runs.
 */
function staticLoginConfig({ dir, entry, outputPath, production, rules, minimizer }) {
  return {
    name: 'static-login',
    mode: production ? 'production' : 'development',
    context: dir,
    entry: { login: entry },
    devtool: production ? 'hidden-source-map' : 'cheap-module-source-map',
    target: 'web',
    output: {
      path: outputPath,
      filename: SCRIPT_FILE,
      publicPath: '/',
      uniqueName: 'carelane_static_login',
      clean: false,
    },
    resolve: { extensions: ['.ts', '.mjs', '.js', '.json'], mainFields: ['browser', 'module', 'main'] },
    module: { rules },
    plugins: [
      new (require('webpack').DefinePlugin)({
        'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
      }),
    ],
    optimization: { minimize: production, minimizer },
    performance: production
      ? { hints: 'error', maxAssetSize: SCRIPT_BUDGET_BYTES, maxEntrypointSize: SCRIPT_BUDGET_BYTES }
      : { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
  };
}

/** The shell's own build cleans its output folder but keeps login.js (and its map). */
const keepStaticLoginOutput = (asset) => asset.startsWith(SCRIPT_FILE);

module.exports = {
  SCRIPT_FILE,
  keepStaticLoginOutput,
  renderIndexHtml,
  staticLoginConfig,
  staticLoginParameters,
};
