import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { AuditEntry, Origin } from '../domain/audit-entry';
import { AuditLog } from './audit-log';

export interface AuditedAction {
  organizationId: string | null;
  userId: string | null;
  action: string;
  origin: Origin;
  details?: Record<string, unknown>;
}

/** What use-cases call to leave a line in the audit log, in their own transaction. */
@Injectable()
export class AuditTrail {
  constructor(
    private readonly log: AuditLog,
    private readonly clock: Clock,
  ) {}

  async record(action: AuditedAction): Promise<void> {
    await this.log.append(AuditEntry.record({ ...action, now: this.clock.now() }));
  }
}
