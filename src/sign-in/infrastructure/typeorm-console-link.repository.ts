import { Injectable } from '@nestjs/common';
import { snapshotMapper, TypeormRecordRepository } from '../../database/typeorm-record-repository';
import { activeManager } from '../../database/typeorm-unit-of-work';
import { ConsoleLinkRepository } from '../application/console-link.repository';
import { ConsoleLink, ConsoleLinkProps } from '../domain/console-link';
import { ConsoleLinkRecord } from './console-link.record';

const consoleLinkMapper = snapshotMapper(ConsoleLinkRecord, (record) =>
  ConsoleLink.restore(record as ConsoleLinkProps),
);

@Injectable()
export class TypeormConsoleLinkRepository
  extends TypeormRecordRepository(ConsoleLinkRecord, consoleLinkMapper)
  implements ConsoleLinkRepository
{
  async lockByHash(tokenHash: string): Promise<ConsoleLink | null> {
    const record = await activeManager(this.db)
      .getRepository(ConsoleLinkRecord)
      .findOne({ where: { tokenHash }, lock: { mode: 'pessimistic_write' } });
    return record ? consoleLinkMapper.toDomain(record) : null;
  }

  findForDelivery(id: string): Promise<ConsoleLink | null> {
    return this.findById(id);
  }
}
