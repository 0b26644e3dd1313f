import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { AuditTrail } from '../../audit-log/application/audit-trail';
import type { Origin } from '../../audit-log/domain/audit-entry';
import type { ConsoleContext } from './console-context';
import { ConsoleSessionRepository } from './console-session.repository';

/** Ends this session, or every session of the user ("sign out everywhere"). */
@Injectable()
export class SignOut {
  constructor(
    private readonly sessions: ConsoleSessionRepository,
    private readonly audit: AuditTrail,
    private readonly clock: Clock,
  ) {}

  async execute(input: { context: ConsoleContext; everywhere: boolean; origin: Origin }): Promise<void> {
    const now = this.clock.now();
    const { session, user, current } = input.context;
    if (input.everywhere) await this.sessions.endAllOfUser(user.id, now);
    session.end(now);
    await this.sessions.save(session);
    await this.audit.record({
      organizationId: current?.organizationId ?? input.context.organizations[0]?.organizationId ?? null,
      userId: user.id,
      action: input.everywhere ? 'sign_out.everywhere' : 'sign_out',
      origin: input.origin,
    });
  }
}
