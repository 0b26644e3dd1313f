import type { OrganizationMembership } from '../identity/application/user.repository';
import type { ApiToken } from '../identity/domain/api-token';
import type { Organization } from '../identity/domain/organization';
import type { User } from '../identity/domain/user';

/** Organizations, users and tokens have no API resource; these are their shapes in the admin CLI. */
export function presentOrganization(organization: Organization) {
  return {
    id: organization.id,
    name: organization.name,
    billing: organization.billingStatus,
    trial_ends_at: iso(organization.trialEndsAt),
    created_at: organization.createdAt.toISOString(),
    updated_at: organization.updatedAt.toISOString(),
  };
}

export function presentUser(user: User, membership: OrganizationMembership) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    organization_id: membership.organizationId,
    role: membership.role,
    created_at: user.createdAt.toISOString(),
  };
}

export function presentMembership(membership: OrganizationMembership) {
  return {
    user_id: membership.userId,
    organization_id: membership.organizationId,
    role: membership.role,
    created_at: membership.createdAt.toISOString(),
    updated_at: membership.updatedAt.toISOString(),
  };
}

/** The only place the plaintext ever appears. */
export function presentIssuedToken(token: ApiToken, plaintext: string) {
  return {
    id: token.id,
    name: token.name,
    token: plaintext,
    user_id: token.userId,
    organization_id: token.organizationId,
    expires_at: iso(token.expiresAt),
    created_at: token.createdAt.toISOString(),
  };
}

export function presentToken(token: ApiToken) {
  return {
    id: token.id,
    name: token.name,
    user_id: token.userId,
    organization_id: token.organizationId,
    created_at: token.createdAt.toISOString(),
    last_used_at: iso(token.lastUsedAt),
    expires_at: iso(token.expiresAt),
    revoked_at: iso(token.revokedAt),
  };
}

function iso(date: Date | null): string | null {
  return date?.toISOString() ?? null;
}
