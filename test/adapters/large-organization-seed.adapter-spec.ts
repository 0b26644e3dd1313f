import type { Client } from 'pg';
import { seedLargeOrganization } from '../../bench/lib/large-organization';
import { useTestDatabaseClient } from '../support/test-database';

/**
 * Every index, constraint and trigger of the schema, as PostgreSQL describes them. An index's predicate only says
 * whether there is one: recreated from its own definition, PostgreSQL spells the same predicate's casts differently.
 */
async function schemaOf(client: Client): Promise<string[]> {
  const { rows } = await client.query<{ item: string }>(
    `SELECT 'index ' || split_part(pg_get_indexdef(i.indexrelid), ' WHERE ', 1)
              || CASE WHEN i.indpred IS NULL THEN '' ELSE ' (partial)' END AS item
       FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid WHERE t.relnamespace = 'public'::regnamespace
     UNION ALL
     SELECT 'constraint ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid)
       FROM pg_constraint WHERE connamespace = 'public'::regnamespace
     UNION ALL
     SELECT 'trigger ' || tgname || ' enabled ' || tgenabled::text FROM pg_trigger WHERE NOT tgisinternal
     ORDER BY 1`,
  );
  return rows.map((row) => row.item);
}

/**
 * The bulk seed drops indexes and foreign keys, turns the counters' triggers off and recounts inside its transaction:
 * what it leaves must be the migrated schema and counters equal to a recount from scratch.
 */
describe('seedLargeOrganization', () => {
  const database = useTestDatabaseClient();

  it('leaves the schema as migrated and the counters equal to a recount, for a second organization too', async () => {
    const before = await schemaOf(database.client);
    const size = { people: 1_200, documents: 20, groups: 4, requests: 3_000 };
    const first = await seedLargeOrganization(database.client, size, 'Seeded One');
    const second = await seedLargeOrganization(database.client, size, 'Seeded Two');

    expect(await schemaOf(database.client)).toEqual(before);
    for (const seeded of [first, second]) {
      expect(seeded.rows).toMatchObject({ people: 1_200, documents: 20, groups: 4, attestation_requests: 3_000 });
      const { rows } = await database.client.query(`SELECT repair_list_counters($1, now()) AS fixed`, [
        seeded.organizationId,
      ]);
      expect(rows[0].fixed).toBe(0);
    }
    const { rows: standings } = await database.client.query(
      `SELECT d.organization_id, count(*)::int AS n FROM attestation_standings s JOIN documents d ON d.id = s.document_id
        GROUP BY 1`,
    );
    expect(standings).toHaveLength(2);
    expect(standings.every((row) => row.n > 0)).toBe(true);
  });
});
