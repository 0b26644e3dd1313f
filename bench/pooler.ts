/**
 * `npm run bench:pooler`: GET /me and GET /people on the built API three ways, measured in alternating rounds on
 * one small seeded organization (20,000 people):
 *  - direct, named statements (DATABASE_POOLER unset: the hot reads are prepared once per connection);
 *  - direct, DATABASE_NAMED_STATEMENTS=false (the same statements, unnamed: parsed and planned on every run);
 *  - through a PgBouncer of its own in transaction mode, DATABASE_POOLER=transaction.
 * Each way's API CPU, and the CPU of PostgreSQL's backends of the database (and of PgBouncer), per request.
 * Knobs: BENCH_DATABASE_URL (default …/attest_pooler_bench, recreated and dropped), REDIS_URL, BENCH_SECONDS (per
 * round, default 5), BENCH_ROUNDS (default 3), BENCH_CONNECTIONS (default 16), BENCH_POOLER_CORE=1: PgBouncer alone on
 * core 1, and the API, PostgreSQL and the load generator on core 0 for every way, as where the pooler runs on a host
 * or container of its own (otherwise it takes its CPU from the very cores the API and PostgreSQL use).
 * BENCH_POOLER_CORE=client: the API and PostgreSQL alone on core 0, the load generator and PgBouncer on core 1, as in
 * a deployment where the clients and the pooler run on hosts of their own; core 1's busy share is printed, and the
 * figures hold only while it stays under 100 %.
 * BENCH_PGBOUNCER_NAMED=<path of a PgBouncer 1.21+ binary>: a fourth way, through that PgBouncer in transaction mode
 * with `max_prepared_statements` and DATABASE_NAMED_STATEMENTS=true (Debian 12 ships only 1.18; build one from
 * source to compare, see docs/pooler.md). BENCH_PGBOUNCER_SOCKET=<directory>: the poolers reach PostgreSQL through
 * its Unix socket there (a pooler on the database's host) instead of TCP.
 */
import { randomBytes } from 'node:crypto';
import { migrate } from '../src/database/migrate';
import { PgBouncer } from '../test/support/pgbouncer';
import { dropRedisPrefix } from '../test/support/redis-keys';
import { allCores, pinToCores, postgresPids } from './lib/cpu-affinity';
import { freePort, RunningProcess, startBuilt, waitUntilReady } from './lib/api-process';
import { dropDatabase, recreateDatabase, withClient } from './lib/bench-database';
import { seedLargeOrganization } from './lib/large-organization';
import { cpuMsOf, measure, medianOf } from './lib/measure';
import { cpuSpentMs, serverCpuMs } from './lib/server-cpu';

const log = (text = '') => process.stdout.write(`${text}\n`);

interface Way {
  label: string;
  env: Record<string, string>;
  process?: RunningProcess;
  origin?: string;
  /** The pooler it goes through, whose CPU counts with PostgreSQL's. */
  bouncerPid?: number;
}

const shortVersion = (bouncer: PgBouncer) => bouncer.version().replace(/^PgBouncer (\d+\.\d+).*/, 'PgBouncer $1');

async function main(): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/attest_pooler_bench';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
  const pinning =
    process.env.BENCH_POOLER_CORE === 'client' ? 'client' : process.env.BENCH_POOLER_CORE === '1' ? 'pooler' : null;
  const poolerCore = pinning !== null;
  // The load generator's core: shared with PgBouncer (client) or with the API and PostgreSQL (pooler).
  const clientCore = pinning === 'client' ? '1' : '0';
  const upstreamSocketDir = process.env.BENCH_PGBOUNCER_SOCKET || undefined;
  await recreateDatabase(databaseUrl);
  const upstream = { host: new URL(databaseUrl).hostname, port: Number(new URL(databaseUrl).port || 5432) };
  const bouncer = new PgBouncer(upstream, { poolSize: 10, upstreamSocketDir });
  const namedBinary = process.env.BENCH_PGBOUNCER_NAMED;
  const namedBouncer = namedBinary
    ? new PgBouncer(upstream, { poolSize: 10, binary: namedBinary, maxPreparedStatements: 200, upstreamSocketDir })
    : null;
  const runId = randomBytes(4).toString('hex');
  const ways: Way[] = [
    { label: 'direct, named', env: { DATABASE_URL: databaseUrl } },
    { label: 'direct, unnamed', env: { DATABASE_URL: databaseUrl, DATABASE_NAMED_STATEMENTS: 'false' } },
  ];
  try {
    await migrate(databaseUrl);
    const seeded = await withClient(databaseUrl, (client) =>
      seedLargeOrganization(client, { people: 20_000, documents: 100, groups: 20, requests: 50_000 }),
    );
    await bouncer.start();
    await namedBouncer?.start();
    const bouncerPids = [bouncer.pid!, ...(namedBouncer ? [namedBouncer.pid!] : [])];
    if (poolerCore) {
      pinToCores(postgresPids(), '0');
      pinToCores([process.pid], clientCore);
      pinToCores(bouncerPids, '1');
    }
    ways.push({
      label: `${shortVersion(bouncer)} (transaction mode), unnamed`,
      env: { DATABASE_URL: bouncer.url(databaseUrl), DATABASE_POOLER: 'transaction' },
      bouncerPid: bouncer.pid,
    });
    if (namedBouncer) {
      ways.push({
        label: `${shortVersion(namedBouncer)} (transaction mode), named`,
        env: {
          DATABASE_URL: namedBouncer.url(databaseUrl),
          DATABASE_POOLER: 'transaction',
          DATABASE_NAMED_STATEMENTS: 'true',
        },
        bouncerPid: namedBouncer.pid,
      });
    }
    for (const [i, way] of ways.entries()) {
      const port = await freePort();
      way.origin = `http://127.0.0.1:${port}`;
      way.process = startBuilt('dist/src/main.js', {
        ...way.env,
        PORT: String(port),
        APP_URL: way.origin,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: `bench:${runId}:${i}`,
        APP_KEY: randomBytes(32).toString('hex'),
        RATE_LIMIT_PER_MINUTE: '1000000',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
      });
      if (poolerCore) pinToCores([way.process.child.pid!], '0');
      await waitUntilReady(`${way.origin}/health/ready`, way.process);
    }
    for (const path of ['/me', '/people']) {
      const throughput = new Map<string, number[]>(ways.map((way) => [way.label, []]));
      const cpu = new Map<string, number[]>(ways.map((way) => [way.label, []]));
      const p99 = new Map<string, number[]>(ways.map((way) => [way.label, []]));
      const serverCpu = new Map<string, number[]>(ways.map((way) => [way.label, []]));
      const clientCoreBusy = new Map<string, number[]>(ways.map((way) => [way.label, []]));
      for (const way of ways) {
        await measure({
          url: way.origin!,
          token: seeded.token,
          request: { path },
          duration: 2,
          connections,
          expectStatus: 200,
        });
      }
      for (let round = 0; round < rounds; round++) {
        // Alternating order, so a neighbour's load on the shared machine falls on every way alike.
        const order = round % 2 === 0 ? ways : [...ways].reverse();
        for (const way of order) {
          const before = await serverCpuMs(databaseUrl, way.bouncerPid ? [way.bouncerPid] : []);
          const clientBefore = process.cpuUsage();
          const bouncerBefore = way.bouncerPid ? cpuMsOf(way.bouncerPid) : 0;
          const result = await measure({
            url: way.origin!,
            token: seeded.token,
            request: { path },
            duration: seconds,
            connections,
            expectStatus: 200,
            pid: way.process!.child.pid,
          });
          if (Object.keys(result.unexpected).length) {
            throw new Error(`${way.label} GET ${path}: ${JSON.stringify(result.unexpected)}`);
          }
          const clientSpent = process.cpuUsage(clientBefore);
          const bouncerSpent = way.bouncerPid ? cpuMsOf(way.bouncerPid) - bouncerBefore : 0;
          clientCoreBusy
            .get(way.label)!
            .push(((clientSpent.user + clientSpent.system) / 1000 + bouncerSpent) / (result.seconds * 10));
          const after = await serverCpuMs(databaseUrl, way.bouncerPid ? [way.bouncerPid] : []);
          serverCpu.get(way.label)!.push(cpuSpentMs(before, after) / result.requests);
          throughput.get(way.label)!.push(result.requestsPerSecond);
          cpu.get(way.label)!.push(result.cpuMs / result.requests);
          p99.get(way.label)!.push(result.p99);
        }
      }
      log(
        `GET ${path}, ${connections} connections, median of ${rounds} rounds of ${seconds} s` +
          (pinning === 'client'
            ? ', the API and PostgreSQL on core 0, the load generator and PgBouncer on core 1:'
            : pinning === 'pooler'
              ? ', PgBouncer on core 1, the rest on core 0:'
              : ', every process on every core:'),
      );
      const base = medianOf(throughput.get(ways[0].label)!);
      for (const way of ways) {
        const rps = medianOf(throughput.get(way.label)!);
        log(
          `  ${way.label.padEnd(46)} ${rps.toFixed(0).padStart(6)} req/s (${((rps / base) * 100).toFixed(0)} %)` +
            `  p99 ${medianOf(p99.get(way.label)!).toFixed(1)} ms  API CPU ${medianOf(cpu.get(way.label)!).toFixed(3)} ms/req` +
            `  PostgreSQL (+PgBouncer) CPU ${medianOf(serverCpu.get(way.label)!).toFixed(3)} ms/req` +
            (pinning === 'client' ? `  core 1 busy ${medianOf(clientCoreBusy.get(way.label)!).toFixed(0)} %` : ''),
        );
      }
    }
  } finally {
    if (poolerCore) pinToCores(postgresPids(), allCores());
    for (const way of ways) await way.process?.stop();
    for (const [i] of ways.entries()) await dropRedisPrefix(redisUrl, `bench:${runId}:${i}`).catch(() => undefined);
    await bouncer.stop();
    await namedBouncer?.stop();
    await dropDatabase(databaseUrl);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:pooler failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
