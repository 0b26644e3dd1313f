import { DataSource, Logger } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options';

export interface ExplainedQuery {
  sql: string;
  parameters: unknown[];
  plan: string;
}

/** Remembers every statement TypeORM sends, with its parameters. */
class RecordingLogger implements Logger {
  readonly statements: { sql: string; parameters: unknown[] }[] = [];
  logQuery(sql: string, parameters?: unknown[]): void {
    this.statements.push({ sql, parameters: parameters ?? [] });
  }
  logQueryError(): void {}
  logQuerySlow(): void {}
  logSchemaBuild(): void {}
  logMigration(): void {}
  log(): void {}
}

/**
 * Runs `work` (the application's own repository calls) on a DataSource that records its statements, then runs
 * each recorded SELECT again under EXPLAIN (ANALYZE, BUFFERS), so the plans are those of the API's exact SQL.
 */
export async function explainQueries(
  databaseUrl: string,
  work: (db: DataSource) => Promise<unknown>,
): Promise<ExplainedQuery[]> {
  const logger = new RecordingLogger();
  const db = new DataSource({ ...dataSourceOptions(databaseUrl, 2), logging: ['query'], logger });
  await db.initialize();
  logger.statements.splice(0);
  try {
    await work(db);
    const selects = logger.statements.filter(({ sql }) => /^\s*(WITH|SELECT)\b/i.test(sql));
    const explained: ExplainedQuery[] = [];
    for (const { sql, parameters } of selects) {
      const rows: { 'QUERY PLAN': string }[] = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, parameters);
      explained.push({ sql: sql.trim(), parameters, plan: rows.map((row) => row['QUERY PLAN']).join('\n') });
    }
    return explained;
  } finally {
    await db.destroy();
  }
}
