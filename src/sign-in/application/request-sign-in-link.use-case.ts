import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { AuditTrail } from '../../audit-log/application/audit-trail';
import type { Origin } from '../../audit-log/domain/audit-entry';
import { UnitOfWork } from '../../database/unit-of-work';
import { UserRepository } from '../../identity/application/user.repository';
import { SendConsoleLink } from '../../notifications/application/send-console-link';
import { ConsoleLink } from '../domain/console-link';
import { ConsoleLinkRepository } from './console-link.repository';
import { ConsoleUrls } from './console-urls';
import { SignInLimiter } from './sign-in-limiter';
import { SsoSettingsRepository } from './sso-settings.repository';

/** Requests per address and per client IP in 15 minutes. */
export const LINKS_PER_ADDRESS = 5;
export const LINKS_PER_IP = 20;
/** Every answer takes at least this long, so a known address cannot be told from an unknown one by time. */
export const MINIMUM_ANSWER_MS = 250;

export type SignInLinkAnswer = 'maybe_sent' | 'limited';

/**
 * "If this address belongs to a user, a link is on its way": the same answer, in about the same time, whether or
 * not it does. A known user gets a single-use link by email, through the outbox.
 */
@Injectable()
export class RequestSignInLink {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly users: UserRepository,
    private readonly links: ConsoleLinkRepository,
    private readonly sendLink: SendConsoleLink,
    private readonly limiter: SignInLimiter,
    private readonly urls: ConsoleUrls,
    private readonly audit: AuditTrail,
    private readonly clock: Clock,
    private readonly sso: SsoSettingsRepository,
  ) {}

  async execute(input: { email: string; origin: Origin }): Promise<SignInLinkAnswer> {
    const started = Date.now();
    const answer = await this.answer(input.email.trim().toLowerCase(), input.origin);
    const wait = MINIMUM_ANSWER_MS - (Date.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return answer;
  }

  private async answer(email: string, origin: Origin): Promise<SignInLinkAnswer> {
    const underLimit =
      (await this.limiter.allow(`ip:${origin.ip ?? 'unknown'}`, LINKS_PER_IP)) &&
      (await this.limiter.allow(`email:${email}`, LINKS_PER_ADDRESS));
    const user = email.length <= 255 ? await this.users.findByEmail(email) : null;
    const memberships = user ? await this.users.membershipsOfUser(user.id) : [];
    const organizationId = memberships[0]?.organizationId ?? null;
    const userId = memberships.length > 0 ? user!.id : null;
    if (!underLimit) {
      await this.audit.record({ organizationId, userId, action: 'sign_in_link.limited', origin });
      return 'limited';
    }
    if (userId === null || organizationId === null) {
      await this.audit.record({ organizationId: null, userId: null, action: 'sign_in_link.unknown_address', origin });
      return 'maybe_sent';
    }
    if (await this.sso.anyRequires(memberships.map((m) => m.organizationId))) {
      await this.audit.record({ organizationId, userId, action: 'sign_in_link.sso_required', origin });
      return 'maybe_sent';
    }
    await this.unitOfWork.run(async () => {
      const now = this.clock.now();
      const { link } = ConsoleLink.issue({
        appKey: this.urls.appKey,
        userId,
        purpose: 'sign_in',
        organizationId: null,
        now,
      });
      await this.links.save(link);
      await this.sendLink.execute({ organizationId, consoleLinkId: link.id, now });
      await this.audit.record({ organizationId, userId, action: 'sign_in_link.sent', origin });
    });
    return 'maybe_sent';
  }
}
