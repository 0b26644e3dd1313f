/**
 * Keeps the layers honest: domain code is plain TypeScript, and modules meet through their application
 * layer (ports and use-cases), never through another module's infrastructure.
 */
/** The shared ground: folders every feature stands on, which therefore know none of them. */
const FOUNDATIONS = '^(libs/|src/(database|config|metrics|logging|health|scheduling|shutdown|redis|i18n)/)';

module.exports = {
  forbidden: [
    {
      name: 'domain-reaches-only-the-kernel',
      comment:
        'Domain code, and everything it loads however indirectly, is plain TypeScript: of the shared libraries ' +
        'only the kernel (libs/core: ids, clock, errors); no Nest, TypeORM, HTTP or validation library; no ' +
        'application, adapter, configuration or database code.',
      severity: 'error',
      from: { path: '^src/[^/]+/domain/' },
      to: {
        reachable: true,
        path: [
          '^node_modules/(@nestjs|typeorm|express|class-validator|class-transformer|reflect-metadata|pg|ioredis|bullmq)/',
          '^libs/(?!core/)',
          '^src/[^/]+/(application|infrastructure|http)/',
          '^src/(config|database)/',
        ],
      },
    },
    {
      name: 'application-without-adapters',
      comment: 'Use-cases depend on ports, not on TypeORM or HTTP.',
      severity: 'error',
      from: { path: '^src/[^/]+/application/' },
      to: { path: ['node_modules/typeorm', 'node_modules/express', '^src/[^/]+/(infrastructure|http)/'] },
    },
    {
      name: 'no-reaching-into-other-modules-infrastructure',
      comment:
        'Modules meet through ports and use-cases. Table mappings (*.record.ts) are the shared schema and may be ' +
        "read by another module's adapter; each module registers its own with TypeORM.",
      severity: 'error',
      from: { path: '^src/([^/]+)/' },
      to: { path: '^src/([^/]+)/infrastructure/', pathNot: ['^src/$1/infrastructure/', '\\.record\\.ts$'] },
    },
    {
      name: 'foundations-know-no-feature',
      comment:
        'The foundations (database, configuration, metrics, logging, health, scheduling, shutdown, Redis, the ' +
        "messages of the signer's languages and the shared libraries) serve every feature and import none: a " +
        'feature registers its own records, defaults and metering with them.',
      severity: 'error',
      from: { path: FOUNDATIONS },
      to: { path: '^src/', pathNot: FOUNDATIONS },
    },
    {
      name: 'infrastructure-without-http',
      comment: 'What adapters store or send is not the HTTP shape: no adapter imports a controller, DTO or presenter.',
      severity: 'error',
      from: { path: '^src/[^/]+/infrastructure/' },
      to: { path: '^src/[^/]+/http/' },
    },
    {
      name: 'pages-without-notifications',
      comment: 'A page shares HTML helpers with the emails through libs/http, never through the notification module.',
      severity: 'error',
      from: { path: '^src/attestation-page/' },
      to: { path: '^src/notifications/' },
    },
    { name: 'no-circular', severity: 'warn', from: {}, to: { circular: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.spec\\.ts$'] },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
  },
};
