/**
 * Where the time of a bulk issue goes, for one or more builds side by side in the same run:
 * `node -r ts-node/register/transpile-only -r tsconfig-paths/register bench/profile-issuing.ts [dir ...]`
 * For each build directory (default: this checkout), a database of its own migrated by that build's migrations,
 * its built API (no worker, no SMTP: only the call is timed), then alternately per round: a 100-person add into a
 * 20-document auto-issuing group (2,000 requests) and, unless PROFILE_DOCUMENTS=0, 20 documents into a group of
 * 1,000 members (20,000 requests). Prints the response times per build, and with PROFILE_FUNCTIONS=1 the
 * PL/pgSQL functions' time (track_functions) per call. PROFILE_AUTO_EXPLAIN=<ms> logs the plans of nested
 * statements slower than that to the server's log (auto_explain); PROFILE_LOG=1 logs every statement's duration
 * there (log_min_duration_statement = 0); PROFILE_CPU=<dir> profiles the APIs.
 * Knobs: PROFILE_ROUNDS (3), PROFILE_DATABASE_URL (a base name, suffixed _0, _1… per build), REDIS_URL.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { newId } from '@lib/core';
import { freePort, RunningProcess, startBuilt, waitUntilReady } from './lib/api-process';
import { dropDatabase, recreateDatabase } from './lib/bench-database';
import { dropRedisPrefix } from '../test/support/redis-keys';
import { DOCUMENTS, PEOPLE, Seed, seedOrganization, seedRound } from './lib/group-add-seed';
import { medianOf } from './lib/measure';

const log = (text = '') => process.stdout.write(`${text}\n`);
const MEMBERS = 1_000;

interface Target {
  dir: string;
  url: string;
  client: Client;
  api: RunningProcess;
  appUrl: string;
  seed: Seed;
  times: Record<string, number[]>;
}

async function seedMembersRound(client: Client, seed: Seed, round: number): Promise<string> {
  const groupId = newId();
  await client.query(
    `INSERT INTO groups (id, organization_id, name, auto_issue_requests, created_at, updated_at) VALUES ($1, $2, $3, true, now(), now())`,
    [groupId, seed.organizationId, `Members ${round}`],
  );
  const ids = Array.from({ length: MEMBERS }, () => newId());
  await client.query(
    `INSERT INTO people (id, organization_id, first_name, last_name, email, source, created_at, updated_at)
     SELECT id, $1, 'Member', 'Bench', 'm.' || id || '@example.test', 'oauth', now(), now() FROM unnest($2::varchar[]) AS p (id)`,
    [seed.organizationId, ids],
  );
  await client.query(
    `INSERT INTO group_memberships (group_id, person_id, organization_id, created_at)
     SELECT $1, id, $2, now() FROM unnest($3::varchar[]) AS p (id)`,
    [groupId, seed.organizationId, ids],
  );
  await client.query('ANALYZE');
  return groupId;
}

const TICK_MS = 10; // USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s

function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0; // gone meanwhile
  }
}

/** CPU time so far of the API process and of every PostgreSQL backend connected to the target's database. */
async function cpuOf(target: Target): Promise<{ api: number; database: Map<number, number> }> {
  const { rows } = await target.client.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database()`,
  );
  return {
    api: cpuMsOf(target.api.child.pid!),
    database: new Map(rows.map(({ pid }) => [pid, cpuMsOf(pid)])),
  };
}

async function post(target: Target, path: string, body: unknown): Promise<number> {
  const cpuBefore = await cpuOf(target);
  const started = performance.now();
  const response = await fetch(`${target.appUrl}/api/v1${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${target.seed.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  const elapsed = performance.now() - started;
  const cpuAfter = await cpuOf(target);
  let databaseMs = 0;
  for (const [pid, ms] of cpuAfter.database) databaseMs += ms - (cpuBefore.database.get(pid) ?? 0);
  const key = path.endsWith('/people') ? 'people add' : 'documents add';
  (target.times[`${key} CPU: API`] ??= []).push(cpuAfter.api - cpuBefore.api);
  (target.times[`${key} CPU: PostgreSQL`] ??= []).push(databaseMs);
  if (response.status !== 200) {
    log(`${target.dir}: ${path} answered ${response.status} after ${elapsed.toFixed(0)} ms`);
    log(target.api.output().slice(-3000));
    return Number.NaN;
  }
  return elapsed;
}

async function main(): Promise<void> {
  const dirs = (process.argv.slice(2).length ? process.argv.slice(2) : [join(__dirname, '..')]).map((d) => resolve(d));
  const base = process.env.PROFILE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_issue_path_profile';
  const rounds = Number(process.env.PROFILE_ROUNDS ?? 3);
  const withDocuments = process.env.PROFILE_DOCUMENTS !== '0';
  const withGroupAdd = process.env.PROFILE_GROUP_ADD !== '0';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redisPrefix = `bench:${randomBytes(4).toString('hex')}`;
  const targets: Target[] = [];
  try {
    for (const [index, dir] of dirs.entries()) {
      const url = `${base}_${index}`;
      await recreateDatabase(url);
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { migrate } = require(join(dir, 'dist/src/database/migrate.js')) as {
        migrate(url: string): Promise<string[]>;
      };
      await migrate(url);
      const name = new URL(url).pathname.slice(1);
      const admin = new Client({ connectionString: url });
      await admin.connect();
      if (process.env.PROFILE_FUNCTIONS === '1') await admin.query(`ALTER DATABASE ${name} SET track_functions = 'pl'`);
      // Every statement's duration, without auto_explain's instrumentation: where the call's wall time goes.
      if (process.env.PROFILE_LOG === '1')
        await admin.query(`ALTER DATABASE ${name} SET log_min_duration_statement = 0`);
      if (process.env.PROFILE_AUTO_EXPLAIN) {
        for (const setting of [
          `session_preload_libraries = 'auto_explain'`,
          `auto_explain.log_min_duration = '${process.env.PROFILE_AUTO_EXPLAIN}ms'`,
          `auto_explain.log_nested_statements = on`,
          `auto_explain.log_analyze = on`,
          `auto_explain.log_triggers = on`,
          `auto_explain.log_buffers = on`,
        ])
          await admin.query(`ALTER DATABASE ${name} SET ${setting}`);
      }
      await admin.end();
      const client = new Client({ connectionString: url });
      await client.connect();
      const port = await freePort();
      const appUrl = `http://127.0.0.1:${port}`;
      const profileDir = process.env.PROFILE_CPU;
      const api = startBuilt(
        'dist/src/main.js',
        {
          PORT: String(port),
          APP_URL: appUrl,
          DATABASE_URL: url,
          REDIS_URL: redisUrl,
          REDIS_PREFIX: `${redisPrefix}:${index}`,
          APP_KEY: randomBytes(32).toString('hex'),
          RATE_LIMIT_PER_MINUTE: '1000000',
          LOG_LEVEL: 'warn',
          NODE_ENV: 'production',
          ...(process.env.PROFILE_AUTO_EXPLAIN && { DATABASE_STATEMENT_TIMEOUT_MS: '120000' }),
          ...(profileDir && { BENCH_CPU_PROFILE: resolve(profileDir, String(index)) }),
        },
        { cwd: dir, nodeArgs: profileDir ? ['-r', join(__dirname, 'lib', 'cpu-profile.js')] : [] },
      );
      await waitUntilReady(`${appUrl}/health/ready`, api);
      const seed = await seedOrganization(client);
      targets.push({ dir, url, client, api, appUrl, seed, times: {} });
    }
    const record = (target: Target, key: string, value: number) => (target.times[key] ??= []).push(value);
    for (let round = 1; round <= rounds; round++) {
      for (const target of targets) {
        if (withGroupAdd) {
          const { groupId, people } = await seedRound(target.client, target.seed, round);
          await target.client.query('ANALYZE');
          const took = await post(target, `/groups/${groupId}/people`, { person_ids: people.map((p) => p.id) });
          record(target, `people add ${PEOPLE}x${DOCUMENTS}`, took);
        }
        if (withDocuments) {
          const groupId = await seedMembersRound(target.client, target.seed, round);
          const took = await post(target, `/groups/${groupId}/documents`, { document_ids: target.seed.documentIds });
          record(target, `documents add ${DOCUMENTS}x${MEMBERS}`, took);
        }
        log(
          `round ${round} ${target.dir}: ${Object.entries(target.times)
            .map(([k, v]) => `${k} ${v[v.length - 1].toFixed(0)} ms`)
            .join(', ')}`,
        );
      }
    }
    log();
    for (const target of targets) {
      log(`## ${target.dir}`);
      for (const [key, values] of Object.entries(target.times))
        log(`${key}: median ${medianOf(values).toFixed(0)} ms (${values.map((v) => v.toFixed(0)).join(', ')})`);
      if (process.env.PROFILE_FUNCTIONS === '1') {
        const { rows } = await target.client.query(
          `SELECT funcname, calls, round(total_time::numeric, 1) AS total_ms, round(self_time::numeric, 1) AS self_ms
             FROM pg_stat_user_functions ORDER BY total_time DESC LIMIT 15`,
        );
        for (const row of rows)
          log(`  ${row.funcname}: ${row.calls} calls, total ${row.total_ms} ms, self ${row.self_ms} ms`);
      }
    }
  } finally {
    for (const target of targets) {
      await target.api.stop();
      await target.client.end();
      if (process.env.PROFILE_KEEP !== '1') await dropDatabase(target.url);
    }
    await dropRedisPrefix(redisUrl, redisPrefix);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(
      `profile failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
