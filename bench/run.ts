/**
 * `npm run bench`: the whole benchmark, end to end, stopping by itself.
 *  1. recreates its own database (BENCH_DATABASE_URL, default …/attest_bench), migrates it and seeds one large
 *     organization (100,000 people, 1,000 documents with revisions, 200 groups, 500,000 attestation requests);
 *  2. starts the built API (dist/src/main.js, as `npm run start:prod` does) on a free port, with the rate limit
 *     raised;
 *  3. for each file in bench/scenarios/ (name order): a warm-up, then autocannon; prints median/p90/p99 and the
 *     EXPLAIN ANALYZE plan of every SELECT behind one request;
 *  4. stops the API and drops the database (BENCH_KEEP_DATABASE=1 keeps it; BENCH_REUSE_DATABASE=1 skips the
 *     seeding when the database already holds a seeded organization).
 * Other knobs: REDIS_URL (default redis://127.0.0.1:6379), BENCH_REQUESTS (default 200), BENCH_ONLY=<text>
 * (only scenarios whose name or file contains it).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { newId } from '@lib/common';
import { migrate } from '../src/database/migrate';
import { hashToken, TOKEN_PREFIX } from '../src/identity/domain/api-token';
import { freePort, RunningProcess, startBuilt, waitUntilReady } from './lib/api-process';
import { dropDatabase, recreateDatabase, withClient } from './lib/bench-database';
import { explainQueries } from './lib/explain';
import { seedLargeOrganization } from './lib/large-organization';
import { measure, Measurement } from './lib/measure';
import type { BenchContext, Scenario } from './scenario';

const ROOT = join(__dirname, '..');
const WARM_UP_REQUESTS = 20;

const log = (text = '') => process.stdout.write(`${text}\n`);
const ms = (value: number) => `${value.toFixed(2)} ms`;

function loadScenarios(): { file: string; scenario: Scenario }[] {
  const only = process.env.BENCH_ONLY;
  const directory = join(__dirname, 'scenarios');
  return readdirSync(directory)
    .filter((file) => /\.(ts|js)$/.test(file) && !file.endsWith('.d.ts'))
    .sort()
    .map((file) => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const loaded = require(join(directory, file)) as { default?: Scenario };
      if (!loaded.default?.name) throw new Error(`bench/scenarios/${file} has no default export from defineScenario()`);
      return { file, scenario: loaded.default };
    })
    .filter(({ file, scenario }) => !only || file.includes(only) || scenario.name.includes(only));
}

/** The seeded organization and an owner token for it: seeds a fresh database, or reuses one if asked. */
async function prepareDatabase(url: string): Promise<{ organizationId: string; token: string }> {
  if (process.env.BENCH_REUSE_DATABASE === '1') {
    await migrate(url).catch(() => undefined);
    const reused = await withClient(url, (client) => reuseSeededOrganization(client)).catch(() => null);
    if (reused) {
      log(`Reusing the seeded organization ${reused.organizationId} in ${new URL(url).pathname.slice(1)}.`);
      return reused;
    }
  }
  await recreateDatabase(url);
  await migrate(url);
  log('Seeding the large organization…');
  const seeded = await withClient(url, (client) => seedLargeOrganization(client));
  log(
    `Seeded in ${seeded.seconds} s: ${Object.entries(seeded.rows)
      .map(([table, n]) => `${n} ${table}`)
      .join(', ')}`,
  );
  for (const { step, seconds } of seeded.steps) log(`  ${step}: ${seconds} s`);
  return seeded;
}

/** The organization with the most people gets a new owner token (the plaintext of the seed's is not kept). */
async function reuseSeededOrganization(client: Client): Promise<{ organizationId: string; token: string } | null> {
  const { rows } = await client.query(
    `SELECT t.organization_id, t.user_id FROM api_tokens t
     WHERE t.organization_id = (SELECT organization_id FROM people GROUP BY organization_id ORDER BY count(*) DESC LIMIT 1)
     LIMIT 1`,
  );
  if (rows.length === 0) return null;
  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  await client.query(
    `INSERT INTO api_tokens (id, organization_id, user_id, created_by_user_id, name, token_hash, created_at)
     VALUES ($1, $2, $3, $3, 'bench', $4, now())`,
    [newId(), rows[0].organization_id, rows[0].user_id, hashToken(token)],
  );
  return { organizationId: rows[0].organization_id, token };
}

async function main(): Promise<void> {
  const entry = 'dist/src/main.js';
  if (!existsSync(join(ROOT, entry)))
    throw new Error(`${entry} is missing: run npm run build first (npm run bench does)`);
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/attest_bench';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const scenarios = loadScenarios();
  const amountDefault = Number(process.env.BENCH_REQUESTS ?? 200);
  if (!Number.isInteger(amountDefault) || amountDefault < 100)
    throw new Error('BENCH_REQUESTS must be a whole number ≥ 100');

  const { organizationId, token } = await prepareDatabase(databaseUrl);
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  let api: RunningProcess | undefined;
  const results: { scenario: Scenario; measurement: Measurement }[] = [];
  const failures: string[] = [];
  const sqlClient = new Client({ connectionString: databaseUrl });
  await sqlClient.connect();
  try {
    api = startBuilt(entry, {
      PORT: String(port),
      APP_URL: appUrl,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `bench:${randomBytes(4).toString('hex')}`,
      APP_KEY: randomBytes(32).toString('hex'),
      RATE_LIMIT_PER_MINUTE: '1000000',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      NODE_ENV: 'production',
    });
    await waitUntilReady(`${appUrl}/health/ready`, api);
    log(`API (${entry}) ready on ${appUrl}, Node ${process.version}.`);

    const context: BenchContext = {
      apiUrl: `${appUrl}/api/v1`,
      token,
      organizationId,
      databaseUrl,
      apiPid: api.child.pid!,
      sql: async (text, params) => (await sqlClient.query(text, params)).rows,
    };
    for (const { scenario } of scenarios) {
      const request = await scenario.request(context);
      const options = {
        url: appUrl,
        token,
        request,
        expectStatus: scenario.expectStatus ?? 200,
      };
      await measure({ ...options, amount: scenario.warmUp ?? WARM_UP_REQUESTS, connections: 1 });
      const observed = await scenario.observe?.before(context);
      const measurement = await measure({
        ...options,
        amount: scenario.requests ?? amountDefault,
        connections: scenario.connections ?? 1,
      });
      const observations = (await scenario.observe?.after(context, observed)) ?? { lines: [], failures: [] };
      if (scenario.maxMedianMs !== undefined && measurement.median > scenario.maxMedianMs) {
        observations.failures.push(`median ${ms(measurement.median)} is over ${scenario.maxMedianMs} ms`);
      }
      failures.push(...observations.failures.map((failure) => `${scenario.name}: ${failure}`));
      results.push({ scenario, measurement });
      log();
      log(`## ${scenario.name}`);
      log(
        `${measurement.requests} requests, ${scenario.connections ?? 1} connection(s): median ${ms(measurement.median)}, ` +
          `p90 ${ms(measurement.p90)}, p99 ${ms(measurement.p99)}, max ${ms(measurement.max)}, ` +
          `${measurement.requestsPerSecond.toFixed(0)} req/s`,
      );
      if (Object.keys(measurement.unexpected).length > 0) {
        log(`UNEXPECTED STATUSES: ${JSON.stringify(measurement.unexpected)}`);
      }
      for (const line of observations.lines) log(line);
      for (const failure of observations.failures) log(`REQUIREMENT NOT MET: ${failure}`);
      if (scenario.queries) {
        const explained = await explainQueries(databaseUrl, (db) => scenario.queries!(db, context));
        for (const [index, query] of explained.entries()) {
          log();
          log(`### Query ${index + 1} of ${explained.length}`);
          log(query.sql.replace(/\s+/g, ' '));
          log(`-- parameters: ${JSON.stringify(query.parameters)}`);
          log(query.plan);
        }
      }
    }
  } finally {
    await sqlClient.end();
    await api?.stop();
    if (process.env.BENCH_KEEP_DATABASE !== '1' && process.env.BENCH_REUSE_DATABASE !== '1')
      await dropDatabase(databaseUrl);
  }

  log();
  log('## Summary');
  log('| scenario | requests | median | p90 | p99 |');
  log('|---|---|---|---|---|');
  for (const { scenario, measurement } of results) {
    log(
      `| ${scenario.name} | ${measurement.requests} | ${ms(measurement.median)} | ${ms(measurement.p90)} | ${ms(measurement.p99)} |`,
    );
  }
  if (results.some(({ measurement }) => Object.keys(measurement.unexpected).length > 0)) {
    throw new Error('some responses had an unexpected status (see above)');
  }
  if (failures.length > 0) throw new Error(`requirements not met:\n${failures.join('\n')}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
