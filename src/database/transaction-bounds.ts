import type { Client } from 'pg';

/** What TypeORM sends to open a transaction (PostgresQueryRunner.startTransaction), always as a simple query. */
const START = 'START TRANSACTION';

/**
 * The text that opens every transaction behind a transaction-mode pooler: the server-side bounds as `SET LOCAL`, in
 * the same simple-protocol message as the START, so they cost no round trip. A pooler refuses (PgBouncer: `08P01
 * unsupported startup parameter`) or drops the startup parameters that carry them on a direct connection, and a
 * session-level `SET` would land on whichever server connection the pooler lent and stay there for the next client.
 */
export function boundedStart(statementTimeoutMs: number, idleInTransactionTimeoutMs?: number): string {
  const idle =
    idleInTransactionTimeoutMs === undefined
      ? ''
      : `; SET LOCAL idle_in_transaction_session_timeout = ${Math.trunc(idleInTransactionTimeoutMs)}`;
  return `${START}; SET LOCAL statement_timeout = ${Math.trunc(statementTimeoutMs)}; SET LOCAL jit = off${idle}`;
}

/** A pg client class whose transactions open with `boundedStart(statementTimeoutMs)`. */
export function clientWithTransactionBounds(
  Base: typeof Client,
  statementTimeoutMs: number,
  idleInTransactionTimeoutMs?: number,
): typeof Client {
  const start = boundedStart(statementTimeoutMs, idleInTransactionTimeoutMs);
  return class ClientWithTransactionBounds extends Base {
    // pg's query() has many overloads; only the first argument is looked at, the rest pass through untouched.
    override query(...args: unknown[]): never {
      if (args[0] === START) args[0] = start;
      return (super.query as (...passed: unknown[]) => never)(...args);
    }
  } as typeof Client;
}
