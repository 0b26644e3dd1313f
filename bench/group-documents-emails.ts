/**
 * The cost of the biggest documents add the issue asks for, end to end: POST /groups/{group}/documents with 20
 * published documents into an auto-issuing group of 1,000 members (20,000 attestation requests, 1,000 outbox
 * notifications of 20 links each), then the time until the 1,000th email reached an SMTP server. Targets: the
 * call under 3 s, every email accepted within 20 s. The built API and the built worker run as separate processes
 * against a database of their own and the Redis of REDIS_URL; the SMTP server is in this process.
 * `npm run bench` runs it after its scenarios (BENCH_ONLY=group-documents runs it alone); `npm run
 * bench:group-documents` runs only this. Both write the table into docs/benchmark.md, between
 * `<!-- bench:group-documents:begin -->` and `<!-- bench:group-documents:end -->` (BENCH_WRITE_README=0 leaves it).
 * Knobs: BENCH_ROUNDS (default 3; a fresh group of 1,000 fresh people each), BENCH_GROUP_DOCUMENTS_DATABASE_URL,
 * REDIS_URL, BENCH_KEEP_DATABASE=1.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { newId } from '@lib/core';
import { migrate } from '../src/database/migrate';
import { startSmtpCapture } from '../test/support/smtp-capture';
import { freePort, startBuilt, waitUntilReady } from './lib/api-process';
import { dropDatabase, recreateDatabase } from './lib/bench-database';
import { dropRedisPrefix } from '../test/support/redis-keys';
import { writeReadmeSection } from './lib/readme';
import { DOCUMENTS, Seed, seedOrganization } from './lib/group-add-seed';
import { medianOf } from './lib/measure';

const ROOT = join(__dirname, '..');
const MEMBERS = 1_000;
const CALL_TARGET_MS = 3_000;
const EMAILS_TARGET_MS = 20_000;
const log = (text = '') => process.stdout.write(`${text}\n`);

/** A new auto-issuing group, without documents, of 1,000 new people. */
async function seedRound(
  client: Client,
  seed: Seed,
  round: number,
): Promise<{ groupId: string; people: { id: string; email: string }[] }> {
  const groupId = newId();
  await client.query(
    `INSERT INTO groups (id, organization_id, name, auto_issue_requests, created_at, updated_at) VALUES ($1, $2, $3, true, now(), now())`,
    [groupId, seed.organizationId, `Bench group ${round}`],
  );
  const people = Array.from({ length: MEMBERS }, (_, i) => ({
    id: newId(),
    email: `round${round}.member${i}@example.test`,
  }));
  await client.query(
    `INSERT INTO people (id, organization_id, first_name, last_name, email, source, created_at, updated_at)
     SELECT id, $1, 'Member', 'Bench', email, 'oauth', now(), now() FROM unnest($2::varchar[], $3::varchar[]) AS p (id, email)`,
    [seed.organizationId, people.map((p) => p.id), people.map((p) => p.email)],
  );
  await client.query(
    `INSERT INTO group_memberships (group_id, person_id, organization_id, created_at)
     SELECT $1, id, $2, now() FROM unnest($3::varchar[]) AS p (id)`,
    [groupId, seed.organizationId, people.map((p) => p.id)],
  );
  await client.query('ANALYZE');
  return { groupId, people };
}

export interface GroupDocumentsResult {
  response: number;
  lastEmail: number;
}

/**
 * Runs the rounds and prints a table; answers the targets missed (an empty list when both are met) and the
 * table's lines (for docs/benchmark.md).
 */
export async function benchGroupDocuments(): Promise<{ failures: string[]; table: string[] }> {
  for (const entry of ['dist/src/main.js', 'dist/src/worker.js']) {
    if (!existsSync(join(ROOT, entry))) throw new Error(`${entry} is missing: run npm run build first`);
  }
  const databaseUrl =
    process.env.BENCH_GROUP_DOCUMENTS_DATABASE_URL ??
    (process.env.BENCH_DATABASE_URL
      ? `${process.env.BENCH_DATABASE_URL}_group_documents`
      : 'postgres://postgres@127.0.0.1:5432/attest_bench_group_documents');
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redisPrefix = `bench:${randomBytes(4).toString('hex')}`;
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
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
  const results: GroupDocumentsResult[] = [];
  try {
    await waitUntilReady(`${appUrl}/health/ready`, api);
    const seed = await seedOrganization(client);
    log();
    log(`## POST /groups/{group}/documents: ${DOCUMENTS} published documents into an auto-issuing group of ${MEMBERS}`);
    log(`API and worker running (Node ${process.version}).`);
    for (let round = 1; round <= rounds; round++) {
      const { groupId, people } = await seedRound(client, seed, round);
      const before = smtp.messages.length;
      const started = performance.now();
      const response = await fetch(`${appUrl}/api/v1/groups/${groupId}/documents`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${seed.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ document_ids: seed.documentIds }),
      });
      await response.arrayBuffer();
      const answered = performance.now();
      if (response.status !== 200) throw new Error(`documents add answered ${response.status}\n${api.output()}`);
      await smtp.waitFor(before + MEMBERS, 120_000);
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
        count !== MEMBERS * DOCUMENTS ||
        recipients.size !== MEMBERS ||
        emails.length !== MEMBERS ||
        [...linksPerEmail].join() !== String(DOCUMENTS)
      ) {
        throw new Error(
          `round ${round}: ${count} requests, ${emails.length} emails to ${recipients.size} people, links per email ${[...linksPerEmail]}`,
        );
      }
      results.push({ response: answered - started, lastEmail: lastEmail - started });
      log(
        `round ${round}: 200 in ${(answered - started).toFixed(0)} ms (${count} requests); ` +
          `${MEMBERS}th email after ${(lastEmail - started).toFixed(0)} ms`,
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
  const table = ['| measure | median | min | max | target |', '|---|---|---|---|---|'];
  const failures: string[] = [];
  for (const [label, values, target] of [
    ['the call (20,000 requests, 1,000 outbox rows)', results.map((r) => r.response), CALL_TARGET_MS],
    ['from the POST to the 1,000th email accepted by SMTP', results.map((r) => r.lastEmail), EMAILS_TARGET_MS],
  ] as const) {
    const worst = Math.max(...values);
    table.push(
      `| ${label} | ${medianOf(values).toFixed(0)} ms | ${Math.min(...values).toFixed(0)} ms | ${worst.toFixed(0)} ms | ` +
        `< ${target} ms: ${worst < target ? 'met' : 'MISSED'} |`,
    );
    if (worst >= target) failures.push(`group documents add, ${label}: ${worst.toFixed(0)} ms, not under ${target} ms`);
  }
  log();
  for (const line of table) log(line);
  const stamp =
    `Measured ${new Date().toISOString().slice(0, 16)}Z by \`npm run bench\` (or \`npm run bench:group-documents\`), ` +
    `${rounds} rounds, built API and worker; Node ${process.version}; shared machine:`;
  return { failures, table: [stamp, '', ...table] };
}

if (require.main === module) {
  benchGroupDocuments().then(
    ({ failures, table }) => {
      if (process.env.BENCH_WRITE_README !== '0') writeReadmeSection('group-documents', table);
      process.exit(failures.length > 0 ? 1 : 0);
    },
    (error: unknown) => {
      process.stderr.write(
        `bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}
