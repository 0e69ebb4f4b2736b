// Shares antd and shared-ui one module at a time instead of as two whole libraries (docs/decisions/007):
// a page loads only the components it uses, and every area still gets the shell's one copy of each.
//  - `importMap()` maps each name of `import { … } from 'antd'` (or '@carelane/shared-ui') to the module
//    that defines it, read from antd's es/index.js and shared-ui's src/index.ts;
//  - `sharedModuleKeys()` lists those modules as the share keys the shell provides and the areas consume;
//  - split-imports-loader.cjs rewrites our compiled imports to those modules.
// Both index files are read with TypeScript's parser; an export written in a form this does not know fails
// the build (rather than leaving a name out, which would only fail when a page first imports it).
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const ROOT = path.resolve(__dirname, '../..');
const ANTD_ES = path.join(ROOT, 'node_modules/antd/es');
const SHARED_UI_SRC = path.join(ROOT, 'shared-ui/src');

/** The `export { … } from './x'` statements of an index, and the names it defines itself. */
function readExports(source, fileName) {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const reexports = [];
  const own = [];
  const isExported = (node) =>
    ts.canHaveModifiers(node) &&
    (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const statement of file.statements) {
    if (ts.isExportDeclaration(statement)) {
      if (statement.isTypeOnly) continue;
      const from = statement.moduleSpecifier;
      if (
        !from ||
        !ts.isStringLiteral(from) ||
        !statement.exportClause ||
        !ts.isNamedExports(statement.exportClause)
      )
        throw new Error(
          `${fileName}: cannot split \`${statement.getText(file)}\` (only export { … } from './x')`,
        );
      for (const element of statement.exportClause.elements) {
        if (element.isTypeOnly) continue;
        reexports.push({
          from: from.text,
          imported: (element.propertyName ?? element.name).text,
          exported: element.name.text,
        });
      }
    } else if (ts.isVariableStatement(statement) && isExported(statement)) {
      for (const declaration of statement.declarationList.declarations)
        own.push(declaration.name.getText(file));
    } else if (
      (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) &&
      isExported(statement)
    ) {
      own.push(statement.name ? statement.name.text : 'default');
    } else if (ts.isExportAssignment(statement)) {
      own.push('default');
    }
  }
  return { reexports, own };
}

/** antd's es/index.js: `export { default as Button } from './button'` -> Button: antd/es/button, default. */
function readAntdIndex(source, fileName = 'antd/es/index.js') {
  const map = new Map();
  for (const { from, imported, exported } of readExports(source, fileName).reexports) {
    if (!/^\.\/[\w-]+$/.test(from)) throw new Error(`${fileName}: cannot split an export from ${from}`);
    map.set(exported, { request: `antd/es/${from.slice(2)}`, imported });
  }
  return map;
}

/**
 * shared-ui's src/index.ts: `export { A, B as C, type D } from './x/A'` -> A: @carelane/shared-ui/src/x/A.tsx.
 * `fileExists(relativePath)` tells which of x/A.tsx and x/A.ts is there.
 */
function readSharedUiIndex(source, fileExists, fileName = 'shared-ui/src/index.ts') {
  const map = new Map();
  for (const { from, imported, exported } of readExports(source, fileName).reexports) {
    if (!from.startsWith('./')) throw new Error(`${fileName}: cannot split an export from ${from}`);
    const file = ['.tsx', '.ts'].map((ext) => `${from.slice(2)}${ext}`).find(fileExists);
    if (!file) throw new Error(`${fileName} exports from ${from}, which does not exist`);
    map.set(exported, { request: `@carelane/shared-ui/src/${file}`, imported });
  }
  return map;
}

let cached;

/** `{ antd: Map<name, { request, imported }>, '@carelane/shared-ui': Map<…> }`; imported 'default' or a name. */
function importMap() {
  if (cached) return cached;
  const antd = readAntdIndex(fs.readFileSync(path.join(ANTD_ES, 'index.js'), 'utf8'));
  const sharedUi = readSharedUiIndex(fs.readFileSync(path.join(SHARED_UI_SRC, 'index.ts'), 'utf8'), (file) =>
    fs.existsSync(path.join(SHARED_UI_SRC, file)),
  );
  cached = { antd, '@carelane/shared-ui': sharedUi };
  return cached;
}

/** Every module a page may take from antd or shared-ui: one share key each. */
function sharedModuleKeys() {
  const map = importMap();
  return {
    antd: [...new Set([...map.antd.values()].map((entry) => entry.request))],
    '@carelane/shared-ui': [
      ...new Set([...map['@carelane/shared-ui'].values()].map((entry) => entry.request)),
    ],
  };
}

module.exports = { importMap, sharedModuleKeys, readAntdIndex, readSharedUiIndex };
