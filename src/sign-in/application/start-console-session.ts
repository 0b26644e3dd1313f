import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { AuditTrail } from '../../audit-log/application/audit-trail';
import type { Origin } from '../../audit-log/domain/audit-entry';
import { ConsoleSession } from '../domain/console-session';
import { ConsoleSessionRepository } from './console-session.repository';

/** One place for a successful sign-in, whatever proved it: a new session (a new id), and its audit line. */
@Injectable()
export class StartConsoleSession {
  constructor(
    private readonly sessions: ConsoleSessionRepository,
    private readonly audit: AuditTrail,
    private readonly clock: Clock,
  ) {}

  async execute(input: {
    userId: string;
    organizationId: string | null;
    auditOrganizationId: string | null;
    method: 'email_link' | 'invitation' | 'single_sign_on';
    origin: Origin;
  }): Promise<{ sessionSecret: string; organizationId: string | null }> {
    const { session, secret } = ConsoleSession.start({
      userId: input.userId,
      organizationId: input.organizationId,
      now: this.clock.now(),
    });
    await this.sessions.save(session);
    await this.audit.record({
      organizationId: input.auditOrganizationId,
      userId: input.userId,
      action: 'sign_in.succeeded',
      origin: input.origin,
      details: { method: input.method, session_id: session.id },
    });
    return { sessionSecret: secret, organizationId: session.organizationId };
  }
}
