// jsdom with Node's fetch family (scripts/jest/jsdom-environment.cjs); ky ships as ES modules only, so it
// is compiled like our own code.
module.exports = {
  ...require('../jest.preset.cjs'),
  testEnvironment: '<rootDir>/../scripts/jest/jsdom-environment.cjs',
  transformIgnorePatterns: ['/node_modules/(?!ky/)'],
};
