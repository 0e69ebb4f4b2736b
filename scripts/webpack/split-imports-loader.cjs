// Rewrites `import { A, B as C } from 'antd'` and `… from '@carelane/shared-ui'` in our compiled code into
// one import per defining module (split-imports.cjs), so each is shared, and loaded, on its own.
const { importMap } = require('./split-imports.cjs');

const NAMED = /import\s*\{([^}]*)\}\s*from\s*(["'])(antd|@carelane\/shared-ui)\2;?/g;
// Forms that would take the whole library (not shared: a second copy of antd on the page).
const WHOLE = [
  [/import\s*\*\s*as\s+\w+\s+from\s*(["'])(antd|@carelane\/shared-ui)\1/, 'import * from'],
  [/export\s*(?:\*|\{[^}]*\})\s*from\s*(["'])(antd|@carelane\/shared-ui)\1/, 'export … from'],
  [/import\s+\w+\s*(?:,\s*\{[^}]*\})?\s*from\s*(["'])(antd|@carelane\/shared-ui)\1/, 'a default import from'],
  [/import\s*\(\s*(["'])(antd|@carelane\/shared-ui)\1\s*\)/, 'import() of'],
];

module.exports = function splitImportsLoader(source) {
  for (const [pattern, form] of WHOLE) {
    const found = pattern.exec(source);
    if (found) throw new Error(`${form} '${found[2]}' loads the whole library: import the names you use`);
  }
  const map = importMap();
  return source.replace(NAMED, (_statement, names, _quote, library) =>
    names
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, local = name] = part.split(/\s+as\s+/);
        const entry = map[library].get(name);
        if (!entry)
          throw new Error(`${library} has no export ${name} (see scripts/webpack/split-imports.cjs)`);
        return entry.imported === 'default'
          ? `import ${local} from ${JSON.stringify(entry.request)};`
          : `import { ${entry.imported} as ${local} } from ${JSON.stringify(entry.request)};`;
      })
      .join('\n'),
  );
};
