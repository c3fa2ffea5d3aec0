/**
 * Tests run from TypeScript source through SWC; type checking is `npm run typecheck`, part of `npm test`.
 * `unit` needs nothing running; `integration` and `e2e` share one real stack (Temporal dev server,
 * FerretDB, sandbox acquirer, API, worker) started by the global setup on free ports.
 */
const transform = {
  '^.+\\.(t|j)s$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } }],
};
module.exports = {
  maxWorkers: 2,
  testTimeout: 120000,
  projects: [
    { displayName: 'unit', testEnvironment: 'node', transform, testMatch: ['<rootDir>/test/unit/**/*.test.ts'] },
    {
      // `npm run test:chaos`: each file starts and breaks its own stack (minutes); not part of `npm test`.
      displayName: 'chaos',
      testEnvironment: 'node',
      transform,
      testMatch: ['<rootDir>/test/chaos/**/*.test.ts'],
    },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      transform,
      testMatch: ['<rootDir>/test/integration/**/*.test.ts', '<rootDir>/test/e2e/**/*.test.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};
