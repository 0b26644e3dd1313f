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
import { startBuiltService } from './lib/built-service';
import { GroupAddTiming, timeGroupAdds } from './lib/group-add-round';
import { writeReadmeSection } from './lib/readme';
import { DOCUMENTS } from './lib/group-add-seed';
import { medianOf } from './lib/measure';

const MEMBERS = 1_000;
const CALL_TARGET_MS = 3_000;
const EMAILS_TARGET_MS = 20_000;
const log = (text = '') => process.stdout.write(`${text}\n`);

/**
 * Runs the rounds and prints a table; answers the targets missed (an empty list when both are met) and the
 * table's lines (for docs/benchmark.md).
 */
export async function benchGroupDocuments(): Promise<{ failures: string[]; table: string[] }> {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const service = await startBuiltService(
    process.env.BENCH_GROUP_DOCUMENTS_DATABASE_URL ??
      (process.env.BENCH_DATABASE_URL
        ? `${process.env.BENCH_DATABASE_URL}_group_documents`
        : 'postgres://postgres@127.0.0.1:5432/attest_bench_group_documents'),
    { RATE_LIMIT_PER_MINUTE: '1000000' },
  );
  let results: GroupAddTiming[];
  try {
    log();
    log(`## POST /groups/{group}/documents: ${DOCUMENTS} published documents into an auto-issuing group of ${MEMBERS}`);
    log(`API and worker running (Node ${process.version}).`);
    results = await timeGroupAdds(service, { rounds, what: 'documents', count: MEMBERS, log });
  } finally {
    await service.stop();
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
