import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { namesStatements } from './data-source-options';
import { preparedStatement } from './prepared-statement';
import { AfterCommit, UnitOfWork } from './unit-of-work';

interface Transaction {
  manager: EntityManager;
  afterCommit: AfterCommit[];
}

const current = new AsyncLocalStorage<Transaction>();

/** Deadlocks and serialization failures are safe to retry: PostgreSQL rolled everything back. */
const RETRYABLE = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 3;
const logger = new Logger('UnitOfWork');

/**
 * The one way adapters reach the database: the entity manager of the transaction in progress, or the data
 * source's own outside one. An adapter that used the data source directly would silently not join the transaction.
 */
export function activeManager(db: DataSource): EntityManager {
  return current.getStore()?.manager ?? db.manager;
}

/** Whether the caller runs inside a transaction (whose snapshot a read outside it would not share). */
export function inTransaction(): boolean {
  return current.getStore() !== undefined;
}

@Injectable()
export class TypeormUnitOfWork extends UnitOfWork {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  /**
   * Inside a transaction already open (a request carrying an Idempotency-Key runs whole in one), the work joins it
   * within a savepoint: a deadlock or a caught constraint violation undoes only this work, which can then be
   * retried, while the enclosing transaction and what it did before stay intact. Its after-commit hooks join the
   * enclosing transaction's once the savepoint is released, and are dropped with it when it rolls back.
   */
  async run<T>(work: () => Promise<T>): Promise<T> {
    const open = current.getStore();
    for (let attempt = 1; ; attempt++) {
      // Each attempt collects its own hooks: those of a rolled-back attempt are dropped with it.
      const hooks: AfterCommit[] = [];
      let result: T;
      try {
        const inTransaction = (manager: EntityManager) => current.run({ manager, afterCommit: hooks }, work);
        result = await (open ? open.manager.transaction(inTransaction) : this.db.transaction(inTransaction));
      } catch (error) {
        if (attempt >= MAX_ATTEMPTS || !RETRYABLE.has(sqlState(error))) throw error;
        continue;
      }
      if (open) open.afterCommit.push(...hooks);
      else for (const hook of hooks) await runHook(hook);
      return result;
    }
  }

  async afterCommit(fn: AfterCommit): Promise<void> {
    const transaction = current.getStore();
    if (transaction) transaction.afterCommit.push(fn);
    else await runHook(fn);
  }
}

async function runHook(hook: AfterCommit): Promise<void> {
  try {
    await hook();
  } catch (error) {
    logger.warn(`after-commit work failed: ${(error as Error).message}`);
  }
}

function sqlState(error: unknown): string {
  const withCode = error as { code?: string; driverError?: { code?: string } } | null;
  return withCode?.driverError?.code ?? withCode?.code ?? '';
}

interface DriverPool<T> {
  options: { namedStatements?: boolean };
  query(config: object): Promise<{ rows: T[] }>;
}

/** Whether readRows sends named statements outside a unit of work (not behind a transaction-mode pooler). */
export function readsNamed(db: DataSource): boolean {
  return namesStatements((db.driver as unknown as { master: DriverPool<unknown> }).master.options);
}

/**
 * Rows of one statement, for the hot reads that map rows themselves: inside a unit of work, through its
 * transaction like everything else; outside one, straight on the driver's pool, which skips the query runner
 * TypeORM creates, connects, logs through and releases around every `query()` (about a fifth of a cheap GET's CPU),
 * as a named statement that each connection parses only once (unnamed behind a transaction-mode pooler).
 */
export async function readRows<T = Record<string, unknown>>(
  db: DataSource,
  text: string,
  values: readonly unknown[],
): Promise<T[]> {
  const transaction = current.getStore();
  if (transaction) return transaction.manager.query(text, [...values]);
  const pool = (db.driver as unknown as { master: DriverPool<T> }).master;
  const config = namesStatements(pool.options) ? preparedStatement(text, values) : { text, values: [...values] };
  return (await pool.query(config)).rows;
}

/** The one row a statement reads (readRows), mapped; null when it reads none. */
export async function readOne<Row, T>(
  db: DataSource,
  text: string,
  values: readonly unknown[],
  map: (row: Row) => T,
): Promise<T | null> {
  const [row] = await readRows<Row>(db, text, values);
  return row ? map(row) : null;
}
