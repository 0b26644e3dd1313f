/** Work to do once a transaction has committed (relaying the outbox, later webhooks); never run on rollback. */
export type AfterCommit = () => Promise<unknown> | unknown;

/**
 * Runs work in one database transaction. Repositories called inside `run` join it without being handed a
 * connection, so use-cases stay free of TypeORM while several ports write atomically (e.g. requests and the
 * outbox rows that announce them). A `run` inside another joins the outer transaction, within a savepoint, so the
 * inner work can fail and be retried alone.
 */
export abstract class UnitOfWork {
  abstract run<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs `fn` once the outermost transaction in progress has committed, before that `run` resolves; it is dropped
   * if the transaction rolls back (a retried transaction registers its own). Outside a transaction, runs it now.
   * A failing `fn` is logged, never thrown: the transaction is committed whatever it does.
   */
  abstract afterCommit(fn: AfterCommit): Promise<void>;
}
