/**
 * The webhooks part of `npm run bench` (also `npm run bench:webhooks`): a group add of 100 people into a group of 20
 * published, auto-issuing documents (2,000 requests, so 2,000 `attestation_request.created` events, and one
 * `group.members_added`) in an organization with 3 webhook endpoints taking every type, i.e. 6,003 deliveries, of
 * which the 6,000th is timed. Measures the add's response time,
 * and the time until the 6,000th delivery reached a local receiver (one HTTP server in this process, answering 204;
 * the deliveries are counted by webhook-id per endpoint, so a repeat is not counted twice). Each round first makes
 * the same add in an organization without endpoints, for comparison (both organizations grow alike), and every add
 * starts once the previous one's emails and deliveries are all recorded. The built API and worker run as separate processes, as in production.
 *
 * BENCH_BASELINE=<dir> runs another checkout's build (its own API, worker, database and migrations) in the same
 * rounds, alternating with this one, so before and after are measured under the same load.
 * The comparison is the median of each round's ratio (the add with endpoints against the add without, made one
 * after the other under the same load): with 3 rounds the ratio of the two medians read from -22 % to +25 % for the
 * same build, where 8 rounds' pairs differed by -4 %.
 * Knobs: BENCH_ROUNDS (default 7), BENCH_WEBHOOK_DATABASE_URL (the baseline's database gets the suffix `_before`),
 * REDIS_URL, BENCH_KEEP_DATABASE=1, BENCH_BASELINE_LABEL (how the table names the baseline, e.g. its commit),
 * BENCH_CPU_PROFILE=<dir> (profiles of the API and the worker of each build), BENCH_WRITE_README=0 (leave the
 * webhook table of docs/benchmark.md alone).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Client } from 'pg';
import { migrate } from '../src/database/migrate';
import { freePort, RunningProcess, startBuilt, waitUntilReady } from './lib/api-process';
import { dropDatabase, recreateDatabase } from './lib/bench-database';
import { dropRedisPrefix } from '../test/support/redis-keys';
import { seedOrganization, seedRound, Seed } from './lib/group-add-seed';
import { medianOf } from './lib/measure';

const ROOT = join(__dirname, '..');
const ENDPOINTS = 3;
const DELIVERIES = 2_000 * ENDPOINTS;
const README_BEGIN = '<!-- bench:webhooks:begin -->';
const README_END = '<!-- bench:webhooks:end -->';
const log = (text = '') => process.stdout.write(`${text}\n`);

/** Receives webhooks on /<build>/<n> and counts distinct event ids per path. */
async function startReceiver(): Promise<{
  url: string;
  distinct: () => number;
  /** When (performance.now()) the nth distinct delivery arrived, 1-based. */
  arrival: (n: number) => number;
  close: () => Promise<void>;
}> {
  const seen = new Set<string>();
  const arrivals: number[] = [];
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const key = `${request.url} ${String(request.headers['webhook-id'])}`;
      if (!seen.has(key)) arrivals.push(performance.now());
      seen.add(key);
      response.writeHead(204).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((ready) => server.once('listening', ready));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    distinct: () => seen.size,
    arrival: (n: number) => arrivals[n - 1],
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done(undefined));
      }),
  };
}

interface Build {
  name: 'after' | 'before';
  dir: string;
  databaseUrl: string;
  api?: RunningProcess;
  worker?: RunningProcess;
  client?: Client;
  appUrl?: string;
  /** The organization without endpoints, and the one with 3. */
  seed?: Seed;
  hooked?: Seed;
  plain: number[];
  subscribed: { response: number; delivered: number }[];
}

export async function runWebhookBench(): Promise<void> {
  const baselineDir = process.env.BENCH_BASELINE;
  const databaseUrl =
    process.env.BENCH_WEBHOOK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/attest_bench_webhooks';
  const builds: Build[] = [{ name: 'after', dir: ROOT, databaseUrl, plain: [], subscribed: [] }];
  if (baselineDir) {
    const url = new URL(databaseUrl);
    url.pathname = `${url.pathname}_before`;
    builds.push({ name: 'before', dir: baselineDir, databaseUrl: url.toString(), plain: [], subscribed: [] });
  }
  for (const build of builds) {
    for (const entry of ['dist/src/main.js', 'dist/src/worker.js', 'dist/src/database/migrate.js']) {
      if (!existsSync(join(build.dir, entry))) throw new Error(`${join(build.dir, entry)} is missing: build it first`);
    }
  }
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const rounds = Number(process.env.BENCH_ROUNDS ?? 7);
  const profileDir = process.env.BENCH_CPU_PROFILE;
  const receiver = await startReceiver();
  const runId = randomBytes(4).toString('hex');
  try {
    for (const build of builds) {
      await recreateDatabase(build.databaseUrl);
      if (build.dir === ROOT) await migrate(build.databaseUrl);
      else {
        const migrated = spawnSync(process.execPath, [join(build.dir, 'dist/src/database/migrate.js')], {
          cwd: build.dir,
          env: { ...process.env, DATABASE_URL: build.databaseUrl },
          encoding: 'utf8',
        });
        if (migrated.status !== 0) throw new Error(`migrating ${build.name}: ${migrated.stderr}`);
      }
      build.client = new Client({ connectionString: build.databaseUrl });
      await build.client.connect();
      const port = await freePort();
      build.appUrl = `http://127.0.0.1:${port}`;
      const env = {
        PORT: String(port),
        WORKER_PORT: String(await freePort()),
        APP_URL: build.appUrl,
        DATABASE_URL: build.databaseUrl,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: `bench:${runId}:${build.name}`,
        APP_KEY: randomBytes(32).toString('hex'),
        RATE_LIMIT_PER_MINUTE: '1000000',
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
        NODE_ENV: 'production',
      };
      const profiled = (role: string): { env: Record<string, string>; nodeArgs: string[] } =>
        profileDir
          ? {
              env: { BENCH_CPU_PROFILE: profileDir, BENCH_CPU_PROFILE_NAME: `${build.name}-${role}` },
              nodeArgs: ['-r', join(__dirname, 'lib', 'cpu-profile.js')],
            }
          : { env: {}, nodeArgs: [] };
      build.api = startBuilt(
        'dist/src/main.js',
        { ...env, ...profiled('api').env },
        { cwd: build.dir, nodeArgs: profiled('api').nodeArgs },
      );
      build.worker = startBuilt(
        'dist/src/worker.js',
        { ...env, ...profiled('worker').env },
        { cwd: build.dir, nodeArgs: profiled('worker').nodeArgs },
      );
      await waitUntilReady(`${build.appUrl}/health/ready`, build.api);
      build.seed = await seedOrganization(build.client);
      build.hooked = await seedOrganization(build.client);
    }

    const post = async (build: Build, seed: Seed, path: string, body: object) => {
      const response = await fetch(`${build.appUrl}/api/v1${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${seed.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      if (response.status >= 300)
        throw new Error(`${build.name} ${path} answered ${response.status}: ${text}\n${build.api!.output()}`);
      return text;
    };
    const add = async (build: Build, seed: Seed, round: number) => {
      const { groupId, people } = await seedRound(build.client!, seed, round);
      const started = performance.now();
      await post(build, seed, `/groups/${groupId}/people`, { person_ids: people.map((p) => p.id) });
      return { started, response: performance.now() - started };
    };
    /** Until the worker has recorded every attempt and sent every email: the next add starts on a quiet system. */
    const settle = async (build: Build) => {
      const deadline = Date.now() + 180_000;
      for (;;) {
        const [{ n }] = (
          await build.client!.query(
            `SELECT ((SELECT count(*) FROM webhook_deliveries WHERE status = 'pending')
                   + (SELECT count(*) FROM notifications WHERE status IN ('pending', 'sending')))::int AS n`,
          )
        ).rows as { n: number }[];
        if (Number(n) === 0 || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    };
    const label = (build: Build) => (builds.length > 1 ? `${build.name}: ` : '');
    log(
      `API and worker running (Node ${process.version})${baselineDir ? `, this build and ${baselineDir} alternately` : ''}; ` +
        '20 documents x 100 people per add, alternately into an organization without endpoints and one with 3.',
    );
    for (const build of builds) {
      for (let i = 0; i < ENDPOINTS; i++) {
        await post(build, build.hooked!, '/webhook-endpoints', { url: `${receiver.url}/${build.name}/${i}` });
      }
    }
    for (let round = 1; round <= rounds; round++) {
      for (const build of builds) {
        await settle(build);
        const { response: plain } = await add(build, build.seed!, 2 * round - 1);
        build.plain.push(plain);
        await settle(build);
        const before = receiver.distinct();
        const { started, response } = await add(build, build.hooked!, 2 * round);
        const deadline = Date.now() + 120_000;
        while (receiver.distinct() < before + DELIVERIES) {
          if (Date.now() > deadline)
            throw new Error(
              `${build.name}: only ${receiver.distinct() - before} deliveries\n${build.worker!.output()}`,
            );
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        const delivered = performance.now() - started;
        build.subscribed.push({ response, delivered });
        log(
          `${label(build)}round ${round}: no endpoint 200 in ${plain.toFixed(0)} ms; 3 endpoints 200 in ` +
            `${response.toFixed(0)} ms, 6,000th delivery after ${delivered.toFixed(0)} ms (1st after ` +
            `${(receiver.arrival(before + 1) - started).toFixed(0)} ms, 3,000th after ` +
            `${(receiver.arrival(before + DELIVERIES / 2) - started).toFixed(0)} ms)`,
        );
      }
    }
  } finally {
    for (const build of builds) {
      if (process.env.BENCH_SHOW_WORKER === '1') log(build.worker?.output());
      await build.worker?.stop();
      await build.api?.stop();
      await build.client?.end();
      if (process.env.BENCH_KEEP_DATABASE !== '1') await dropDatabase(build.databaseUrl);
    }
    await receiver.close();
    await dropRedisPrefix(redisUrl, `bench:${runId}`);
  }
  const baselineLabel = process.env.BENCH_BASELINE_LABEL ?? baselineDir;
  const relative = (ratio: number) => {
    const percent = Math.round((ratio - 1) * 100);
    return percent >= 0 ? `${percent} % more` : `${-percent} % less`;
  };
  // Each round's pair, the add with endpoints against the add without made just before it.
  const ratios = builds[0].subscribed.map((r, round) => r.response / builds[0].plain[round]);
  const cell = (values: number[]) =>
    `${medianOf(values).toFixed(0)} ms (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`;
  const lines = [
    `Measured ${new Date().toISOString().slice(0, 16)}Z by \`npm run bench:webhooks\` (${rounds} rounds per build, ` +
      `${builds.length > 1 ? 'alternating with the baseline' : 'no baseline'}; Node ${process.version}; shared machine): median (min–max)`,
    '',
    `| measure | ${builds.map((b) => (b.name === 'after' ? 'this build' : `before (${baselineLabel})`)).join(' | ')} |`,
    `|---|${builds.map(() => '---').join('|')}|`,
    ...(
      [
        ['group add, 100 people x 20 documents, no webhook endpoint: response', (b: Build) => b.plain],
        [
          'the same add with 3 endpoints (2,000 events, 6,000 deliveries): response',
          (b: Build) => b.subscribed.map((r) => r.response),
        ],
        ['from that POST to the 6,000th delivery received', (b: Build) => b.subscribed.map((r) => r.delivered)],
      ] as const
    ).map(([title, values]) => `| ${title} | ${builds.map((b) => cell(values(b))).join(' | ')} |`),
    '',
    `This build: the add with 3 endpoints takes ${relative(medianOf(ratios))} than the same add without, the median of ` +
      `the rounds' pairs (${relative(Math.min(...ratios))} to ${relative(Math.max(...ratios))}; target: at most 10 % more); ` +
      `the 6,000th delivery after ${(medianOf(builds[0].subscribed.map((r) => r.delivered)) / 1000).toFixed(1)} s (target: within 10 s).`,
  ];
  log();
  for (const line of lines) log(line);
  if (process.env.BENCH_WRITE_README !== '0') writeReadme(lines.join('\n'));
}

function writeReadme(table: string): void {
  const path = join(ROOT, 'docs', 'benchmark.md');
  const readme = readFileSync(path, 'utf8');
  const begin = readme.indexOf(README_BEGIN);
  const end = readme.indexOf(README_END);
  if (begin < 0 || end < begin) return;
  writeFileSync(path, `${readme.slice(0, begin + README_BEGIN.length)}\n${table}\n${readme.slice(end)}`);
}

if (require.main === module) {
  runWebhookBench().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(
        `bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}
