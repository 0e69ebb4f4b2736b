// jsdom, with Node's fetch family added (see jest.environment.cjs); ky ships as ES modules only, so
// it is compiled like our own code.
module.exports = {
  ...require('../jest.preset.cjs'),
  testEnvironment: '<rootDir>/jest.environment.cjs',
  transformIgnorePatterns: ['/node_modules/(?!ky/)'],
};
