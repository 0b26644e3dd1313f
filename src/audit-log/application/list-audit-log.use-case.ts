import { Injectable } from '@nestjs/common';
import type { AuditEntryProps } from '../domain/audit-entry';
import { AuditLog, AuditQuery } from './audit-log';

/** A page of the organization's audit log, newest first, and whether older entries remain. */
@Injectable()
export class ListAuditLog {
  constructor(private readonly log: AuditLog) {}

  async execute(query: AuditQuery): Promise<{ entries: Readonly<AuditEntryProps>[]; hasMore: boolean }> {
    const rows = await this.log.list({ ...query, limit: query.limit + 1 });
    return { entries: rows.slice(0, query.limit), hasMore: rows.length > query.limit };
  }
}
