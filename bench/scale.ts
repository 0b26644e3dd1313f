/**
 * `BENCH_SCALE=10 npm run bench`: the list scenarios against a 1x organization (100,000 people, 500,000 requests)
 * and a 10x one (1,000,000 people, 5,000,000 requests) in one database, on one API, at 16 connections, the two
 * organizations measured in alternating rounds. Per scenario: p99, throughput, the API's and PostgreSQL's CPU per
 * request (the backends of the database), and the 10x figures over the 1x ones against the targets (PostgreSQL CPU
 * per request within 1.2x, p99 within 1.5x); the API's peak RSS. The database (BENCH_SCALE_DATABASE_URL, default
 * …/attest_bench_scale) is seeded once and kept: seeding the 10x organization takes minutes; BENCH_SCALE_DROP=1
 * drops it at the end. Scenarios that pick ids from the database (a person, a document, a group) are left out: their
 * picks are not per organization.
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { newId } from '@lib/core';
import { migrate } from '../src/database/migrate';
import { hashToken, TOKEN_PREFIX } from '../src/identity/domain/api-token';
import { dropRedisPrefix } from '../test/support/redis-keys';
import { freePort, startBuilt, waitUntilReady } from './lib/api-process';
import { databaseName, dropDatabase, withClient } from './lib/bench-database';
import { LARGE_ORGANIZATION, seedLargeOrganization, TEN_TIMES_ORGANIZATION } from './lib/large-organization';
import { measure, medianOf, rssMbOf } from './lib/measure';
import { cpuSpentMs, serverCpuMs } from './lib/server-cpu';
import type { BenchContext, Scenario } from './scenario';

const log = (text = '') => process.stdout.write(`${text}\n`);

/** The scenario files measured at both scales: lists whose request needs nothing picked from the database. */
const SCALE_SCENARIOS = [
  '00-me',
  '01-people-name-filter',
  '02-people-deep-page',
  '03-documents-page',
  '04-people.ts',
  '04-requests-first-page-16',
  '05-people-email-filter',
  '05-requests-deep-page-16',
  '06-people-phone-filter',
  '07-people-archived',
  '08-groups',
  '08-requests-status',
  '09-requests-source',
  '15-events-16',
];

const ORGANIZATIONS = [
  { label: '1x', name: 'Scale 1x', size: LARGE_ORGANIZATION },
  { label: '10x', name: 'Scale 10x', size: TEN_TIMES_ORGANIZATION },
];

interface Organization {
  label: string;
  organizationId: string;
  token: string;
}

/** Both organizations with a fresh owner token each: seeded when the database does not hold them yet. */
async function prepareOrganizations(url: string): Promise<Organization[]> {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  await withClient(admin.toString(), async (client) => {
    const { rowCount } = await client.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [databaseName(url)]);
    if (!rowCount) await client.query(`CREATE DATABASE ${databaseName(url)}`);
  });
  await migrate(url);
  return withClient(url, async (client) => {
    const organizations: Organization[] = [];
    for (const { label, name, size } of ORGANIZATIONS) {
      const found = await client.query(`SELECT id FROM organizations WHERE name = $1`, [name]);
      if (found.rowCount === 0) {
        log(`Seeding the ${label} organization…`);
        const seeded = await seedLargeOrganization(client, size, name);
        log(`  ${seeded.seconds} s: ${JSON.stringify(seeded.rows)}`);
        for (const { step, seconds } of seeded.steps) log(`    ${step}: ${seconds} s`);
        organizations.push({ label, organizationId: seeded.organizationId, token: seeded.token });
      } else {
        organizations.push({
          label,
          organizationId: found.rows[0].id,
          token: await newOwnerToken(client, found.rows[0].id),
        });
      }
    }
    return organizations;
  });
}

async function newOwnerToken(client: Client, organizationId: string): Promise<string> {
  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  await client.query(
    `INSERT INTO api_tokens (id, organization_id, user_id, created_by_user_id, name, token_hash, created_at)
     SELECT $1, organization_id, user_id, user_id, 'bench', $3, now() FROM organization_memberships
     WHERE organization_id = $2 AND role = 'owner' LIMIT 1`,
    [newId(), organizationId, hashToken(token)],
  );
  return token;
}

export async function runScaleBench(loadScenarios: () => { file: string; scenario: Scenario }[]): Promise<void> {
  const url = process.env.BENCH_SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/attest_bench_scale';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const seconds = Number(process.env.BENCH_SECONDS ?? 3);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
  const connections = 16;
  const scenarios = loadScenarios().filter(({ file }) => SCALE_SCENARIOS.some((name) => file.startsWith(name)));
  const organizations = await prepareOrganizations(url);
  const prefix = `bench:scale:${randomBytes(4).toString('hex')}`;
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const appKey = randomBytes(32).toString('hex');
  const api = startBuilt('dist/src/main.js', {
    DATABASE_URL: url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    APP_KEY: appKey,
    RATE_LIMIT_PER_MINUTE: '1000000',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    PORT: String(port),
    APP_URL: origin,
  });
  const sql = new Client({ connectionString: url });
  await sql.connect();
  const lines = [
    '| request | 1x p99 ms | 10x p99 ms | p99 10x÷1x | 1x PG CPU ms/req | 10x PG CPU ms/req | PG CPU 10x÷1x | req/s 10x÷1x |',
    '|---|---|---|---|---|---|---|---|',
  ];
  const over: string[] = [];
  try {
    await waitUntilReady(`${origin}/health/ready`, api);
    for (const { scenario } of scenarios) {
      const figures = new Map<string, { p99: number[]; pgCpu: number[]; rps: number[] }>();
      const requests = new Map<string, Awaited<ReturnType<Scenario['request']>>>();
      for (const organization of organizations) {
        const context: BenchContext = {
          apiUrl: `${origin}/api/v1`,
          token: organization.token,
          organizationId: organization.organizationId,
          databaseUrl: url,
          appKey,
          apiPid: api.child.pid!,
          sql: async (text, params) => (await sql.query(text, params)).rows,
        };
        requests.set(organization.label, await scenario.request(context));
        figures.set(organization.label, { p99: [], pgCpu: [], rps: [] });
        await measure({
          url: origin,
          token: organization.token,
          request: requests.get(organization.label)!,
          duration: 2,
          connections,
          expectStatus: scenario.expectStatus ?? 200,
        });
      }
      for (let round = 0; round < rounds; round++) {
        for (const organization of round % 2 === 0 ? organizations : [...organizations].reverse()) {
          const before = await serverCpuMs(url);
          const result = await measure({
            url: origin,
            token: organization.token,
            request: requests.get(organization.label)!,
            duration: seconds,
            connections,
            expectStatus: scenario.expectStatus ?? 200,
            pid: api.child.pid,
          });
          const spent = cpuSpentMs(before, await serverCpuMs(url));
          if (Object.keys(result.unexpected).length) {
            throw new Error(`${scenario.name} (${organization.label}): ${JSON.stringify(result.unexpected)}`);
          }
          const mine = figures.get(organization.label)!;
          mine.p99.push(result.p99);
          mine.pgCpu.push(spent / result.requests);
          mine.rps.push(result.requestsPerSecond);
        }
      }
      const [one, ten] = ['1x', '10x'].map((label) => {
        const f = figures.get(label)!;
        return { p99: medianOf(f.p99), pgCpu: medianOf(f.pgCpu), rps: medianOf(f.rps) };
      });
      const p99Ratio = ten.p99 / one.p99;
      const cpuRatio = ten.pgCpu / one.pgCpu;
      const line =
        `| \`${scenario.name}\` | ${one.p99.toFixed(1)} | ${ten.p99.toFixed(1)} | ${p99Ratio.toFixed(2)} | ` +
        `${one.pgCpu.toFixed(3)} | ${ten.pgCpu.toFixed(3)} | ${cpuRatio.toFixed(2)} | ${(ten.rps / one.rps).toFixed(2)} |`;
      lines.push(line);
      log(line);
      if (cpuRatio > 1.2)
        over.push(`${scenario.name}: PostgreSQL CPU per request ${cpuRatio.toFixed(2)}x (target 1.2x)`);
      if (p99Ratio > 1.5) over.push(`${scenario.name}: p99 ${p99Ratio.toFixed(2)}x (target 1.5x)`);
    }
    lines.push('', `API peak RSS (VmHWM): ${rssMbOf(api.child.pid!, 'VmHWM').toFixed(0)} MB.`);
    log();
    log('## 1x and 10x, 16 connections, alternating');
    for (const line of lines) log(line);
    for (const line of over) log(`OVER TARGET: ${line}`);
  } finally {
    await sql.end();
    await api.stop();
    await dropRedisPrefix(redisUrl, prefix);
    if (process.env.BENCH_SCALE_DROP === '1') await dropDatabase(url);
  }
}
