import { Injectable } from '@nestjs/common';
import { Clock, NotFoundError, ValidationFailedError } from '@lib/core';
import { rules } from '@lib/http';
import { Role } from '../domain/role';
import { User } from '../domain/user';
import { OrganizationRepository } from './organization.repository';
import { OrganizationMembership, UserRepository } from './user.repository';

/** Creates a user and makes them a member of one organization with a role. */
@Injectable()
export class CreateUser {
  constructor(
    private readonly users: UserRepository,
    private readonly organizations: OrganizationRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: {
    organizationId: string;
    name: string;
    email: string;
    role: Role;
  }): Promise<{ user: User; membership: OrganizationMembership }> {
    const email = input.email.trim();
    if (!rules.email.test(email) || email.length > 255) {
      throw ValidationFailedError.single('email', 'The email must be a valid email address.');
    }
    if (input.name.trim() === '' || input.name.length > 255) {
      throw ValidationFailedError.single('name', 'The name must be 1 to 255 characters.');
    }
    if (!(await this.organizations.findById(input.organizationId))) {
      throw new NotFoundError('Organization not found.');
    }
    if (await this.users.findByEmail(email)) {
      throw ValidationFailedError.single('email', 'A user with this email already exists; use user:join.');
    }
    const now = this.clock.now();
    const user = User.create({ name: input.name, email, now });
    await this.users.save(user);
    const membership = {
      organizationId: input.organizationId,
      userId: user.id,
      role: input.role,
      createdAt: now,
      updatedAt: now,
    };
    await this.users.saveMembership(membership);
    return { user, membership };
  }
}
