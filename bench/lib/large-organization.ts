import { randomBytes } from 'node:crypto';
import type { Client } from 'pg';
import { hashToken, TOKEN_PREFIX } from '../../src/identity/domain/api-token';
import { sqlUlid } from './sql-ulid';

export interface LargeOrganizationSize {
  people: number;
  documents: number;
  groups: number;
  requests: number;
}

export const LARGE_ORGANIZATION: LargeOrganizationSize = {
  people: 100_000,
  documents: 1_000,
  groups: 200,
  requests: 500_000,
};

/**
 * Ten times the people and the requests (five times the documents): the organization the 10x benchmark compares
 * with the 1x one. Five documents per group, as at 1x, so every person has enough assignments for the requests.
 */
export const TEN_TIMES_ORGANIZATION: LargeOrganizationSize = {
  people: 1_000_000,
  documents: 5_000,
  groups: 1_000,
  requests: 5_000_000,
};

export interface SeededOrganization {
  organizationId: string;
  userId: string;
  /** An owner's API token, plaintext. */
  token: string;
  rows: Record<string, number>;
  seconds: number;
  steps: { step: string; seconds: number }[];
}

const FIRST_NAMES = [
  'Ada',
  'Alan',
  'Anna',
  'Annette',
  'Barbara',
  'Carlos',
  'Chen',
  'Dana',
  'David',
  'Elena',
  'Emma',
  'Fatima',
  'Frank',
  'Grace',
  'Hannah',
  'Hiro',
  'Ines',
  'Ivan',
  'Jana',
  'Joanne',
  'John',
  'Julia',
  'Karim',
  'Katherine',
  'Lars',
  'Leila',
  'Lucas',
  'Maria',
  'Mateo',
  'Mei',
  'Nadia',
  'Noah',
  'Olga',
  'Omar',
  'Priya',
  'Rafael',
  'Sara',
  'Sofia',
  'Tomas',
  'Uma',
  'Victor',
  'Wei',
  'Yara',
  'Zoe',
];
const LAST_NAMES = [
  'Anderson',
  'Brown',
  'Chen',
  'Dubois',
  'Eriksson',
  'Fernandez',
  'Garcia',
  'Hansen',
  'Hopper',
  'Ivanova',
  'Johansson',
  'Kim',
  'Kowalski',
  'Lovelace',
  'Martin',
  'Meyer',
  'Nakamura',
  'Nguyen',
  'Novak',
  'Okafor',
  'Olsen',
  'Patel',
  'Quinn',
  'Rossi',
  'Schmidt',
  'Silva',
  'Singh',
  'Smith',
  'Tanaka',
  'Turing',
  'Umarov',
  'Virtanen',
  'Wagner',
  'Williams',
  'Xu',
  'Yamamoto',
  'Zhang',
];
const TOPICS = [
  'Information Security',
  'Code of Conduct',
  'Data Protection',
  'Acceptable Use',
  'Anti-Bribery',
  'Remote Work',
  'Health and Safety',
  'Travel and Expenses',
  'Whistleblowing',
  'Equal Opportunity',
  'Incident Response',
  'Password',
];
const DEPARTMENTS = ['Engineering', 'Sales', 'Support', 'Finance', 'Operations', 'Marketing', 'Legal', 'People'];

const OPEN_LIKE = `ARRAY['sent','viewed','bounced','failed','complained','created']`;

const sqlArray = (values: string[]) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;

/**
 * Fills one new organization with a large, realistic data set, set-wise inside PostgreSQL (INSERT ... SELECT over
 * generate_series), so 100,000 people and 500,000 requests take seconds, not the hours row-by-row inserts would.
 * Every row satisfies the schema's constraints and the domain's rules: each person has a unique email, each
 * document a published latest revision, assignments come from group memberships, requests are made for assigned
 * documents only, and a person has at most one open request per document.
 */
export async function seedLargeOrganization(
  client: Client,
  size: LargeOrganizationSize = LARGE_ORGANIZATION,
  organizationName = 'Large Organization',
): Promise<SeededOrganization> {
  const started = performance.now();
  const steps: { step: string; seconds: number }[] = [];
  const step = async (name: string, sql: string, params: unknown[] = []) => {
    const at = performance.now();
    try {
      await client.query(sql, params);
    } catch (error) {
      throw new Error(`${name}: ${(error as Error).message}`, { cause: error });
    }
    steps.push({ step: name, seconds: round((performance.now() - at) / 1000) });
  };

  await useBulkLoadSettings(client);
  await client.query('BEGIN');
  // Checking a foreign key once over loaded rows, and building an index once, are far faster than doing it row by
  // row (a per-row foreign key check alone would take most of the time). The definitions are read from the
  // catalog and restored before commit, so the schema comes back exactly as the migrations made it and every
  // constraint, unique indexes included, is verified over the new rows.
  const suspended = await suspendForBulkLoad(client, BULK_TABLES);
  // The counters' triggers would refresh 650,000 pairs during the load; they are off until the commit and the
  // counters are recounted once, set-wise, at the end of the load (the same repair as `counters:recount --repair
  // true`).
  for (const [table, trigger] of COUNTER_TRIGGERS)
    await client.query(`ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`);

  const [{ organization_id: organizationId, user_id: userId }] = (
    await client.query(
      `SELECT ${sqlUlid('now()', `(random() * 1e15)::bigint`, 1)} AS organization_id,
              ${sqlUlid('now()', `(random() * 1e15)::bigint`, 2)} AS user_id`,
    )
  ).rows;
  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  await step(
    'organization, owner and token',
    `WITH o AS (
       INSERT INTO organizations (id, name, billing_status, trial_ends_at, created_at, updated_at)
       VALUES ($1, $3, 'active', NULL, now(), now())
     ), u AS (
       INSERT INTO users (id, name, email, created_at, updated_at)
       VALUES ($2, 'Bench Owner', 'owner-' || $1::text || '@bench.test', now(), now())
     ), m AS (
       INSERT INTO organization_memberships (organization_id, user_id, role, created_at, updated_at)
       VALUES ($1, $2, 'owner', now(), now())
     )
     INSERT INTO api_tokens (id, organization_id, user_id, created_by_user_id, name, token_hash, created_at)
     VALUES (${sqlUlid('now()', `(random() * 1e15)::bigint`, 3)}, $1, $2, $2, 'bench', $4, now())`,
    [organizationId, userId, organizationName, hashToken(token)],
  );

  // People: created over the last ~year, one in 25 archived, names from common first and last names.
  await step(
    'people',
    `INSERT INTO people (id, organization_id, first_name, last_name, email, phone, source, source_id, archived_at, created_at, updated_at)
     SELECT ${sqlUlid('created_at', 'n', 10)}, $1, first_name, last_name,
            lower(first_name || '.' || last_name || '.' || n || '@example.com'),
            CASE WHEN n % 3 = 0 THEN NULL ELSE '+1' || (201 + n % 700) || lpad(((n::bigint * 7919) % 10000000)::text, 7, '0') END,
            CASE WHEN n % 10 = 0 THEN 'web' ELSE 'oauth' END, NULL,
            CASE WHEN n % 25 = 0 THEN created_at + interval '30 days' END,
            created_at, created_at
     FROM (
       SELECT n,
              (${sqlArray(FIRST_NAMES)})[1 + (n * 7) % ${FIRST_NAMES.length}] AS first_name,
              (${sqlArray(LAST_NAMES)})[1 + (n * 13 + n / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}] AS last_name,
              now() - interval '400 days' + n * (interval '380 days' / $2::int) AS created_at
       FROM generate_series(1, $2::int) AS n
     ) p`,
    [organizationId, size.people],
  );

  // Documents: a third renew yearly, a third quarterly; one in 50 archived.
  await step(
    'documents',
    `INSERT INTO documents (id, organization_id, name, default_attestation_type, requires_signature,
                            renewal_interval_days, auto_renew, latest_revision_id, archived_at, created_at, updated_at)
     SELECT ${sqlUlid('created_at', 'n', 20)}, $1,
            (${sqlArray(TOPICS)})[1 + n % ${TOPICS.length}] || ' Policy ' || n,
            'signature', n % 40 <> 0,
            CASE n % 3 WHEN 0 THEN 365 WHEN 1 THEN 90 END, n % 3 = 0, NULL,
            CASE WHEN n % 50 = 0 THEN now() - interval '1 day' END,
            created_at, created_at
     FROM (SELECT n, now() - interval '500 days' + n * (interval '100 days' / $2::int) AS created_at
           FROM generate_series(1, $2::int) AS n) d`,
    [organizationId, size.documents],
  );

  // One to three published revisions per document; the newest becomes the latest.
  await step(
    'revisions',
    `INSERT INTO document_revisions (id, organization_id, document_id, content, content_type, content_sha256, published_at, created_at)
     SELECT ${sqlUlid('published_at', 'seq', 30)}, $1, id, content, 'text/markdown',
            encode(sha256(convert_to(content, 'UTF8')), 'hex'), published_at, published_at
     FROM (
       SELECT d.id, d.created_at + k * interval '60 days' AS published_at, row_number() OVER () AS seq,
              '# ' || d.name || E'\\n\\nRevision ' || k || E'. Read it carefully, then type your name to attest.\\n' AS content
       FROM documents d CROSS JOIN LATERAL generate_series(1, 1 + (hashtext(d.id) & 2147483647) % 3) AS k
       WHERE d.organization_id = $1
     ) r`,
    [organizationId],
  );
  await step(
    'latest revisions',
    `UPDATE documents d SET latest_revision_id = r.id, updated_at = r.published_at
     FROM (SELECT DISTINCT ON (document_id) document_id, id, published_at
           FROM document_revisions WHERE organization_id = $1
           ORDER BY document_id, published_at DESC) r
     WHERE r.document_id = d.id`,
    [organizationId],
  );

  await step(
    'groups',
    `INSERT INTO groups (id, organization_id, name, auto_issue_requests, created_at, updated_at)
     SELECT ${sqlUlid('created_at', 'n', 40)}, $1,
            (${sqlArray(DEPARTMENTS)})[1 + n % ${DEPARTMENTS.length}] || ' team ' || lpad(n::text, 3, '0'),
            n % 4 = 0, created_at, created_at
     FROM (SELECT n, now() - interval '450 days' + n * interval '1 hour' AS created_at
           FROM generate_series(1, $2::int) AS n) g`,
    [organizationId, size.groups],
  );

  // Each document in one group (documents spread evenly); each person in one group, three in ten in a second.
  // Groups are numbered once in a keyed table, so both steps find a group by its number with one hash or index
  // lookup per row: joined to a CTE of unknown size, the planner chose a nested loop that read every group for every
  // person (13 minutes for 1,000,000 people).
  await step(
    'number the groups',
    `CREATE TEMP TABLE seed_groups ON COMMIT DROP AS
       SELECT (row_number() OVER (ORDER BY id) - 1)::int AS i, id FROM groups WHERE organization_id = $1;
     ALTER TABLE seed_groups ADD PRIMARY KEY (i);
     ANALYZE seed_groups`.replace(/\$1/g, `'${organizationId}'`),
  );
  await step(
    'group documents',
    `INSERT INTO group_documents (group_id, document_id, created_at)
     SELECT g.id, d.id, d.created_at
     FROM (SELECT id, created_at, (row_number() OVER (ORDER BY id) - 1)::int AS i
           FROM documents WHERE organization_id = $1) d
     JOIN seed_groups g ON g.i = d.i % $2::int`,
    [organizationId, size.groups],
  );
  await step(
    'group memberships',
    `INSERT INTO group_memberships (group_id, person_id, organization_id, created_at)
     SELECT g.id, p.id, $1, p.created_at
     FROM (SELECT id, created_at, row_number() OVER (ORDER BY id)::int AS n FROM people WHERE organization_id = $1) p
     CROSS JOIN LATERAL (VALUES (p.n % $2::int), (CASE WHEN p.n % 10 < 3 THEN (p.n * 7 + 1) % $2::int END)) AS pick(i)
     JOIN seed_groups g ON g.i = pick.i
     ON CONFLICT DO NOTHING`,
    [organizationId, size.groups],
  );
  // Statistics of what was just loaded before it is joined: without them the planner takes the memberships for an
  // empty table and joins each of them to every group document in a nested loop (1,300,000 x 5,000 at 10x).
  await step('analyze the groups', `ANALYZE people, groups, group_documents, group_memberships`);
  await step(
    'document assignments',
    // A document is in one group, so each (document, person) pair comes once. In primary-key order: in join order
    // each row went to a random leaf of the primary key, which at 10x (6,500,000 pairs) outgrows the buffer cache.
    `INSERT INTO document_assignments (document_id, person_id, organization_id, group_id, created_at)
     SELECT gd.document_id, m.person_id, m.organization_id, m.group_id, m.created_at
     FROM group_memberships m JOIN group_documents gd ON gd.group_id = m.group_id
     WHERE m.organization_id = $1
     ORDER BY gd.document_id, m.person_id`,
    [organizationId],
  );

  // One request per chosen assignment, so at most one is open per person and document. The status mix:
  // 55% attested the latest revision, 10% attested an earlier one, 20% sent, 5% viewed, 3% delivery problems,
  // 4% canceled, 3% expired.
  // Statistics of what was just loaded, inside the transaction: without them the planner takes these tables for
  // empty and can pick a nested loop that re-reads the revisions once per request (minutes instead of seconds).
  await step(
    'analyze the loaded tables',
    `ANALYZE people, documents, document_revisions, groups, group_documents, group_memberships, document_assignments`,
  );

  await step(
    'attestation requests',
    `WITH chosen AS (
       SELECT a.document_id, a.person_id, (hashtext(a.person_id || a.document_id) & 2147483647) AS h
       FROM document_assignments a
       WHERE a.organization_id = $1
       ORDER BY hashtext(a.document_id || a.person_id)
       LIMIT $2::int
     ), revision AS (
       SELECT document_id,
              (array_agg(id ORDER BY published_at DESC))[1] AS latest_id,
              (array_agg(id ORDER BY published_at ASC))[1] AS first_id,
              max(published_at) AS latest_at
       FROM document_revisions WHERE organization_id = $1 GROUP BY document_id
     ), shaped AS (
       SELECT c.*, p.full_name, p.email, r.latest_id, r.first_id,
              CASE
                WHEN c.h % 100 < 55 THEN 'attested'
                WHEN c.h % 100 < 65 THEN 'attested_earlier'
                WHEN c.h % 100 < 85 THEN 'sent'
                WHEN c.h % 100 < 90 THEN 'viewed'
                WHEN c.h % 100 < 93 THEN (${OPEN_LIKE})[3 + c.h % 3]
                WHEN c.h % 100 < 97 THEN 'canceled'
                ELSE 'expired'
              END AS kind,
              greatest(r.latest_at, now() - interval '1 day' * (1 + c.h % 300)) AS created_at
       FROM chosen c
       JOIN people p ON p.id = c.person_id
       JOIN revision r ON r.document_id = c.document_id
     )
     INSERT INTO attestation_requests (id, organization_id, document_id, document_revision_id, person_id,
       recipient_name, recipient_email, requested_attestation_type, source, status, recipient_message, access_token_hash,
       sent_at, last_reminded_at, reminder_count, viewed_at, attested_at, canceled_at, expires_at, expired_at,
       requested_by_user_id, created_at, updated_at)
     SELECT ${sqlUlid('created_at', 'seq', 50)}, $1, document_id,
            CASE WHEN kind = 'attested_earlier' THEN first_id ELSE latest_id END,
            person_id, full_name, email, 'signature',
            CASE WHEN h % 2 = 0 THEN 'system' ELSE 'oauth' END,
            CASE WHEN kind = 'attested_earlier' THEN 'attested' ELSE kind END,
            NULL,
            encode(sha256(convert_to(document_id || person_id, 'UTF8')), 'hex'),
            created_at, NULL, 0,
            CASE WHEN kind IN ('viewed', 'attested', 'attested_earlier') THEN created_at + interval '1 hour' END,
            CASE WHEN kind IN ('attested', 'attested_earlier') THEN created_at + interval '1 day' END,
            CASE WHEN kind = 'canceled' THEN created_at + interval '3 days' END,
            NULL,
            CASE WHEN kind = 'expired' THEN created_at + interval '30 days' END,
            $3, created_at, created_at
     FROM (SELECT *, row_number() OVER (ORDER BY created_at, document_id, person_id) AS seq FROM shaped) numbered
     -- In id order (the ids sort by created_at, then seq): each row goes to the primary key's rightmost leaf, not to a
     -- random one of a 5,000,000-entry index that outgrows the buffer cache.
     ORDER BY created_at, document_id, person_id`,
    [organizationId, size.requests, userId],
  );

  // The recount (the same repair as `counters:recount --repair true`) runs in the load's transaction, before the
  // indexes come back: the 6,500,000 standings it writes at 10x then update only their primary key, and the standings'
  // other indexes are built once over them with the rest. It reads the requests just loaded: their statistics first.
  // Its clock is the statement's, not the transaction's start (now()), as when it ran after the commit.
  await step('analyze the requests', `ANALYZE attestation_requests`);
  await step('recount the list counters', `SELECT repair_list_counters($1, statement_timestamp())`, [organizationId]);

  const restoreAt = performance.now();
  const restoreSeconds = new Map<string, number>();
  for (const { table, statement } of suspended) {
    const at = performance.now();
    await client.query(statement);
    restoreSeconds.set(table, (restoreSeconds.get(table) ?? 0) + (performance.now() - at) / 1000);
  }
  steps.push({ step: 'restore indexes and foreign keys', seconds: round((performance.now() - restoreAt) / 1000) });
  for (const [table, seconds] of restoreSeconds) steps.push({ step: `  of which ${table}`, seconds: round(seconds) });
  // The deferred foreign key's checks run now: a table with pending trigger events cannot be altered.
  await client.query('SET CONSTRAINTS ALL IMMEDIATE');
  for (const [table, trigger] of COUNTER_TRIGGERS) await client.query(`ALTER TABLE ${table} ENABLE TRIGGER ${trigger}`);
  await client.query('COMMIT');

  // Fresh statistics and a visibility map, as a long-running database would have: the planner then sees the
  // real sizes and counts can use index-only scans.
  const at = performance.now();
  for (const table of [
    'people',
    'documents',
    'document_revisions',
    'groups',
    'group_documents',
    'group_memberships',
    'document_assignments',
    'attestation_requests',
    'list_totals',
    'attestation_standings',
    'attestation_count_deltas',
  ]) {
    await client.query(`VACUUM (ANALYZE) ${table}`);
  }
  steps.push({ step: 'vacuum analyze', seconds: round((performance.now() - at) / 1000) });

  const rows: Record<string, number> = {};
  for (const table of [
    'people',
    'documents',
    'document_revisions',
    'groups',
    'group_documents',
    'group_memberships',
    'document_assignments',
    'attestation_requests',
  ]) {
    const { rows: counted } = await client.query(
      `SELECT count(*)::int AS n FROM ${table} WHERE ${table === 'group_documents' ? 'group_id IN (SELECT id FROM groups WHERE organization_id = $1)' : 'organization_id = $1'}`,
      [organizationId],
    );
    rows[table] = counted[0].n;
  }
  return { organizationId, userId, token, rows, seconds: round((performance.now() - started) / 1000), steps };
}

/** The triggers that maintain list_totals and the attestation counts (ListCounters migration); others stay on. */
const COUNTER_TRIGGERS: [string, string][] = [
  ...['people', 'documents', 'groups'].flatMap((table) =>
    ['insert', 'update', 'delete'].map((event): [string, string] => [table, `${table}_list_totals_${event}`]),
  ),
  ...['attestation_requests', 'document_assignments'].flatMap((table) =>
    ['insert', 'update', 'delete'].map((event): [string, string] => [table, `${table}_standings_${event}`]),
  ),
  ['people', 'people_standings'],
  ['documents', 'documents_standings'],
];

const BULK_TABLES = [
  'people',
  'group_memberships',
  'document_assignments',
  'attestation_requests',
  'attestation_standings',
];

/**
 * The seeding session's settings, before anything else (temp_buffers cannot change once the session has used a
 * temporary table). Memory for one bulk load on its own: the sorts and hashes of the requests step and the recount
 * (5,000,000 requests, 6,500,000 standings at 10x) and the index builds stay in memory or spill in fewer runs; the
 * recount's temporary tables (expected_standings and its index) stay in local buffers instead of being written out
 * 8 MB at a time.
 */
async function useBulkLoadSettings(client: Client): Promise<void> {
  try {
    await client.query(`SET temp_buffers = '1GB'`);
  } catch (error) {
    // A session that has used temporary tables keeps its value (22023): the load is only slower.
    if ((error as { code?: string }).code !== '22023') throw error;
  }
  await client.query(`SET maintenance_work_mem = '1GB'`);
  await client.query(`SET max_parallel_maintenance_workers = 2`);
  await client.query(`SET work_mem = '512MB'`);
  // Compiling these one-off statements costs more than it saves.
  await client.query(`SET jit = off`);
}

/**
 * Drops the tables' foreign keys and the indexes that back no constraint; returns the statements that restore
 * them, indexes first.
 */
async function suspendForBulkLoad(client: Client, tables: string[]): Promise<{ table: string; statement: string }[]> {
  const { rows: indexes } = await client.query<{ table: string; name: string; definition: string }>(
    `SELECT t.relname AS table, i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
     FROM pg_index i
     JOIN pg_class t ON t.oid = i.indrelid
     WHERE t.relname = ANY($1) AND t.relnamespace = 'public'::regnamespace
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
    [tables],
  );
  const { rows: foreignKeys } = await client.query<{ table: string; name: string; definition: string }>(
    `SELECT c.conrelid::regclass::text AS table, quote_ident(c.conname) AS name, pg_get_constraintdef(c.oid) AS definition
     FROM pg_constraint c
     JOIN pg_class t ON t.oid = c.conrelid
     WHERE c.contype = 'f' AND t.relname = ANY($1) AND t.relnamespace = 'public'::regnamespace`,
    [tables],
  );
  for (const { table, name } of foreignKeys) await client.query(`ALTER TABLE ${table} DROP CONSTRAINT ${name}`);
  for (const { name } of indexes) await client.query(`DROP INDEX ${name}`);
  return [
    ...indexes.map(({ table, definition }) => ({ table, statement: definition })),
    ...foreignKeys.map(({ table, name, definition }) => ({
      table,
      statement: `ALTER TABLE ${table} ADD CONSTRAINT ${name} ${definition}`,
    })),
  ];
}

function round(seconds: number): number {
  return Math.round(seconds * 10) / 10;
}
