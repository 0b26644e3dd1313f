import { Injectable } from '@nestjs/common';
import { In, IsNull } from 'typeorm';
import { snapshotMapper, TypeormRecordRepository } from '../../database/typeorm-record-repository';
import { activeManager } from '../../database/typeorm-unit-of-work';
import { ConsoleSessionRepository } from '../application/console-session.repository';
import { ConsoleSession } from '../domain/console-session';
import { ConsoleSessionRecord } from './console-session.record';

const consoleSessionMapper = snapshotMapper(ConsoleSessionRecord, (record) => ConsoleSession.restore(record));

@Injectable()
export class TypeormConsoleSessionRepository
  extends TypeormRecordRepository(ConsoleSessionRecord, consoleSessionMapper)
  implements ConsoleSessionRepository
{
  async findBySecretHash(secretHash: string): Promise<ConsoleSession | null> {
    const record = await activeManager(this.db).getRepository(ConsoleSessionRecord).findOneBy({ secretHash });
    return record ? consoleSessionMapper.toDomain(record) : null;
  }

  async endAllOfUser(userId: string, now: Date): Promise<void> {
    await activeManager(this.db)
      .getRepository(ConsoleSessionRecord)
      .update({ userId, endedAt: IsNull() }, { endedAt: now });
  }

  async lastSignIns(userIds: readonly string[]): Promise<Map<string, Date>> {
    if (userIds.length === 0) return new Map();
    const rows: { user_id: string; at: Date }[] = await activeManager(this.db)
      .getRepository(ConsoleSessionRecord)
      .createQueryBuilder('s')
      .select('s.user_id', 'user_id')
      .addSelect('max(s.created_at)', 'at')
      .where({ userId: In([...userIds]) })
      .groupBy('s.user_id')
      .getRawMany();
    return new Map(rows.map((row) => [row.user_id, new Date(row.at)]));
  }
}
