import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { UnitOfWork } from './unit-of-work';

const current = new AsyncLocalStorage<EntityManager>();

/** Deadlocks and serialization failures are safe to retry: PostgreSQL rolled everything back. */
const RETRYABLE = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 3;

/** The entity manager of the transaction in progress, or the data source's own outside one. */
export function activeManager(db: DataSource): EntityManager {
  return current.getStore() ?? db.manager;
}

@Injectable()
export class TypeormUnitOfWork extends UnitOfWork {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (current.getStore()) return work();
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.transaction((manager) => current.run(manager, work));
      } catch (error) {
        if (attempt >= MAX_ATTEMPTS || !RETRYABLE.has(sqlState(error))) throw error;
      }
    }
  }
}

function sqlState(error: unknown): string {
  const withCode = error as { code?: string; driverError?: { code?: string } } | null;
  return withCode?.driverError?.code ?? withCode?.code ?? '';
}
