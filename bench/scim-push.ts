/**
 * A directory pushed through SCIM the way Okta pushes it, at the allowance a directory is promised (25 requests a
 * second, as Microsoft asks of a SCIM endpoint): for each of BENCH_SCIM_USERS users (default 10,000) a filter GET on its userName, then its
 * POST; then each of BENCH_SCIM_GROUPS groups (default 200, ~20 members each) is pushed: a filter GET on its name,
 * a POST when it does not exist yet, and a PATCH adding its members. Half the groups exist already, issue requests
 * automatically and hold two published documents: their members get requests and one grouped email each.
 * Reports the time to converge (last answer) against what the rate itself takes (+10 %), the p99 of each kind of
 * call (< 200 ms), the time until the last email reached an SMTP server in this process, and the disk's own
 * fdatasync tail measured beside the calls (bench/lib/fsync-probe.ts): a write's p99 cannot beat it. Built API and worker, a
 * database of its own, the Redis of REDIS_URL. `npm run bench:scim`; the table goes into docs/benchmark.md between
 * `<!-- bench:scim:begin -->` and `<!-- bench:scim:end -->` (BENCH_WRITE_README=0 leaves it).
 * Knobs: BENCH_SCIM_USERS, BENCH_SCIM_GROUPS, BENCH_SCIM_RATE (requests a second, default 25),
 * BENCH_SCIM_DATABASE_URL, REDIS_URL, BENCH_KEEP_DATABASE=1.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname } from 'node:path';
import { newId } from '@lib/core';
import { hashToken, TOKEN_PREFIX } from '../src/identity/domain/api-token';
import { startBuiltService } from './lib/built-service';
import { seedOrganization } from './lib/group-add-seed';
import { startFsyncProbe } from './lib/fsync-probe';
import { percentileOf } from './lib/measure';
import { writeReadmeSection } from './lib/readme';

const USERS = Number(process.env.BENCH_SCIM_USERS ?? 10_000);
const GROUPS = Number(process.env.BENCH_SCIM_GROUPS ?? 200);
const MEMBERS = 20;
const RATE = Number(process.env.BENCH_SCIM_RATE ?? 25);
const CLIENTS = 8;
const P99_TARGET_MS = 200;
const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const log = (text = '') => process.stdout.write(`${text}\n`);

type Kind = 'GET /Users?filter' | 'POST /Users' | 'GET /Groups?filter' | 'POST /Groups' | 'PATCH /Groups (members)';

/**
 * Hands out start times at least `1000 / RATE` ms apart, never earlier than now: a client that fell behind (slow
 * answers) does not catch up in a burst above the rate, as a directory at its allowance would not.
 */
function pacer(rate: number) {
  const interval = 1000 / rate;
  let next = performance.now();
  return async () => {
    const slot = Math.max(next, performance.now());
    next = slot + interval;
    const wait = slot - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  };
}

async function main(): Promise<{ failures: string[]; table: string[] }> {
  const service = await startBuiltService(
    process.env.BENCH_SCIM_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/attest_bench_scim',
  );
  const { appUrl, client, smtp, api } = service;
  const timings = new Map<Kind, number[]>();
  const failures: string[] = [];
  let table: string[];
  try {
    const seed = await seedOrganization(client);
    const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
    const [{ user_id: userId }] = (
      await client.query(`SELECT user_id FROM organization_memberships WHERE organization_id = $1`, [
        seed.organizationId,
      ])
    ).rows;
    await client.query(
      `INSERT INTO api_tokens (id, organization_id, user_id, created_by_user_id, name, token_hash, scopes, created_at)
       VALUES ($1, $2, $3, $3, 'Okta', $4, ARRAY['scim'], now())`,
      [newId(), seed.organizationId, userId, hashToken(token)],
    );
    // The auto-issuing half exists already (made in the console), each with two published documents.
    const autoGroups = Math.floor(GROUPS / 2);
    for (let g = 0; g < autoGroups; g++) {
      const groupId = newId();
      await client.query(
        `INSERT INTO groups (id, organization_id, name, auto_issue_requests, created_at, updated_at) VALUES ($1, $2, $3, true, now(), now())`,
        [groupId, seed.organizationId, `Team ${g}`],
      );
      const documents = [
        seed.documentIds[g % seed.documentIds.length],
        seed.documentIds[(g + 1) % seed.documentIds.length],
      ];
      await client.query(
        `INSERT INTO group_documents (group_id, document_id, created_at) SELECT $1, unnest($2::varchar[]), now()`,
        [groupId, documents],
      );
    }

    const pace = pacer(RATE);
    let throttled = 0;
    const call = async (kind: Kind, method: string, path: string, body?: unknown, expected: number[] = [200]) => {
      await pace();
      const started = performance.now();
      const response = await fetch(`${appUrl}/scim/v2${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/scim+json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      const elapsed = performance.now() - started;
      if (response.status === 429) {
        // As Okta and Entra do: wait what Retry-After says, then send the same call again.
        throttled++;
        await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after') ?? 1) * 1000));
        return call(kind, method, path, body, expected);
      }
      if (!expected.includes(response.status))
        throw new Error(`${method} ${path}: ${response.status} ${text}\n${api.output()}`);
      timings.set(kind, [...(timings.get(kind) ?? []), elapsed]);
      return text === '' ? null : (JSON.parse(text) as Record<string, unknown>);
    };
    const inParallel = async <T>(items: T[], work: (item: T) => Promise<void>) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (next < items.length) await work(items[next++]);
        }),
      );
    };

    log();
    log(
      `## SCIM push: ${USERS} users, ${GROUPS} groups of ${MEMBERS}, ${autoGroups} auto-issuing, at ${RATE} requests/s`,
    );
    // The disk's own flush tail beside the calls: a write answers only after its commit is flushed.
    const [{ data_directory: dataDirectory }] = (await client.query(`SHOW data_directory`)).rows;
    // Beside PostgreSQL's data directory (same filesystem), or in the temporary directory when it is on another host.
    const probeDirectory = dirname(dataDirectory);
    const probe = startFsyncProbe(existsSync(probeDirectory) ? probeDirectory : tmpdir());
    const started = performance.now();
    const ids: string[] = new Array<string>(USERS);
    await inParallel(
      Array.from({ length: USERS }, (_, i) => i),
      async (i) => {
        const userName = `user${i}@example.test`;
        const found = await call(
          'GET /Users?filter',
          'GET',
          `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`,
        );
        if (found?.totalResults !== 0) throw new Error(`${userName} found before it was created`);
        const created = await call(
          'POST /Users',
          'POST',
          '/Users',
          {
            schemas: [USER_SCHEMA],
            userName,
            externalId: `00u${i}`,
            name: { givenName: 'User', familyName: `Number ${i}` },
            emails: [{ primary: true, value: userName, type: 'work' }],
            displayName: `User Number ${i}`,
            active: true,
          },
          [201],
        );
        ids[i] = created!.id as string;
      },
    );
    const usersDone = performance.now();
    await inParallel(
      Array.from({ length: GROUPS }, (_, g) => g),
      async (g) => {
        const name = `Team ${g}`;
        const found = await call(
          'GET /Groups?filter',
          'GET',
          `/Groups?filter=${encodeURIComponent(`displayName eq "${name}"`)}&excludedAttributes=members`,
        );
        let groupId = ((found?.Resources as { id: string }[] | undefined) ?? [])[0]?.id;
        if (!groupId) {
          const created = await call(
            'POST /Groups',
            'POST',
            '/Groups',
            { schemas: [GROUP_SCHEMA], displayName: name, members: [] },
            [201],
          );
          groupId = created!.id as string;
        }
        const members = Array.from({ length: MEMBERS }, (_, m) => ids[(g * MEMBERS + m) % USERS]);
        await call(
          'PATCH /Groups (members)',
          'PATCH',
          `/Groups/${groupId}`,
          {
            schemas: [PATCH_OP],
            Operations: [{ op: 'add', path: 'members', value: members.map((value) => ({ value })) }],
          },
          [204],
        );
      },
    );
    const converged = performance.now();
    const disk = await probe.stop(P99_TARGET_MS);
    const calls = [...timings.values()].reduce((sum, list) => sum + list.length, 0);
    const expectedEmails = autoGroups * MEMBERS;
    await smtp.waitFor(expectedEmails, 600_000);
    const lastEmail = performance.now();

    const [{ people, memberships, requests }] = (
      await client.query(
        `SELECT (SELECT count(*)::int FROM people WHERE organization_id = $1 AND user_name IS NOT NULL) AS people,
                (SELECT count(*)::int FROM group_memberships WHERE organization_id = $1) AS memberships,
                (SELECT count(*)::int FROM attestation_requests WHERE organization_id = $1) AS requests`,
        [seed.organizationId],
      )
    ).rows;
    const recipients = new Set(smtp.messages.flatMap((message) => message.envelope.to));
    if (
      people !== USERS ||
      memberships !== GROUPS * MEMBERS ||
      requests !== expectedEmails * 2 ||
      recipients.size !== expectedEmails
    ) {
      throw new Error(
        `${people} people, ${memberships} memberships, ${requests} requests, ${recipients.size} recipients`,
      );
    }

    const ideal = (calls / RATE) * 1000;
    const convergedMs = converged - started;
    table = [
      `Measured ${new Date().toISOString().slice(0, 16)}Z by \`npm run bench:scim\`: ${USERS.toLocaleString('en')} users, ` +
        `${GROUPS} groups of ${MEMBERS} (${autoGroups} auto-issuing two documents), ${calls.toLocaleString('en')} calls ` +
        `paced at ${RATE}/s by ${CLIENTS} clients; built API and worker; Node ${process.version}; shared machine.`,
      '',
      '| measure | value | target |',
      '|---|---|---|',
      `| time to converge (last answer) | ${(convergedMs / 1000).toFixed(1)} s (users ${((usersDone - started) / 1000).toFixed(1)} s) | ` +
        `≤ ${((ideal * 1.1) / 1000).toFixed(1)} s (the rate's own ${(ideal / 1000).toFixed(1)} s + 10 %): ${convergedMs <= ideal * 1.1 ? 'met' : 'MISSED'} |`,
      `| 429 answers (each retried after its Retry-After) | ${throttled} | 0 |`,
      `| last email (${expectedEmails.toLocaleString('en')} people, one grouped email each) | ` +
        `${((lastEmail - started) / 1000).toFixed(1)} s from the start, ${((lastEmail - converged) / 1000).toFixed(1)} s after the last call | |`,
      `| the disk: an 8 kB write and \`fdatasync\` every 50 ms beside the calls (${disk.samples.toLocaleString('en')}) | ` +
        `p50 ${disk.p50.toFixed(2)}, p99 ${disk.p99.toFixed(1)}, p99.9 ${disk.p999.toFixed(1)}, max ${disk.max.toFixed(0)} ms; ` +
        `${disk.stalls} over ${P99_TARGET_MS} ms | what a commit waits for |`,
    ];
    if (convergedMs > ideal * 1.1)
      failures.push(`converged in ${convergedMs.toFixed(0)} ms, not within ${(ideal * 1.1).toFixed(0)} ms`);
    for (const [kind, values] of timings) {
      const sorted = [...values].sort((a, b) => a - b);
      const p99 = percentileOf(sorted, 99);
      table.push(
        `| p99 of ${kind} (${values.length.toLocaleString('en')} calls; p50 ${percentileOf(sorted, 50).toFixed(1)} ms) | ${p99.toFixed(1)} ms | ` +
          `< ${P99_TARGET_MS} ms: ${p99 < P99_TARGET_MS ? 'met' : 'MISSED'} |`,
      );
      if (p99 >= P99_TARGET_MS) failures.push(`${kind}: p99 ${p99.toFixed(0)} ms`);
    }
    log();
    for (const line of table) log(line);
  } finally {
    await service.stop();
  }
  return { failures, table };
}

main().then(
  ({ failures, table }) => {
    if (process.env.BENCH_WRITE_README !== '0') writeReadmeSection('scim', table);
    for (const failure of failures) process.stderr.write(`target missed: ${failure}\n`);
    process.exit(failures.length > 0 ? 1 : 0);
  },
  (error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
