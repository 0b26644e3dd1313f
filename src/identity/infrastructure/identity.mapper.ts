import { ApiToken } from '../domain/api-token';
import { BillingStatus, Organization } from '../domain/organization';
import { Role } from '../domain/role';
import { User } from '../domain/user';
import type { OrganizationMembership } from '../application/user.repository';
import { ApiTokenRecord } from './api-token.record';
import { OrganizationMembershipRecord } from './organization-membership.record';
import { OrganizationRecord } from './organization.record';
import { UserRecord } from './user.record';

export const organizationMapper = {
  toDomain: (r: OrganizationRecord): Organization =>
    new Organization(
      r.id,
      r.name,
      r.billingStatus as BillingStatus,
      r.trialEndsAt,
      r.createdAt,
      r.updatedAt,
      r.defaultLocale,
    ),
  // The entity's fields are the record's, by name.
  toRecord: (o: Organization): OrganizationRecord => Object.assign(new OrganizationRecord(), o),
};

export const userMapper = {
  toDomain: (r: UserRecord): User => new User(r.id, r.name, r.email, r.createdAt, r.updatedAt),
  toRecord: (u: User): UserRecord => Object.assign(new UserRecord(), u),
};

export const membershipMapper = {
  toDomain: (r: OrganizationMembershipRecord): OrganizationMembership => ({
    organizationId: r.organizationId,
    userId: r.userId,
    role: r.role as Role,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  }),
  toRecord: (m: OrganizationMembership): OrganizationMembershipRecord =>
    Object.assign(new OrganizationMembershipRecord(), m),
};

export const apiTokenMapper = {
  toDomain: (r: ApiTokenRecord): ApiToken => ApiToken.restore(r),
  toRecord: (t: ApiToken): ApiTokenRecord => Object.assign(new ApiTokenRecord(), t.toSnapshot()),
};
