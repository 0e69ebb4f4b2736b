// The route table an area's build publishes (`dist/routes.json`, read into remotes.json): its `src/routes.json`
// with `"built": true` on each route that has a page in the `PAGES` object of its `src/routes.tsx`. The shell
// starts a user on a built page (shell/src/routing/home.ts), so a page counts as soon as it is in PAGES.
const fs = require('node:fs');
const ts = require('typescript');

/** The keys of `export const PAGES = { '/path': …, … }` in the module's source (read with TypeScript's parser). */
function pagePaths(source, fileName = 'routes.tsx') {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || declaration.name.text !== 'PAGES') continue;
      let value = declaration.initializer;
      while (
        value &&
        (ts.isAsExpression(value) || ts.isSatisfiesExpression(value) || ts.isParenthesizedExpression(value))
      )
        value = value.expression;
      if (!value || !ts.isObjectLiteralExpression(value))
        throw new Error(`${fileName}: PAGES must be an object literal of path -> page`);
      return value.properties.map((property) => {
        const name =
          ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property)
            ? property.name
            : undefined;
        if (name && (ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name))) return name.text;
        throw new Error(`${fileName}: every key of PAGES must be a path written as a string ('/invoices')`);
      });
    }
  }
  throw new Error(`${fileName} has no PAGES`);
}

/** The published table: `table` with `built: true` on the routes `paths` has pages for; unknown paths refused. */
function markBuilt(table, paths, fileName = 'routes.tsx') {
  const known = new Set(table.routes.map((route) => route.path));
  const unknown = paths.filter((path) => !known.has(path));
  if (unknown.length > 0)
    throw new Error(`${fileName}: PAGES has ${unknown.join(', ')}, which routes.json does not list`);
  const built = new Set(paths);
  return {
    ...table,
    routes: table.routes.map((route) => (built.has(route.path) ? { ...route, built: true } : route)),
  };
}

/** Reads `routes.json` and `routes.tsx` from disk and answers the table to publish. */
function publishedRouteTable(tableFile, pagesFile) {
  const table = JSON.parse(fs.readFileSync(tableFile, 'utf8'));
  const paths = fs.existsSync(pagesFile) ? pagePaths(fs.readFileSync(pagesFile, 'utf8'), pagesFile) : [];
  return markBuilt(table, paths, pagesFile);
}

module.exports = { pagePaths, markBuilt, publishedRouteTable };
