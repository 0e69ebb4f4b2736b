const preset = require('../jest.preset.cjs');

module.exports = {
  ...preset,
  testTimeout: 60000,
  // One migrated and seeded database per run, copied for each test server (src/test/db-snapshot.ts).
  globalSetup: '<rootDir>/src/test/global-setup.ts',
  globalTeardown: '<rootDir>/src/test/global-teardown.ts',
  // A few dependencies ship only ES modules (fastify's, and file-type with its own); jest needs them compiled to
  // CommonJS. The esbuild bundle leaves them to Node's import().
  transformIgnorePatterns: [
    '/node_modules/(?!(content-disposition|cookie|@seriousme/openapi-schema-validator|file-type|strtok3|token-types|@tokenizer|uint8array-extras|@borewit)/)',
  ],
};
