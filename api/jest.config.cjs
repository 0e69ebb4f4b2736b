const preset = require('../jest.preset.cjs');

module.exports = {
  ...preset,
  testTimeout: 60000,
  // A few of fastify's dependencies ship only ES modules; jest needs them compiled to CommonJS.
  transformIgnorePatterns: ['/node_modules/(?!(content-disposition|cookie|@seriousme/openapi-schema-validator)/)'],
};
