// The shell must provide every module of antd and shared-ui an area may take, not only the ones it uses
// itself: webpack provides a shared module only once the build has seen it requested. This loader turns
// provide-shared.js into a list of lazy imports of each (never called; each becomes its own chunk).
const { sharedModuleKeys } = require('./split-imports.cjs');

module.exports = function provideSharedLoader() {
  const keys = Object.values(sharedModuleKeys()).flat();
  return `export const providedModules = [\n${keys.map((key) => `  () => import(${JSON.stringify(key)}),`).join('\n')}\n];\n`;
};
