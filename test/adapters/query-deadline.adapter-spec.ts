import { Pool } from 'pg';
import { isInfrastructureOutage } from '@lib/http';
import {
  clientWithQueryDeadline,
  QUERY_DEADLINE_SWEEP_MS,
  watchedConnectionCount,
} from '../../src/database/query-deadline';
import { freePort } from '../support/free-port';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * The client-side bound on a query (for a PostgreSQL that stops answering; here a query that runs longer, with no
 * server-side statement timeout): one sweep per process ends the connection of a query past its deadline, as pg's
 * `query_timeout` did with a timer per query.
 */
describe('clientWithQueryDeadline', () => {
  const DEADLINE_MS = 600;
  let database: TestDatabase;
  let pool: Pool;

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = new Pool({ connectionString: database.url, max: 2, Client: clientWithQueryDeadline(DEADLINE_MS) });
  });
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  it('ends a query still unanswered after its deadline with "Query read timeout", an outage (503)', async () => {
    const started = performance.now();
    const error = await pool.query('SELECT pg_sleep(5)').then(
      () => null,
      (reason: Error) => reason,
    );
    const ms = performance.now() - started;
    expect(error?.message).toBe('Query read timeout');
    expect(isInfrastructureOutage(error)).toBe(true);
    expect(ms).toBeGreaterThanOrEqual(DEADLINE_MS - 5);
    expect(ms).toBeLessThan(DEADLINE_MS + 2 * QUERY_DEADLINE_SWEEP_MS + 1000);
  });

  it('leaves queries that answer in time alone, however many run one after another on a connection', async () => {
    const client = await pool.connect();
    try {
      // Each shorter than the deadline, together far longer: the bound is per query, not per connection.
      for (let i = 0; i < 6; i++) {
        const { rows } = await client.query('SELECT pg_sleep(0.3), $1::int AS i', [i]);
        expect(rows[0].i).toBe(i);
      }
    } finally {
      client.release();
    }
  });

  const watchedDrainsToZero = async () => {
    // A client's 'end' comes once its socket has closed, after the pool's end (or a failed connect) has answered.
    for (let waited = 0; watchedConnectionCount() > 0 && waited < 2000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return watchedConnectionCount();
  };

  it('forgets a connection that never connected (nothing listens on the port)', async () => {
    const port = await freePort();
    const unreachable = new Pool({
      connectionString: `postgres://postgres@127.0.0.1:${port}/none`,
      Client: clientWithQueryDeadline(DEADLINE_MS),
    });
    await expect(unreachable.query('SELECT 1')).rejects.toThrow(/ECONNREFUSED|connect/);
    await pool.end();
    expect(await watchedDrainsToZero()).toBe(0);
    await unreachable.end();
    pool = new Pool({ connectionString: database.url, max: 2, Client: clientWithQueryDeadline(DEADLINE_MS) });
  });

  it('keeps using the pool after a connection was ended, and forgets the connections that end', async () => {
    await expect(pool.query('SELECT pg_sleep(5)')).rejects.toThrow('Query read timeout');
    expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    expect(watchedConnectionCount()).toBe(pool.totalCount);
    await pool.end();
    expect(await watchedDrainsToZero()).toBe(0);
    pool = new Pool({ connectionString: database.url, max: 1, Client: clientWithQueryDeadline(DEADLINE_MS) });
  });
});
