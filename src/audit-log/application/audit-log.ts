import type { AuditEntry, AuditEntryProps } from '../domain/audit-entry';

export interface AuditQuery {
  organizationId: string;
  userId?: string;
  action?: string;
  /** Entries older than this id (the cursor of the next page). */
  before?: string;
  limit: number;
}

/** The append-only audit log: entries are added, read newest first, and never changed. */
export abstract class AuditLog {
  abstract append(entry: AuditEntry): Promise<void>;
  abstract list(query: AuditQuery): Promise<Readonly<AuditEntryProps>[]>;
  /** Every entry matching the filters, newest first, read by a cursor as the reader asks (`limit` is ignored). */
  abstract stream(query: Omit<AuditQuery, 'limit'>): AsyncIterable<Readonly<AuditEntryProps>>;
}
