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
