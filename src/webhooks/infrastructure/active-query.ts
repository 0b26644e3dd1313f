import type { DataSource } from 'typeorm';
import type { Page, PageRequest } from '@lib/http';
import { fetchPage } from '@lib/persistence';
import { activeManager } from '../../database/typeorm-unit-of-work';

/** Raw SQL on the unit of work's transaction when one is running, on the pool otherwise; rows typed by the caller. */
export function activeQuery<T>(db: DataSource, sql: string, parameters: unknown[]): Promise<T[]> {
  return activeManager(db).query(sql, parameters);
}

/**
 * A page of `SELECT * FROM <from>` (a table and its WHERE clause, our own text, never input) in `orderBy` order, with
 * the total; `parameters` are the clause's, the offset and limit follow them.
 */
export function activePage<Row, T>(
  db: DataSource,
  request: PageRequest,
  query: { from: string; orderBy: string; parameters: unknown[] },
  toItem: (row: Row) => T,
): Promise<Page<T>> {
  const { from, orderBy, parameters } = query;
  const next = parameters.length + 1;
  return fetchPage(
    request,
    async () => (await activeQuery<{ n: number }>(db, `SELECT count(*)::int AS n FROM ${from}`, parameters))[0].n,
    async (offset, limit) =>
      (
        await activeQuery<Row>(db, `SELECT * FROM ${from} ORDER BY ${orderBy} OFFSET $${next} LIMIT $${next + 1}`, [
          ...parameters,
          offset,
          limit,
        ])
      ).map(toItem),
  );
}
