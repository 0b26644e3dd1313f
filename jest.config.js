/**
 * Jest runs on the Node 24 that `npm ci` installs (the `node` dev dependency puts it first on the PATH of
 * npm scripts), where Jest loads the ESM-only @nestjs packages through require(esm). ts-jest transpiles only;
 * `npm run typecheck` (part of `npm test`) checks types once for the whole project.
 */
module.exports = {
  testEnvironment: 'node',
  rootDir: '.',
  roots: ['<rootDir>/src', '<rootDir>/libs', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts', '**/*.e2e-spec.ts', '**/*.adapter-spec.ts'],
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: 'tsconfig.json', diagnostics: false }],
  },
  moduleNameMapper: {
    '^@lib/(core|http|persistence)$': '<rootDir>/libs/$1/src',
  },
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 30000,
  maxWorkers: 3,
  forceExit: false,
};
