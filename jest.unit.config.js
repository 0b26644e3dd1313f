/**
 * The fast unit specs only: `*.spec.ts` under src/ and libs/, no database, no Redis, no global setup.
 * StrykerJS runs these for every mutant (`npm run test:mutation`), so nothing here may need a service.
 */
const base = require('./jest.config');

module.exports = {
  testEnvironment: base.testEnvironment,
  rootDir: base.rootDir,
  roots: ['<rootDir>/src', '<rootDir>/libs'],
  testMatch: ['**/*.spec.ts'],
  transform: base.transform,
  moduleNameMapper: base.moduleNameMapper,
  setupFiles: ['<rootDir>/test/mutation/fixed-seed.js'],
  testTimeout: 10000,
};
