import { isoTimestamp } from '@lib/http';
import type { AuditEntryProps } from '../domain/audit-entry';

export function presentAuditEntry(entry: Readonly<AuditEntryProps>) {
  return {
    id: entry.id,
    at: isoTimestamp(entry.at),
    user_id: entry.userId,
    action: entry.action,
    ip: entry.ip,
    user_agent: entry.userAgent,
    details: entry.details,
  };
}
