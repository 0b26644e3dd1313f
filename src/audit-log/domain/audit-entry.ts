import { Entity, newId } from '@lib/core';

/** Where an action came from: the client's IP and user agent, as the door saw them. */
export interface Origin {
  ip: string | null;
  userAgent: string | null;
}

export interface AuditEntryProps {
  id: string;
  /** Null for an attempt that names no organization (a sign-in link asked for an unknown address). */
  organizationId: string | null;
  /** Who acted; null when no one was signed in. */
  userId: string | null;
  action: string;
  ip: string | null;
  userAgent: string | null;
  details: Record<string, unknown>;
  at: Date;
}

const USER_AGENT_MAX = 512;

/** One line of the audit log: written once, never changed (the table refuses updates and deletes). */
export class AuditEntry extends Entity<AuditEntryProps> {
  static record(input: {
    organizationId: string | null;
    userId: string | null;
    action: string;
    origin: Origin;
    details?: Record<string, unknown>;
    now: Date;
  }): AuditEntry {
    return new AuditEntry({
      id: newId(),
      organizationId: input.organizationId,
      userId: input.userId,
      action: input.action,
      ip: input.origin.ip?.slice(0, 64) ?? null,
      userAgent: input.origin.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      details: input.details ?? {},
      at: input.now,
    });
  }
}
