import { Client } from 'pg';
import { DataSource, DataSourceOptions } from 'typeorm';
import { dataSourceOptions } from './data-source-options';
import { clientWithTransactionBounds } from './transaction-bounds';

/**
 * The migrator's connection: no bound on a migration's statements, even where the role has a `statement_timeout`
 * (as behind a transaction-mode pooler, docs/pooler.md): each migration's transaction opens with `SET LOCAL
 * statement_timeout = 0`, which holds through any pooler. Building an index on a large table may take minutes.
 */
function migratorOptions(url: string): DataSourceOptions {
  const options = dataSourceOptions(url, 1);
  return {
    ...options,
    extra: { ...options.extra, Client: clientWithTransactionBounds(Client, 0) },
  } as DataSourceOptions;
}

/** Applies pending migrations to a database. Used by `npm run migration:run`, the embedded start and tests. */
export async function migrate(url: string): Promise<string[]> {
  const dataSource = new DataSource(migratorOptions(url));
  await dataSource.initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await dataSource.destroy();
  }
}

export async function revertAll(url: string): Promise<void> {
  const dataSource = new DataSource(migratorOptions(url));
  await dataSource.initialize();
  try {
    for (;;) {
      const [{ n }] = await dataSource.query(`SELECT count(*)::int AS n FROM schema_migrations`);
      if (n === 0) break;
      await dataSource.undoLastMigration({ transaction: 'each' });
    }
  } finally {
    await dataSource.destroy();
  }
}

if (require.main === module) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    process.stderr.write('DATABASE_URL is required to run migrations\n');
    process.exit(1);
  }
  migrate(url).then(
    (applied) => {
      process.stdout.write(JSON.stringify({ applied }) + '\n');
    },
    (error: unknown) => {
      process.stderr.write(`migration failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
