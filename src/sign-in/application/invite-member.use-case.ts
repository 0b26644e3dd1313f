import { Injectable } from '@nestjs/common';
import { Clock, ValidationFailedError } from '@lib/core';
import { rules } from '@lib/http';
import { AuditTrail } from '../../audit-log/application/audit-trail';
import { UnitOfWork } from '../../database/unit-of-work';
import type { Actor } from '../../identity/application/actor';
import { UserRepository } from '../../identity/application/user.repository';
import { isRole, Role } from '../../identity/domain/role';
import { User } from '../../identity/domain/user';
import { SendConsoleLink } from '../../notifications/application/send-console-link';
import { ConsoleLink } from '../domain/console-link';
import { ConsoleLinkRepository } from './console-link.repository';
import { ConsoleUrls } from './console-urls';

/**
 * An owner or administrator invites someone by email with a role: they become a member at once (a new user if the
 * address is new) and receive a link, valid 7 days and single-use, that signs them in to this organization.
 */
@Injectable()
export class InviteMember {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly users: UserRepository,
    private readonly links: ConsoleLinkRepository,
    private readonly sendLink: SendConsoleLink,
    private readonly urls: ConsoleUrls,
    private readonly audit: AuditTrail,
    private readonly clock: Clock,
  ) {}

  async execute(input: { actor: Actor; email: string; name: string; role: Role }): Promise<void> {
    const { actor } = input;
    const email = input.email.trim();
    const name = input.name.trim();
    const errors: Record<string, string[]> = {};
    if (!rules.email.test(email) || email.length > 255) errors.email = ['The email must be a valid email address.'];
    if (name.length > 255) errors.name = ['The name must not be greater than 255 characters.'];
    if (!isRole(input.role)) errors.role = ['The selected role is invalid.'];
    else if (input.role === 'owner' && actor.role !== 'owner') errors.role = ['Only an owner can invite an owner.'];
    if (Object.keys(errors).length > 0) throw new ValidationFailedError(errors);
    await this.unitOfWork.run(async () => {
      const now = this.clock.now();
      let user = await this.users.findByEmail(email);
      if (user && (await this.users.findMembership(actor.organizationId, user.id))) {
        throw ValidationFailedError.single('email', 'This person is already a member of the organization.');
      }
      if (!user) {
        if (name === '') throw ValidationFailedError.single('name', 'The name is required for a new user.');
        user = User.create({ name, email, now });
        await this.users.save(user);
      }
      await this.users.saveMembership({
        organizationId: actor.organizationId,
        userId: user.id,
        role: input.role,
        createdAt: now,
        updatedAt: now,
      });
      const { link } = ConsoleLink.issue({
        appKey: this.urls.appKey,
        userId: user.id,
        purpose: 'invitation',
        organizationId: actor.organizationId,
        now,
      });
      await this.links.save(link);
      await this.sendLink.execute({ organizationId: actor.organizationId, consoleLinkId: link.id, now });
      await this.audit.changedBy(actor, 'member.invited', { member_user_id: user.id, email, role: input.role });
    });
  }
}
