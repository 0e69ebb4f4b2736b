module.exports = {
  ...require('../scripts/jest/web-preset.cjs'),
  // Fails a test that makes React or antd print an error or a warning.
  setupFilesAfterEnv: ['<rootDir>/jest.console.cjs'],
};
