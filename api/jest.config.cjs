module.exports = {
  ...require('../jest.preset.cjs'),
  testTimeout: 60000,
};
