import { Injectable } from '@nestjs/common';
import { Clock, NotFoundError } from '@lib/core';
import { Role } from '../domain/role';
import { OrganizationRepository } from './organization.repository';
import { OrganizationMembership, UserRepository } from './user.repository';

/** Adds a user to another organization, or changes their role there; effective on the next request. */
@Injectable()
export class JoinOrganization {
  constructor(
    private readonly users: UserRepository,
    private readonly organizations: OrganizationRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: { userId: string; organizationId: string; role: Role }): Promise<OrganizationMembership> {
    if (!(await this.users.findById(input.userId))) throw new NotFoundError('User not found.');
    if (!(await this.organizations.findById(input.organizationId))) throw new NotFoundError('Organization not found.');
    const now = this.clock.now();
    const existing = await this.users.findMembership(input.organizationId, input.userId);
    const membership = {
      organizationId: input.organizationId,
      userId: input.userId,
      role: input.role,
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    };
    await this.users.saveMembership(membership);
    return membership;
  }
}
