import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, FindOptionsWhere, LessThan } from 'typeorm';
import { saveSnapshot } from '@lib/persistence';
import { RowStreams } from '../../database/row-streams';
import { activeManager } from '../../database/typeorm-unit-of-work';
import { AuditLog, AuditQuery } from '../application/audit-log';
import type { AuditEntry, AuditEntryProps } from '../domain/audit-entry';
import { AuditEntryRecord } from './audit-entry.record';

@Injectable()
export class TypeormAuditLog extends AuditLog {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly streams: RowStreams,
  ) {
    super();
  }

  async append(entry: AuditEntry): Promise<void> {
    await saveSnapshot(activeManager(this.db), AuditEntryRecord, entry);
  }

  /** Ids are ULIDs, so id order is time order; `before` is an id cursor. */
  async list(query: AuditQuery): Promise<Readonly<AuditEntryProps>[]> {
    const where: FindOptionsWhere<AuditEntryRecord> = { organizationId: query.organizationId };
    if (query.userId) where.userId = query.userId;
    if (query.action) where.action = query.action;
    if (query.before) where.id = LessThan(query.before);
    return activeManager(this.db)
      .getRepository(AuditEntryRecord)
      .find({ where, order: { id: 'DESC' }, take: query.limit });
  }

  async *stream(query: Omit<AuditQuery, 'limit'>): AsyncIterable<Readonly<AuditEntryProps>> {
    const values: unknown[] = [query.organizationId];
    const conditions = ['organization_id = $1'];
    if (query.userId) conditions.push(`user_id = $${values.push(query.userId)}`);
    if (query.action) conditions.push(`action = $${values.push(query.action)}`);
    if (query.before) conditions.push(`id < $${values.push(query.before)}`);
    const text = `SELECT id, organization_id AS "organizationId", user_id AS "userId", action, ip,
                         user_agent AS "userAgent", details, at
                    FROM audit_log WHERE ${conditions.join(' AND ')} ORDER BY id DESC`;
    yield* this.streams.rows<AuditEntryProps>(text, values);
  }
}
