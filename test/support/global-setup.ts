import { join } from 'node:path';
import type { Config } from '@jest/types';
import { Client } from 'pg';
import { migrate } from '../../src/database/migrate';
import { databaseUrl, TEMPLATE_DATABASE_ENV, TEST_POSTGRES_URL } from './environment';

interface BuildSupport {
  CHECKED_ENV: string;
  buildIfStale(options: { output: 'pipe' }): { built: boolean; ok: boolean; output: string };
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { buildIfStale, CHECKED_ENV } = require('../../scripts/build-support') as BuildSupport;

/** Suites that run the compiled program (dist/) as a child process. */
const NEEDS_BUILD = [
  'test/e2e/admin-cli.e2e-spec.ts',
  'test/e2e/admin-cli-api-parity.e2e-spec.ts',
  'test/e2e/embedded-start.e2e-spec.ts',
  'test/e2e/graceful-shutdown.e2e-spec.ts',
  'test/e2e/entry-point.e2e-spec.ts',
  'test/e2e/evidence-proof.e2e-spec.ts',
];

/**
 * Migrates one template database per run; every test file clones its own database from it
 * (CREATE DATABASE ... TEMPLATE ...), so files run in parallel and never see each other's rows.
 * When the run includes a suite that needs dist/, compiles it first if a source changed since the last build.
 */
export default async function globalSetup(globalConfig: Config.GlobalConfig): Promise<void> {
  buildWhenNeeded(globalConfig);
  const name = `attest_tpl_${process.pid}_${Date.now().toString(36)}`;
  const admin = new Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  await migrate(databaseUrl(name));
  process.env[TEMPLATE_DATABASE_ENV] = name;
}

function buildWhenNeeded(globalConfig: Config.GlobalConfig): void {
  const patterns = globalConfig.testPathPatterns;
  if (patterns.isSet()) {
    const selected = patterns.toExecutor({ rootDir: globalConfig.rootDir });
    if (!NEEDS_BUILD.some((file) => selected.isMatch(join(globalConfig.rootDir, file)))) return;
  }
  const result = buildIfStale({ output: 'pipe' });
  // Type errors still emit JavaScript; report them and let the suites show what actually breaks.
  if (!result.ok) process.stderr.write(`\nglobal setup: the build reported errors:\n${result.output}\n\n`);
  // The processes the suites spawn inherit this and skip their own staleness check.
  process.env[CHECKED_ENV] = '1';
}
