// The shell's pages in jsdom, and the webpack factory the shell's build runs (scripts/webpack) in Node.
const path = require('node:path');

module.exports = {
  projects: [
    { ...require('../scripts/jest/web-preset.cjs'), displayName: 'shell', rootDir: __dirname },
    {
      ...require('../jest.preset.cjs'),
      displayName: 'webpack-factory',
      rootDir: path.join(__dirname, '../scripts/webpack'),
      testMatch: ['<rootDir>/**/*.test.cjs'],
    },
  ],
};
