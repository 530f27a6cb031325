/** End-to-end flows: Playwright (playwright-core) driving Debian's Chromium against the built app. */
const base = require('../jest.config.js');

module.exports = {
  ...base,
  rootDir: '..',
  roots: ['<rootDir>/e2e'],
  testMatch: ['**/*.e2e.ts'],
  globalSetup: '<rootDir>/e2e/global-setup.ts',
  globalTeardown: '<rootDir>/e2e/global-teardown.ts',
  testTimeout: 60000,
  maxWorkers: 1,
};
