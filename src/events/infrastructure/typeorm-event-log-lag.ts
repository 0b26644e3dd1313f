import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { activeManager } from '../../database/typeorm-unit-of-work';
import { EventLogLag, WatermarkLag } from '../application/event-log-lag';

/**
 * The watermark (`src/database/event-watermark.sql.ts`) is the oldest transaction id in progress, other databases'
 * aside: the transaction of this database with the oldest id (largest `age`) holds it. Its age is counted from its
 * start, the only time PostgreSQL keeps (its id may have come later, at its first write), on the server's clock.
 */
@Injectable()
export class TypeormEventLogLag extends EventLogLag {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  async read(): Promise<WatermarkLag> {
    const [row]: { pid: number; application_name: string; xact_start: Date; state: string | null; age: number }[] =
      await activeManager(this.db).query(
        `SELECT pid, application_name, xact_start, state,
                greatest(extract(epoch FROM (clock_timestamp() - xact_start)), 0)::float8 AS age
           FROM pg_stat_activity
          WHERE datname = current_database() AND backend_xid IS NOT NULL AND xact_start IS NOT NULL
            AND pid <> pg_backend_pid()
          ORDER BY age(backend_xid) DESC LIMIT 1`,
      );
    if (!row) return { seconds: 0, blocking: null };
    return {
      seconds: row.age,
      blocking: { pid: row.pid, applicationName: row.application_name, xactStart: row.xact_start, state: row.state },
    };
  }
}
