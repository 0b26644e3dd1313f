/**
 * `npm run bench:group-add`: the cost of the biggest group add the contract allows, end to end.
 * POST /groups/{group}/people with 100 people into a group of 20 published documents with automatic issuance
 * (2,000 attestation requests, 100 outbox notifications), then the time until the 100th email reached an SMTP
 * server. The built API (dist/src/main.js) and the built worker (dist/src/worker.js) run as separate processes
 * against a database of their own and the Redis of REDIS_URL; the SMTP server is in this process.
 * Knobs: BENCH_ROUNDS (default 5; a fresh group and 100 fresh people each), BENCH_EMAIL_DATABASE_URL,
 * REDIS_URL, BENCH_KEEP_DATABASE=1.
 */
import { startBuiltService } from './lib/built-service';
import { GroupAddTiming, timeGroupAdds } from './lib/group-add-round';
import { DOCUMENTS, PEOPLE } from './lib/group-add-seed';
import { medianOf } from './lib/measure';

const log = (text = '') => process.stdout.write(`${text}\n`);

async function main(): Promise<void> {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
  const service = await startBuiltService(
    process.env.BENCH_EMAIL_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/attest_bench_emails',
    { RATE_LIMIT_PER_MINUTE: '1000000' },
  );
  let results: GroupAddTiming[];
  try {
    log(
      `API and worker running (Node ${process.version}); ${DOCUMENTS} published documents, ${PEOPLE} people per add.`,
    );
    results = await timeGroupAdds(service, { rounds, what: 'people', count: PEOPLE, log });
  } finally {
    await service.stop();
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
