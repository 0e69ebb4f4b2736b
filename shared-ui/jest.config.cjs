module.exports = {
  ...require('../jest.preset.cjs'),
  testEnvironment: 'jsdom',
  // antd needs matchMedia and ResizeObserver, which jsdom lacks.
  setupFiles: ['<rootDir>/jest.setup.cjs'],
  // Fails a test that makes React or antd print an error or a warning.
  setupFilesAfterEnv: ['<rootDir>/jest.console.cjs'],
};
