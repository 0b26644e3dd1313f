import type { DataSource } from 'typeorm';
import { activeManager } from '../../database/typeorm-unit-of-work';

/** Raw SQL on the unit of work's transaction when one is running, on the pool otherwise; rows typed by the caller. */
export function activeQuery<T>(db: DataSource, sql: string, parameters: unknown[]): Promise<T[]> {
  return activeManager(db).query(sql, parameters);
}
