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

/** Who changed something through a door (an API token's user, a console session's): the identity Actor fits. */
export interface ActingUser {
  userId: string;
  organizationId: string;
  origin: Origin;
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

  /**
   * A change a user made through the API or the console. Without a user (the admin CLI, SCIM provisioning, seeds)
   * there is no one to name and nothing is written: docs/console.md#audit-log-of-changes.
   */
  async changedBy(by: ActingUser | undefined, action: string, details: Record<string, unknown>): Promise<void> {
    if (!by) return;
    await this.record({ organizationId: by.organizationId, userId: by.userId, action, origin: by.origin, details });
  }
}

/** The fields a change names (those not left undefined), spelt as the API spells them, for an entry's details. */
export function changedFields(changes: object): string[] {
  return Object.entries(changes)
    .filter(([, value]) => value !== undefined)
    .map(([name]) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`));
}
