/** End-to-end flows: Playwright (playwright-core) driving Debian's Chromium against the built app. */
const base = require('../jest.config.js');

module.exports = {
  ...base,
  rootDir: '..',
  roots: ['<rootDir>/e2e'],
  testMatch: ['**/*.e2e.ts'],
  globalSetup: '<rootDir>/e2e/global-setup.ts',
  globalTeardown: '<rootDir>/e2e/global-teardown.ts',
  // A bound for a stuck flow, not a speed check: a flow takes seconds alone, and many times that
  // beside the server suites on a busy 2-core machine.
  testTimeout: 180000,
  maxWorkers: 1,
};
