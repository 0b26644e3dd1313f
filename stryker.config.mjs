// StrykerJS: mutation testing of the domain and the kernel, driven by the fast unit specs (docs/testing.md).
/** Held to SECURITY_RELEVANT_BREAK each (scripts/mutation-thresholds.js), the rest to `thresholds.break` overall. */
export const SECURITY_RELEVANT = [
  'src/webhooks/domain/network-address.ts',
  'src/webhooks/domain/endpoint-url.ts',
  'src/identity/domain/api-token.ts',
  'src/identity/domain/organization.ts',
  'src/idempotency/domain/request-fingerprint.ts',
  'src/idempotency/domain/idempotency-key.ts',
  'src/webhooks/domain/webhook-secret.ts',
];
export const SECURITY_RELEVANT_BREAK = 95;

/**
 * Mutants that cannot change behaviour, by the exact source of the code they mutate (all of its mutants are
 * skipped, so name the smallest piece), each with the reason (docs/testing.md). Dead code is removed instead.
 */
export const EQUIVALENT_MUTANTS = [
  {
    file: 'libs/http/src/http/express-message-classes.ts',
    code: "if (at === null) throw new Error('Express prototype does not extend the expected Node class');",
    reason:
      "unreachable with the Express installed, whose request and response prototypes extend Node's: the guard " +
      'names the failure should an upgrade break that, instead of an endless loop',
  },
  {
    file: 'libs/http/src/http/express-message-classes.ts',
    code: "key === 'constructor'",
    reason:
      "no layer of Express's request or response chain (below Node's own prototypes) has an own constructor; " +
      'the check keeps the copied prototypes correct should one gain it',
  },
  {
    file: 'libs/http/src/http/iso-timestamp.ts',
    code: '-62_135_596_800_000',
    reason:
      'the first moment the fast path writes; made positive it only sends years 1 to 3935 to toISOString, ' +
      'which writes the same text (the spec compares the two over every year): slower, never different',
  },
  {
    file: 'libs/http/src/http/json-body.ts',
    code: "''",
    node: 'StringLiteral',
    reason:
      'the Content-Type read when a request has none: any text without "; charset=" finds no charset, as the ' +
      'empty one does',
  },
  {
    file: 'libs/http/src/http/outage.ts',
    code: "''",
    node: 'StringLiteral',
    reason:
      'the stand-in for a code or message that is not text: any text that matches no code and no message ' +
      'pattern answers the same',
  },
  {
    file: 'libs/http/src/csv/csv-download.ts',
    code: '{ highWaterMark: 16 }',
    reason:
      "how many rows are read ahead of the client (Readable.from's default is one): the rows sent, their order " +
      'and the backpressure are the same, only the throughput changes',
  },
  {
    file: 'libs/http/src/http/json-body.ts',
    code: "charset.startsWith('utf-')",
    reason:
      'which reader takes a body declared in a UTF: body-parser and the TextDecoder fallback read UTF-8 and UTF-16 ' +
      "alike; the split keeps the common case on body-parser's streaming path",
  },
  {
    file: 'libs/http/src/http/json-body.ts',
    code: 'match[1].toLowerCase()',
    reason:
      'the label is compared only with the UTF prefix above (the same reader either way) and by TextDecoder, ' +
      'which ignores case',
  },
  {
    file: 'libs/http/src/validation/validation.pipe.ts',
    code: "typeof parameters !== 'object'",
    reason:
      "Express's query is always an object; a string's for…in would key it by its characters, but a string is " +
      'refused by the validation and a refusal is never cached, so it answers the same',
  },
  {
    file: 'libs/http/src/validation/validation.pipe.ts',
    code: 'parameters === null',
    reason:
      "Express's query is never null; if it were, for…in reads nothing, and the pipe answers null as the empty " +
      'query (ValidationPipe validates {} for a missing value)',
  },
  {
    file: 'libs/http/src/validation/validation.pipe.ts',
    code: 'Array.isArray(parameters)',
    reason:
      "Express's query is never an array; if it were, its indexes would key it as the object of those indexes, " +
      'which validates the same',
  },
  {
    file: 'libs/http/src/validation/validation.pipe.ts',
    code: '{ enableImplicitConversion: false }',
    reason:
      "class-transformer's default, written out so that no upgrade of it or of Nest turns a query's '1' into 1 " +
      'before the rules see it: emptied, the default still applies',
  },
  {
    file: 'libs/http/src/validation/field.decorator.ts',
    code: "'field'",
    reason:
      "the validator's name, which class-validator uses as the key of its message; the pipe reads the messages by " +
      'value, never by key',
  },
  {
    file: 'libs/http/src/validation/field.decorator.ts',
    code: "''",
    node: 'StringLiteral',
    reason: 'class-validator asks for the message of a failed value only, which always has a failure to name',
  },
  {
    file: 'libs/http/src/http/access.decorator.ts',
    code: "'access_policy'",
    reason: 'the metadata key is set and read through this one constant: its text changes nothing',
  },
];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: [
    'src/**/domain/**/*.ts',
    'libs/core/src/**/*.ts',
    'libs/http/src/**/*.ts',
    '!**/*.spec.ts',
    // Schema declarations only (descriptions and examples of the OpenAPI document): what they say is checked where
    // it shows, by test/e2e/openapi.e2e-spec.ts comparing the served document with the committed openapi.json.
    '!libs/http/src/openapi/{error-bodies,pagination.schema,api-headers}.ts',
  ],
  plugins: ['@stryker-mutator/*', './test/mutation/equivalent-mutants.mjs'],
  ignorers: ['equivalent-mutants'],
  testRunner: 'jest',
  jest: { projectType: 'custom', configFile: 'jest.unit.config.js' },
  testRunnerNodeArgs: ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning'],
  coverageAnalysis: 'perTest',
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.mutation.json',
  // Two shared cores: one sandbox per core.
  concurrency: 2,
  // The cores are shared: a slow test run under load is not an endless loop.
  timeoutMS: 20000,
  incremental: true,
  incrementalFile: 'test/mutation/stryker-incremental.json',
  // Only what the unit specs need is copied into the sandbox.
  ignorePatterns: [
    'dist',
    '.data',
    'bench',
    'docs',
    'coverage',
    'reports',
    'test/e2e',
    'test/adapters',
    'openapi.json',
  ],
  reporters: ['clear-text', 'progress-append-only', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportMutants: false },
  thresholds: { high: 95, low: 85, break: 85 },
};
