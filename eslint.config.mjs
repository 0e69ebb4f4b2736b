// Lint rules for the whole monorepo. The `no-restricted-imports` blocks below enforce the one-way
// dependencies of ARCHITECTURE.md §1: mf-* -> shared-ui, shared-session -> shared-domain; api -> shared-domain.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const areas = ['mf-scheduling', 'mf-clinicians', 'mf-billing', 'mf-notes', 'mf-reports', 'mf-messaging'];
const pkg = (name) => `@carelane/${name}`;
const forbiddenPackages = (names, message) =>
  names.flatMap((n) => [
    { group: [pkg(n), `${pkg(n)}/*`], message },
    { group: [`**/${n}/src/*`, `**/${n}/src`], message },
  ]);
const forbid = (names, message) => ({
  'no-restricted-imports': ['error', { patterns: forbiddenPackages(names, message) }],
});
const frontends = ['shell', 'shared-ui', 'shared-session', ...areas];
/** The API's areas (api/src/modules/*): each reaches another's records only through what that one exports. */
const apiAreas = ['admin', 'billing', 'clinicians', 'maps', 'notes', 'platform', 'scheduling', 'security'];
const otherAreasRepository = (names) => ({
  regex: `(^|/)(${names.join('|')})/(.+/)?repository$`,
  message:
    "Another area's repository is its own: import what it exports (its service.ts or index.ts) instead.",
});
/** Product code: what a user runs (tests, stories, seeds, fixtures and the test kit aside). */
const notProductCode = [
  '**/*.test.{ts,tsx}',
  '**/*.int.test.ts',
  '**/*.stories.{ts,tsx}',
  '**/test/**',
  '**/testing/**',
  '**/testing.{ts,tsx}',
  '**/*fixture*.{ts,tsx}',
  '**/seed*.ts',
  'e2e/**',
  'bench/**',
  'scripts/**',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      '**/.data/**',
      '**/storybook-static/**',
      'coverage/**',
      '*/coverage/**',
      '**/test-results/**',
      'e2e/.run/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    // no-cycle follows imports written without extensions and the workspace packages (main: src/index.ts)
    // only when TypeScript files are parsed and resolved: import-x's TypeScript settings and its node resolver.
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.json'] }),
      ],
    },
    rules: {
      'import-x/no-duplicates': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['shared-domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@carelane/*'], message: 'shared-domain imports nothing of ours.' },
            {
              group: ['node:*', 'fs', 'path', 'crypto', 'os', 'react', 'react-dom', 'antd'],
              message: 'shared-domain runs in the browser and in Node: no platform modules.',
            },
          ],
        },
      ],
    },
  },
  { files: ['api/**/*.ts'], rules: forbid([...frontends], 'The API depends only on shared-domain.') },
  ...apiAreas.map((area) => ({
    files: [`api/src/modules/${area}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...forbiddenPackages([...frontends], 'The API depends only on shared-domain.'),
            otherAreasRepository(apiAreas.filter((a) => a !== area)),
          ],
        },
      ],
    },
  })),
  {
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/modules/**', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...forbiddenPackages([...frontends], 'The API depends only on shared-domain.'),
            otherAreasRepository(apiAreas),
          ],
        },
      ],
    },
  },
  {
    // Route handlers stay thin: validation, one call into the feature's service.ts, the answer.
    files: ['api/**/routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...forbiddenPackages([...frontends], 'The API depends only on shared-domain.'),
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'A route file calls its service; SQL goes in repository.ts.',
            },
            {
              group: ['**/db/*', '**/db'],
              message: 'A route file calls its service; service.ts and repository.ts reach the database.',
            },
            { regex: '(^|/)repository$', message: 'A route file calls its service, never a repository.' },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: 'A route file opens no transaction: its service does, one per business operation.',
        },
      ],
    },
  },
  {
    files: ['shared-ui/**/*.{ts,tsx}'],
    rules: forbid(
      ['api', 'shell', ...areas],
      'Shared packages must not import the shell, an area or the API.',
    ),
  },
  {
    files: ['shared-session/**/*.{ts,tsx}'],
    rules: forbid(
      ['api', 'shell', 'shared-ui', ...areas],
      'shared-session holds the session bus and API client: it imports neither shared-ui, the shell, an area nor the API.',
    ),
  },
  {
    files: ['shell/**/*.{ts,tsx}'],
    rules: forbid(['api', ...areas], 'The shell loads areas at run time; it never imports them.'),
  },
  ...areas.map((area) => ({
    files: [`${area}/**/*.{ts,tsx}`],
    rules: forbid(
      ['api', 'shell', ...areas.filter((a) => a !== area)],
      'Areas talk only through the bus and the API.',
    ),
  })),
  {
    // A function longer than this is split into named parts: hooks, section components, pure helpers.
    files: ['**/*.{ts,tsx}'],
    ignores: notProductCode,
    rules: { 'max-lines-per-function': ['error', { max: 150 }] },
  },
);
