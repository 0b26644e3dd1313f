import { Injectable } from '@nestjs/common';
import type { AuditEntryProps } from '../domain/audit-entry';
import { AuditLog, AuditQuery } from './audit-log';

/** The whole filtered audit log, newest first, streamed as the caller reads it (the CSV export of every door). */
@Injectable()
export class ExportAuditLog {
  constructor(private readonly log: AuditLog) {}

  execute(query: Omit<AuditQuery, 'limit'>): AsyncIterable<Readonly<AuditEntryProps>> {
    return this.log.stream(query);
  }
}

/** The audit log's CSV columns, and one entry's cells, shared by the API's and the console's exports. */
export const AUDIT_LOG_CSV_HEADER = ['id', 'at', 'user_id', 'action', 'ip', 'user_agent', 'details'] as const;

export function auditLogCsvRow(entry: Readonly<AuditEntryProps>): (string | Date | null)[] {
  return [entry.id, entry.at, entry.userId, entry.action, entry.ip, entry.userAgent, JSON.stringify(entry.details)];
}
