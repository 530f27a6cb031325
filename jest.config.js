/**
 * Jest runs the server-side suites (libs, backend, worker) on TypeScript sources through SWC.
 * A file's name says what it needs: `*.spec.ts` is a pure unit, `*.pg.spec.ts` needs PostgreSQL,
 * `*.redis.spec.ts` Redis, `*.pg-redis.spec.ts` both; `*.e2e-spec.ts` (in `test/`) boots the app.
 * The app-booting suites run in bundles (`backend/test/bundles/`), which load the app's modules once
 * for several suites; the README says how to run one suite alone.
 */
const swc = ['@swc/jest', {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
}];

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/libs', '<rootDir>/backend', '<rootDir>/worker'],
  testMatch: ['**/*.spec.ts', '**/*.e2e-bundle.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: {
    '^@brandloom/contracts$': '<rootDir>/libs/contracts/src',
    '^@brandloom/core$': '<rootDir>/libs/core/src',
    '^@brandloom/core/testing$': '<rootDir>/libs/core/src/testing',
  },
  globalSetup: '<rootDir>/libs/core/src/testing/global-setup.mjs',
  globalTeardown: '<rootDir>/libs/core/src/testing/global-teardown.mjs',
  // A bound for a stuck test, not a speed check: an app boots in a few seconds, but on a busy 2-core machine far slower.
  testTimeout: 60000,
  // The suites spend much of their time waiting on PostgreSQL, Redis, child processes and argon2's
  // threads: a third worker keeps both cores busy meanwhile (measured: 224 s with two, 186 s with three or four).
  maxWorkers: 3,
};
