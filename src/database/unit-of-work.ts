/**
 * Runs work in one database transaction. Repositories called inside `run` join it without being handed a
 * connection, so use-cases stay free of TypeORM while several ports write atomically (e.g. requests and the
 * outbox rows that announce them).
 */
export abstract class UnitOfWork {
  abstract run<T>(work: () => Promise<T>): Promise<T>;
}
