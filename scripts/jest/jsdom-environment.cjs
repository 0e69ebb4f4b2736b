// jsdom plus the fetch family of the Node running the tests (jsdom has none of them, and ky needs them).
// Tests still replace `fetch` itself when they need to: it is the network.
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');

// jsdom computes an element's style by matching it against every rule on the page, through nwsapi, which keeps
// the last 1,000 selectors it compiled. antd's CSS-in-JS puts several thousand rules on a page, so every style
// asked for (at each role query of testing-library, and for nearly every element in axe) compiled them all
// again: more than half of a NoteForm test's time in a CPU profile. The same nwsapi, loaded with room for 100,000
// selectors, makes the jsdom suites 2.5 to 4 times faster. Its source is checked for the constant so an upgrade
// cannot lose this quietly.
function loadNwsapiWithLargerCache() {
  const jsdomFolder = path.dirname(require.resolve('jsdom/package.json'));
  const file = require.resolve('nwsapi', { paths: [jsdomFolder] });
  const source = fs.readFileSync(file, 'utf8');
  const larger = source.replace('CACHE_LIMIT = 1000,', 'CACHE_LIMIT = 100000,');
  if (larger === source)
    throw new Error(`${file} no longer sets CACHE_LIMIT = 1000: see jsdom-environment.cjs`);
  const nwsapi = new Module(file, module);
  nwsapi.filename = file;
  nwsapi.paths = Module._nodeModulePaths(path.dirname(file));
  nwsapi._compile(larger, file);
  nwsapi.loaded = true;
  require.cache[file] = nwsapi;
}
loadNwsapiWithLargerCache();

const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'TextEncoder',
  'TextDecoder',
  'TextDecoderStream',
  'AbortController',
  'AbortSignal',
  'structuredClone',
];

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) this.global[name] = globalThis[name];
  }
}

module.exports = JsdomWithFetchEnvironment;
