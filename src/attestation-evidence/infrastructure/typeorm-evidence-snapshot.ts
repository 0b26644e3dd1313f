import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { activeManager } from '../../database/typeorm-unit-of-work';
import { UnitOfWork } from '../../database/unit-of-work';
import { EvidenceSnapshot } from '../application/evidence-snapshot';

/**
 * A read-only REPEATABLE READ transaction: every statement in it sees the database as of its first statement.
 * `SET TRANSACTION` must come before any query of the transaction, hence first thing in the unit of work.
 */
@Injectable()
export class TypeormEvidenceSnapshot extends EvidenceSnapshot {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    @InjectDataSource() private readonly db: DataSource,
  ) {
    super();
  }

  async read<T>(work: () => Promise<T>): Promise<T> {
    return this.unitOfWork.run(async () => {
      await activeManager(this.db).query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      return work();
    });
  }
}
