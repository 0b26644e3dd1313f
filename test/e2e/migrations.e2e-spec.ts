import { Client } from 'pg';
import { MIGRATIONS } from '../../src/database/data-source-options';
import { migrate, revertAll } from '../../src/database/migrate';
import { createEmptyDatabase, TestDatabase } from '../support/test-database';

/** The schema's life cycle on a database nobody migrated: apply, revert every step, apply again. */
describe('migrations', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createEmptyDatabase();
  });

  afterAll(async () => {
    await database.drop();
  });

  async function inspect() {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      const tables = await client.query<{ name: string }>(
        `SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = 'public' AND table_name <> 'schema_migrations' ORDER BY 1`,
      );
      const domains = await client.query<{ name: string }>(
        `SELECT domain_name AS name FROM information_schema.domains WHERE domain_schema = 'public' ORDER BY 1`,
      );
      const applied = await client
        .query<{ name: string }>(`SELECT name FROM schema_migrations ORDER BY id`)
        .then((result) => result.rows.map((row) => row.name))
        .catch(() => null);
      return { tables: tables.rows.map((row) => row.name), domains: domains.rows.map((row) => row.name), applied };
    } finally {
      await client.end();
    }
  }

  it('apply on an empty database, revert to nothing, and apply again to the same schema', async () => {
    expect(await inspect()).toEqual({ tables: [], domains: [], applied: null });

    const firstRun = await migrate(database.url);
    expect(firstRun).toEqual(MIGRATIONS.map((migration) => migration.name));
    const migrated = await inspect();
    expect(migrated.tables).toEqual(
      expect.arrayContaining([
        'organizations',
        'users',
        'organization_memberships',
        'api_tokens',
        'people',
        'documents',
        'document_revisions',
        'groups',
        'group_documents',
        'group_memberships',
        'document_assignments',
        'attestation_requests',
        'attestations',
        'notifications',
      ]),
    );
    expect(migrated.applied).toEqual(firstRun);

    // Applying again is a no-op.
    expect(await migrate(database.url)).toEqual([]);

    await revertAll(database.url);
    expect(await inspect()).toEqual({ tables: [], domains: [], applied: [] });

    expect(await migrate(database.url)).toEqual(firstRun);
    expect(await inspect()).toEqual(migrated);
  });

  it('leave a new installation’s tables without statistics, so that plans follow the tables as they grow', async () => {
    await migrate(database.url);
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      // Statistics taken of an empty table say "no rows", and the planner believes them against the table's real
      // size until autovacuum analyzes it again; the plans a connection caches meanwhile (its foreign-key checks')
      // stay as made. Never analyzed, a table is planned as at least 10 pages.
      const analyzedWhileEmpty = await client.query<{ name: string }>(
        `SELECT relname AS name FROM pg_class
          WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' AND reltuples >= 0 ORDER BY 1`,
      );
      expect(analyzedWhileEmpty.rows.map((row) => row.name)).toEqual([]);

      // What it keeps: with 300 people, the check a request's or an assignment's person key makes (the query of
      // PostgreSQL's RI_FKey_check, as a generic plan) reads its index, not every person.
      await client.query(
        `INSERT INTO organizations (id, name, billing_status, created_at, updated_at)
         VALUES ('01m8by0g2ggmnf69j7t9xk15ft', 'Org', 'active', now(), now())`,
      );
      await client.query(
        `INSERT INTO people (id, organization_id, last_name, email, source, created_at, updated_at)
         SELECT '01m8by0g2ggmnf69j7t9' || lpad(n::text, 6, '0'), '01m8by0g2ggmnf69j7t9xk15ft', 'Hopper',
                'p' || n || '@example.test', 'system', now(), now()
           FROM generate_series(1, 300) AS n`,
      );
      await client.query(`SET plan_cache_mode = force_generic_plan`);
      await client.query(
        `PREPARE person_key (varchar, varchar) AS
           SELECT 1 FROM ONLY people x WHERE id = $1 AND organization_id = $2 FOR KEY SHARE OF x`,
      );
      const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN EXECUTE person_key ('a', 'b')`);
      expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/Index Scan using people_tenant_key/);
    } finally {
      await client.end();
    }
  });

  it('the ulid domain accepts exactly the strings of the ULID pattern (checked without a bounded repetition)', async () => {
    await migrate(database.url);
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query(`CREATE TEMP TABLE candidate (value ulid)`);
      const valid = '01m8by0g2ggmnf69j7t9xk15ft';
      const candidates = [
        valid,
        '7zzzzzzzzzzzzzzzzzzzzzzzzz',
        '81m8by0g2ggmnf69j7t9xk15ft', // first character past 7
        valid.toUpperCase(),
        valid.slice(0, 25),
        `${valid}0`,
        valid.replace('g', 'i'),
        valid.replace('g', 'l'),
        valid.replace('g', 'o'),
        valid.replace('g', 'u'),
        valid.replace('g', 'é'), // 26 characters, 27 octets
        `${valid.slice(0, 25)}\n`,
        '',
      ];
      for (const value of candidates) {
        const accepted = await client.query(`INSERT INTO candidate VALUES ($1)`, [value]).then(
          () => true,
          () => false,
        );
        expect({ value, accepted }).toEqual({ value, accepted: /^[0-7][0-9a-hjkmnp-tv-z]{25}$/.test(value) });
      }
    } finally {
      await client.end();
    }
  });
});
