import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { AuditTrail } from '../../audit-log/application/audit-trail';
import type { Origin } from '../../audit-log/domain/audit-entry';
import { UnitOfWork } from '../../database/unit-of-work';
import { UserRepository } from '../../identity/application/user.repository';
import { hashSecret } from '../domain/console-link';
import { ConsoleLinkRepository } from './console-link.repository';
import { StartConsoleSession } from './start-console-session';

export type Redeemed =
  | { outcome: 'signed_in'; sessionSecret: string; organizationId: string | null }
  | { outcome: 'invalid' | 'expired' | 'used' };

/**
 * Uses a link once and starts a new session (a new id at every sign-in). A forged, expired or reused link starts
 * nothing and is recorded as an attempt.
 */
@Injectable()
export class RedeemConsoleLink {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly links: ConsoleLinkRepository,
    private readonly startSession: StartConsoleSession,
    private readonly users: UserRepository,
    private readonly audit: AuditTrail,
    private readonly clock: Clock,
  ) {}

  async execute(input: { secret: string; origin: Origin }): Promise<Redeemed> {
    const { origin } = input;
    return this.unitOfWork.run(async () => {
      const link = /^[A-Za-z0-9_-]{43}$/.test(input.secret)
        ? await this.links.lockByHash(hashSecret(input.secret))
        : null;
      if (!link) {
        await this.audit.record({ organizationId: null, userId: null, action: 'sign_in.forged_link', origin });
        return { outcome: 'invalid' as const };
      }
      const memberships = await this.users.membershipsOfUser(link.userId);
      const chosen =
        memberships.find((m) => m.organizationId === link.organizationId) ??
        (memberships.length === 1 ? memberships[0] : null);
      const auditOrganization = chosen?.organizationId ?? memberships[0]?.organizationId ?? null;
      const now = this.clock.now();
      const redemption = link.redeem(now);
      if (redemption !== 'redeemed' || memberships.length === 0) {
        const outcome = redemption === 'redeemed' ? 'invalid' : redemption;
        await this.audit.record({
          organizationId: auditOrganization,
          userId: link.userId,
          action: `sign_in.${outcome === 'invalid' ? 'no_membership' : `${outcome}_link`}`,
          origin,
          details: { link_id: link.id },
        });
        return { outcome };
      }
      await this.links.save(link);
      const started = await this.startSession.execute({
        userId: link.userId,
        organizationId: chosen?.organizationId ?? null,
        auditOrganizationId: auditOrganization,
        method: link.purpose === 'invitation' ? 'invitation' : 'email_link',
        origin,
      });
      return { outcome: 'signed_in' as const, ...started };
    });
  }
}
