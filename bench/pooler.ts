/**
 * `npm run bench:pooler`: GET /me and GET /people on the built API three ways, measured in alternating rounds on
 * one small seeded organization (20,000 people):
 *  - direct, named statements (DATABASE_POOLER unset: the hot reads are prepared once per connection);
 *  - direct, DATABASE_NAMED_STATEMENTS=false (the same statements, unnamed: parsed and planned on every run);
 *  - through a PgBouncer of its own in transaction mode, DATABASE_POOLER=transaction.
 * Each way's API CPU, and the CPU of PostgreSQL's backends of the database (and of PgBouncer), per request.
 * Knobs: BENCH_DATABASE_URL (default …/attest_pooler_bench, recreated and dropped), REDIS_URL, BENCH_SECONDS (per
 * round, default 5), BENCH_ROUNDS (default 3), BENCH_CONNECTIONS (default 16).
 */
import { randomBytes } from 'node:crypto';
import { migrate } from '../src/database/migrate';
import { PgBouncer } from '../test/support/pgbouncer';
import { dropRedisPrefix } from '../test/support/redis-keys';
import { freePort, RunningProcess, startBuilt, waitUntilReady } from './lib/api-process';
import { dropDatabase, recreateDatabase, withClient } from './lib/bench-database';
import { seedLargeOrganization } from './lib/large-organization';
import { measure, medianOf } from './lib/measure';
import { cpuSpentMs, serverCpuMs } from './lib/server-cpu';

const log = (text = '') => process.stdout.write(`${text}\n`);

interface Way {
  label: string;
  env: Record<string, string>;
  process?: RunningProcess;
  origin?: string;
}

async function main(): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/attest_pooler_bench';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
  await recreateDatabase(databaseUrl);
  const bouncer = new PgBouncer(
    { host: new URL(databaseUrl).hostname, port: Number(new URL(databaseUrl).port || 5432) },
    {
      poolSize: 10,
    },
  );
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
    ways.push({
      label: 'PgBouncer 1.18 (transaction mode), unnamed',
      env: { DATABASE_URL: bouncer.url(databaseUrl), DATABASE_POOLER: 'transaction' },
    });
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
      await waitUntilReady(`${way.origin}/health/ready`, way.process);
    }
    for (const path of ['/me', '/people']) {
      const throughput = new Map<string, number[]>(ways.map((way) => [way.label, []]));
      const cpu = new Map<string, number[]>(ways.map((way) => [way.label, []]));
      const p99 = new Map<string, number[]>(ways.map((way) => [way.label, []]));
      const serverCpu = new Map<string, number[]>(ways.map((way) => [way.label, []]));
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
          const before = await serverCpuMs(databaseUrl, way === ways[2] && bouncer.pid ? [bouncer.pid] : []);
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
          const after = await serverCpuMs(databaseUrl, way === ways[2] && bouncer.pid ? [bouncer.pid] : []);
          serverCpu.get(way.label)!.push(cpuSpentMs(before, after) / result.requests);
          throughput.get(way.label)!.push(result.requestsPerSecond);
          cpu.get(way.label)!.push(result.cpuMs / result.requests);
          p99.get(way.label)!.push(result.p99);
        }
      }
      log(`GET ${path}, ${connections} connections, median of ${rounds} rounds of ${seconds} s:`);
      const base = medianOf(throughput.get(ways[0].label)!);
      for (const way of ways) {
        const rps = medianOf(throughput.get(way.label)!);
        log(
          `  ${way.label.padEnd(46)} ${rps.toFixed(0).padStart(6)} req/s (${((rps / base) * 100).toFixed(0)} %)` +
            `  p99 ${medianOf(p99.get(way.label)!).toFixed(1)} ms  API CPU ${medianOf(cpu.get(way.label)!).toFixed(3)} ms/req` +
            `  PostgreSQL (+PgBouncer) CPU ${medianOf(serverCpu.get(way.label)!).toFixed(3)} ms/req`,
        );
      }
    }
  } finally {
    for (const way of ways) await way.process?.stop();
    for (const [i] of ways.entries()) await dropRedisPrefix(redisUrl, `bench:${runId}:${i}`).catch(() => undefined);
    await bouncer.stop();
    await dropDatabase(databaseUrl);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:pooler failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
