import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@lib/core';
import { AuditTrail } from '../../audit-log/application/audit-trail';
import type { Origin } from '../../audit-log/domain/audit-entry';
import type { ConsoleContext } from './console-context';
import { ConsoleSessionRepository } from './console-session.repository';

/** A user of several organizations picks the one they work in; only one of their own. */
@Injectable()
export class SwitchOrganization {
  constructor(
    private readonly sessions: ConsoleSessionRepository,
    private readonly audit: AuditTrail,
  ) {}

  async execute(input: { context: ConsoleContext; organizationId: string; origin: Origin }): Promise<void> {
    const target = input.context.organizations.find((o) => o.organizationId === input.organizationId);
    if (!target) throw new NotFoundError('You are not a member of that organization.');
    input.context.session.workIn(target.organizationId);
    await this.sessions.save(input.context.session);
    await this.audit.record({
      organizationId: target.organizationId,
      userId: input.context.user.id,
      action: 'session.switched_organization',
      origin: input.origin,
    });
  }
}
