import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { useTestDatabaseClient } from '../support/test-database';

const SOURCE = join(__dirname, '..', '..', 'src');

/** Every table a statement of the application deletes from (`DELETE FROM <table>` in src/, trigger functions too). */
function tablesTheApplicationDeletesFrom(): string[] {
  const tables = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith('.ts')) {
        for (const match of readFileSync(path, 'utf8').matchAll(/DELETE FROM ([a-z_]+)/g)) tables.add(match[1]);
      }
    }
  };
  visit(SOURCE);
  return [...tables].sort();
}

/**
 * The foreign keys whose referencing rows PostgreSQL must look up when a row the application deletes goes (directly,
 * or by a cascade from one), and that no index of the referencing table leads with: each such delete reads the whole
 * referencing table, every organization's rows.
 */
async function keysReadByAScan(client: Client, deleted: string[]): Promise<string[]> {
  const { rows } = await client.query<{ key: string }>(
    `WITH RECURSIVE deleted (tbl) AS (
       SELECT to_regclass(name) FROM unnest($1::text[]) AS name
       UNION
       SELECT c.conrelid::regclass FROM pg_constraint c JOIN deleted d ON c.confrelid = d.tbl
        WHERE c.contype = 'f' AND c.confdeltype = 'c')
     SELECT c.conrelid::regclass || '.' || c.conname AS key
       FROM pg_constraint c JOIN deleted d ON c.confrelid = d.tbl
      WHERE c.contype = 'f'
        AND NOT EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = c.conrelid AND i.indkey[0] = ANY (c.conkey))
      ORDER BY 1`,
    [deleted],
  );
  return rows.map((row) => row.key);
}

describe('rows the application deletes are found by index in the tables that refer to them', () => {
  const database = useTestDatabaseClient();

  it('finds the tables deleted from, groups among them', () => {
    expect(tablesTheApplicationDeletesFrom()).toEqual(expect.arrayContaining(['groups', 'webhook_endpoints']));
  });

  it('has an index for every foreign key such a delete looks up', async () => {
    expect(await keysReadByAScan(database.client, tablesTheApplicationDeletesFrom())).toEqual([]);
  });

  it('reports a key without one (the assignments’ group, its index dropped)', async () => {
    await database.client.query('BEGIN');
    try {
      await database.client.query('DROP INDEX document_assignments_group');
      expect(await keysReadByAScan(database.client, tablesTheApplicationDeletesFrom())).toEqual([
        'document_assignments.document_assignments_group_id_fkey',
      ]);
    } finally {
      await database.client.query('ROLLBACK');
    }
  });
});
