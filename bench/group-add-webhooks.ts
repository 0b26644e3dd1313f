/**
 * The webhooks part of `npm run bench` (also `npm run bench:webhooks`): a group add of 100 people into a group of 20
 * published, auto-issuing documents (2,000 requests, so 2,000 `attestation_request.created` events) in an
 * organization with 3 webhook endpoints taking every type, i.e. 6,000 deliveries. Measures the add's response time,
 * and the time until the 6,000th delivery reached a local receiver (one HTTP server in this process, answering 204;
 * the deliveries are counted by webhook-id per endpoint, so a repeat is not counted twice). The same rounds run first
 * with no endpoint, for comparison. The built API and worker run as separate processes, as in production.
 * Knobs: BENCH_ROUNDS (default 3), BENCH_WEBHOOK_DATABASE_URL, REDIS_URL, BENCH_KEEP_DATABASE=1.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Client } from 'pg';
import { migrate } from '../src/database/migrate';
import { freePort, startBuilt, waitUntilReady } from './lib/api-process';
import { dropDatabase, recreateDatabase } from './lib/bench-database';
import { seedOrganization, seedRound } from './lib/group-add-seed';

const ROOT = join(__dirname, '..');
const ENDPOINTS = 3;
const log = (text = '') => process.stdout.write(`${text}\n`);

/** Receives webhooks on /0, /1, /2 and counts distinct event ids per path. */
async function startReceiver(): Promise<{ url: string; distinct: () => number; close: () => Promise<void> }> {
  const seen = new Set<string>();
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      seen.add(`${request.url} ${String(request.headers['webhook-id'])}`);
      response.writeHead(204).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((ready) => server.once('listening', ready));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    distinct: () => seen.size,
    close: () => new Promise((done) => server.close(() => done(undefined))),
  };
}

export async function runWebhookBench(): Promise<void> {
  for (const entry of ['dist/src/main.js', 'dist/src/worker.js']) {
    if (!existsSync(join(ROOT, entry))) throw new Error(`${entry} is missing: run npm run build first`);
  }
  const databaseUrl =
    process.env.BENCH_WEBHOOK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/attest_bench_webhooks';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  await recreateDatabase(databaseUrl);
  await migrate(databaseUrl);
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const receiver = await startReceiver();
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const env = {
    PORT: String(port),
    APP_URL: appUrl,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `bench:${randomBytes(4).toString('hex')}`,
    APP_KEY: randomBytes(32).toString('hex'),
    RATE_LIMIT_PER_MINUTE: '1000000',
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    NODE_ENV: 'production',
  };
  const api = startBuilt('dist/src/main.js', env);
  const worker = startBuilt('dist/src/worker.js', env);
  const plain: number[] = [];
  const subscribed: { response: number; delivered: number }[] = [];
  try {
    await waitUntilReady(`${appUrl}/health/ready`, api);
    const seed = await seedOrganization(client);
    const post = async (path: string, body: object) => {
      const response = await fetch(`${appUrl}/api/v1${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${seed.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      if (response.status >= 300) throw new Error(`${path} answered ${response.status}: ${text}\n${api.output()}`);
      return text;
    };
    const add = async (round: number) => {
      const { groupId, people } = await seedRound(client, seed, round);
      const started = performance.now();
      await post(`/groups/${groupId}/people`, { person_ids: people.map((p) => p.id) });
      return { started, response: performance.now() - started };
    };
    log(`API and worker running (Node ${process.version}); 20 documents x 100 people per add.`);
    for (let round = 1; round <= rounds; round++) {
      const { response } = await add(round);
      plain.push(response);
      log(`no endpoint, round ${round}: 200 in ${response.toFixed(0)} ms`);
    }
    for (let i = 0; i < ENDPOINTS; i++) await post('/webhook-endpoints', { url: `${receiver.url}/${i}` });
    for (let round = rounds + 1; round <= 2 * rounds; round++) {
      const before = receiver.distinct();
      const { started, response } = await add(round);
      const deadline = Date.now() + 120_000;
      while (receiver.distinct() < before + 2_000 * ENDPOINTS) {
        if (Date.now() > deadline)
          throw new Error(`only ${receiver.distinct() - before} deliveries\n${worker.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const delivered = performance.now() - started;
      subscribed.push({ response, delivered });
      log(
        `3 endpoints, round ${round}: 200 in ${response.toFixed(0)} ms; 6,000th delivery after ${delivered.toFixed(0)} ms`,
      );
    }
  } finally {
    await worker.stop();
    await api.stop();
    await client.end();
    await receiver.close();
    if (process.env.BENCH_KEEP_DATABASE !== '1') await dropDatabase(databaseUrl);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  log();
  log('| measure | median | min | max |');
  log('|---|---|---|---|');
  for (const [label, values] of [
    ['group add, 100 people x 20 documents, no webhook endpoint: response', plain],
    ['the same add with 3 endpoints (2,000 events, 6,000 deliveries): response', subscribed.map((r) => r.response)],
    ['from that POST to the 6,000th delivery received', subscribed.map((r) => r.delivered)],
  ] as const) {
    log(
      `| ${label} | ${median(values).toFixed(0)} ms | ${Math.min(...values).toFixed(0)} ms | ${Math.max(...values).toFixed(0)} ms |`,
    );
  }
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
