/**
 * `npm run bench:group-add`: the cost of the biggest group add the contract allows, end to end.
 * POST /groups/{group}/people with 100 people into a group of 20 published documents with automatic issuance
 * (2,000 attestation requests, 100 outbox notifications), then the time until the 100th email reached an SMTP
 * server. The built API (dist/src/main.js) and the built worker (dist/src/worker.js) run as separate processes
 * against a database of their own and the Redis of REDIS_URL; the SMTP server is in this process.
 * Knobs: BENCH_ROUNDS (default 5; a fresh group and 100 fresh people each), BENCH_EMAIL_DATABASE_URL,
 * REDIS_URL, BENCH_KEEP_DATABASE=1.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { migrate } from '../src/database/migrate';
import { startSmtpCapture } from '../test/support/smtp-capture';
import { freePort, startBuilt, waitUntilReady } from './lib/api-process';
import { dropDatabase, recreateDatabase } from './lib/bench-database';
import { dropRedisPrefix } from '../test/support/redis-keys';
import { DOCUMENTS, PEOPLE, seedOrganization, seedRound } from './lib/group-add-seed';
import { medianOf } from './lib/measure';

const ROOT = join(__dirname, '..');
const log = (text = '') => process.stdout.write(`${text}\n`);

async function main(): Promise<void> {
  for (const entry of ['dist/src/main.js', 'dist/src/worker.js']) {
    if (!existsSync(join(ROOT, entry))) throw new Error(`${entry} is missing: run npm run build first`);
  }
  const databaseUrl = process.env.BENCH_EMAIL_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/attest_bench_emails';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redisPrefix = `bench:${randomBytes(4).toString('hex')}`;
  const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
  await recreateDatabase(databaseUrl);
  await migrate(databaseUrl);
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const smtp = await startSmtpCapture();
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const env = {
    PORT: String(port),
    APP_URL: appUrl,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    APP_KEY: randomBytes(32).toString('hex'),
    SMTP_URL: smtp.url,
    RATE_LIMIT_PER_MINUTE: '1000000',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    NODE_ENV: 'production',
  };
  const api = startBuilt('dist/src/main.js', env);
  const worker = startBuilt('dist/src/worker.js', env);
  const results: { response: number; lastEmail: number }[] = [];
  try {
    await waitUntilReady(`${appUrl}/health/ready`, api);
    const seed = await seedOrganization(client);
    log(
      `API and worker running (Node ${process.version}); ${DOCUMENTS} published documents, ${PEOPLE} people per add.`,
    );
    for (let round = 1; round <= rounds; round++) {
      const { groupId, people } = await seedRound(client, seed, round);
      const before = smtp.messages.length;
      const started = performance.now();
      const response = await fetch(`${appUrl}/api/v1/groups/${groupId}/people`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${seed.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ person_ids: people.map((p) => p.id) }),
      });
      await response.arrayBuffer();
      const answered = performance.now();
      if (response.status !== 200) throw new Error(`group add answered ${response.status}\n${api.output()}`);
      await smtp.waitFor(before + PEOPLE, 120_000);
      const lastEmail = performance.now();

      const [{ count }] = (
        await client.query(`SELECT count(*)::int AS count FROM attestation_requests WHERE person_id = ANY($1)`, [
          people.map((p) => p.id),
        ])
      ).rows;
      const emails = smtp.messages.slice(before);
      const recipients = new Set(emails.flatMap((m) => m.envelope.to));
      const linksPerEmail = new Set(emails.map((m) => new Set(m.text.match(/\/attest\/[A-Za-z0-9_-]+/g)).size));
      if (
        count !== PEOPLE * DOCUMENTS ||
        recipients.size !== PEOPLE ||
        emails.length !== PEOPLE ||
        [...linksPerEmail].join() !== String(DOCUMENTS)
      ) {
        throw new Error(
          `round ${round}: ${count} requests, ${emails.length} emails to ${recipients.size} people, links per email ${[...linksPerEmail]}`,
        );
      }
      results.push({ response: answered - started, lastEmail: lastEmail - started });
      log(
        `round ${round}: 200 in ${(answered - started).toFixed(0)} ms (${count} requests); 100th email after ${(lastEmail - started).toFixed(0)} ms`,
      );
    }
  } finally {
    await worker.stop();
    await api.stop();
    await dropRedisPrefix(redisUrl, redisPrefix);
    await client.end();
    await smtp.close();
    if (process.env.BENCH_KEEP_DATABASE !== '1') await dropDatabase(databaseUrl);
  }
  log();
  log('| measure | median | min | max |');
  log('|---|---|---|---|');
  for (const [label, values] of [
    [
      'POST /groups/{group}/people, 100 people x 20 documents (2,000 requests): response',
      results.map((r) => r.response),
    ],
    ['from the POST to the 100th email accepted by SMTP', results.map((r) => r.lastEmail)],
  ] as const) {
    log(
      `| ${label} | ${medianOf(values).toFixed(0)} ms | ${Math.min(...values).toFixed(0)} ms | ${Math.max(...values).toFixed(0)} ms |`,
    );
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
