import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { saveSnapshot } from '@lib/persistence';
import { findRecordById } from '../../database/typeorm-record-repository';
import { activeManager } from '../../database/typeorm-unit-of-work';
import { ConsoleLinkRepository } from '../application/console-link.repository';
import { ConsoleLink, ConsoleLinkProps } from '../domain/console-link';
import { ConsoleLinkRecord } from './console-link.record';

const toDomain = (record: ConsoleLinkRecord) => ConsoleLink.restore(record as ConsoleLinkProps);

@Injectable()
export class TypeormConsoleLinkRepository extends ConsoleLinkRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  async save(link: ConsoleLink): Promise<void> {
    await saveSnapshot(activeManager(this.db), ConsoleLinkRecord, link);
  }

  async lockByHash(tokenHash: string): Promise<ConsoleLink | null> {
    const record = await activeManager(this.db)
      .getRepository(ConsoleLinkRecord)
      .findOne({ where: { tokenHash }, lock: { mode: 'pessimistic_write' } });
    return record ? toDomain(record) : null;
  }

  findForDelivery(id: string): Promise<ConsoleLink | null> {
    return findRecordById(this.db, ConsoleLinkRecord, id, toDomain);
  }
}
