import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Pool, PoolClient, PoolConfig } from 'pg';
import QueryStream from 'pg-query-stream';
import { DataSource } from 'typeorm';
import { clientWithQueryDeadline } from './query-deadline';

/** Rows fetched per round trip: one batch is all an export holds in memory. */
export const STREAM_BATCH_ROWS = 500;
/** Connections kept for long reads (exports), apart from the request pool. */
export const STREAM_POOL_SIZE = 3;
/** A whole export must end within this; each batch is still bound by the server's statement_timeout. */
export const STREAM_DEADLINE_MS = 10 * 60_000;

/**
 * Long reads (the CSV exports) through a server-side cursor, batch by batch as the reader asks for them, on a small
 * pool of their own: a slow download holds one of these connections, never one of the request pool, and is not cut by
 * the request pool's client deadline (a statement's, a few seconds), which a cursor read by a slow client would pass.
 * Ending the iteration early (the client went away) closes the cursor and gives the connection back.
 */
@Injectable()
export class RowStreams implements OnApplicationShutdown {
  private pool: Pool | null = null;

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async *rows<T>(text: string, values: readonly unknown[]): AsyncGenerator<T> {
    const client = await this.connect();
    const stream = client.query(new QueryStream(text, [...values], { batchSize: STREAM_BATCH_ROWS }));
    let failed: Error | undefined;
    try {
      for await (const row of stream) yield row as T;
    } catch (error) {
      failed = error as Error;
      throw error;
    } finally {
      if (!stream.destroyed) await new Promise<void>((resolve) => stream.destroy().once('close', () => resolve()));
      // A connection whose cursor failed mid-way is dropped rather than reused.
      client.release(failed);
    }
  }

  /** How many connections the stream pool holds and how many of them are lent out (for tests and metrics). */
  stats(): { total: number; idle: number; waiting: number } {
    const pool = this.pool;
    return pool
      ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }
      : { total: 0, idle: 0, waiting: 0 };
  }

  async onApplicationShutdown(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    await pool?.end();
  }

  private connect(): Promise<PoolClient> {
    if (!this.pool) {
      const main = (this.db.driver as unknown as { master: { options: PoolConfig & { options?: string } } }).master
        .options;
      const direct = main.statement_timeout !== undefined;
      this.pool = new Pool({
        ...main,
        max: STREAM_POOL_SIZE,
        idleTimeoutMillis: 10_000,
        Client: clientWithQueryDeadline(STREAM_DEADLINE_MS),
        application_name: 'attestation-service-exports',
        // Directly connected (the bounds are startup parameters): a cursor's batches all count against one
        // statement_timeout, so an export gets the stream's deadline; and the planner is steered to plans that walk
        // an index in the export's order (a portal is planned for all its rows, not for a fast start as a DECLAREd
        // cursor is: sorting 100,000 standings first held the first byte back by seconds). Behind a
        // transaction-mode pooler neither can be a startup parameter: the role's settings apply (docs/pooler.md).
        ...(direct && {
          statement_timeout: STREAM_DEADLINE_MS,
          options: `${main.options ?? ''} -c enable_sort=off -c enable_bitmapscan=off`.trim(),
        }),
      } as PoolConfig);
      this.pool.on('error', () => undefined); // an idle connection's error: the pool drops it, the next read reconnects
    }
    return this.pool.connect();
  }
}
