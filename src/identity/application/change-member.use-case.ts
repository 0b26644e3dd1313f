import { Injectable } from '@nestjs/common';
import { Clock, isUlid, NotFoundError, ValidationFailedError } from '@lib/core';
import { AuditTrail } from '../../audit-log/application/audit-trail';
import { UnitOfWork } from '../../database/unit-of-work';
import { assertAnOwnerRemains } from '../domain/last-owner';
import { isRole, Role } from '../domain/role';
import type { Actor } from './actor';
import { UserRepository } from './user.repository';

/**
 * An owner or administrator changes a member's role, or removes them (`role` null). The last owner stays; only an
 * owner makes, demotes or removes an owner. The member's sessions and tokens feel it on their next request (read
 * live); a removed member's tokens for the organization go with the membership.
 */
@Injectable()
export class ChangeMember {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly users: UserRepository,
    private readonly audit: AuditTrail,
    private readonly clock: Clock,
  ) {}

  async execute(input: { actor: Actor; userId: string; role: Role | null }): Promise<void> {
    const { actor, role } = input;
    const userId = input.userId.toLowerCase();
    if (role !== null && !isRole(role)) throw ValidationFailedError.single('role', 'The selected role is invalid.');
    await this.unitOfWork.run(async () => {
      const owners = await this.users.lockOwners(actor.organizationId);
      const membership = isUlid(userId) ? await this.users.findMembership(actor.organizationId, userId) : null;
      if (!membership) throw new NotFoundError('No such member in the organization.');
      if ((membership.role === 'owner' || role === 'owner') && actor.role !== 'owner') {
        throw ValidationFailedError.single('role', 'Only an owner can make, change or remove an owner.');
      }
      assertAnOwnerRemains(owners, userId, role);
      if (role === null) await this.users.removeMembership(actor.organizationId, userId);
      else await this.users.saveMembership({ ...membership, role, updatedAt: this.clock.now() });
      await this.audit.changedBy(actor, role === null ? 'member.removed' : 'member.role_changed', {
        member_user_id: userId,
        from: membership.role,
        ...(role ? { to: role } : {}),
      });
    });
  }
}
