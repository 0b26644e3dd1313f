import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '@lib/core';
import { Metrics, OutboxReading, PoolReading, ScrapeReadings } from './metrics';

/** What node-postgres's Pool tells about itself. */
interface PgPool {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options?: { max?: number };
}

/**
 * The readings Prometheus gets at scrape time: this process's PostgreSQL pool (from node-postgres, no query) and
 * the email outbox's backlog per kind (one query on the partial index of pending rows).
 */
@Injectable()
export class DatabaseReadings implements ScrapeReadings, OnModuleInit {
  constructor(
    private readonly metrics: Metrics,
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.metrics.readFrom(this);
  }

  pool(): PoolReading | null {
    const pool = (this.dataSource.driver as unknown as { master?: PgPool }).master;
    if (!pool) return null;
    return {
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options?.max ?? 0,
    };
  }

  async outbox(): Promise<readonly OutboxReading[]> {
    const rows: Array<{ kind: string; pending: number; oldest: number }> = await this.dataSource.query(
      `SELECT kind, count(*)::int AS pending,
              greatest(extract(epoch FROM ($1::timestamptz - min(created_at))), 0)::float8 AS oldest
         FROM notifications WHERE status = 'pending' GROUP BY kind`,
      [this.clock.now()],
    );
    return rows.map((row) => ({ kind: row.kind, pending: row.pending, oldestAgeSeconds: row.oldest }));
  }
}
