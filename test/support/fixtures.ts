import type { INestApplicationContext } from '@nestjs/common';
import { CreateOrganization } from '../../src/identity/application/create-organization.use-case';
import { CreateUser } from '../../src/identity/application/create-user.use-case';
import { IssueApiToken } from '../../src/identity/application/issue-api-token.use-case';
import type { BillingStatus } from '../../src/identity/domain/organization';
import type { Role } from '../../src/identity/domain/role';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export interface Tenant {
  organizationId: string;
  organizationName: string;
  userId: string;
  token: string;
  tokenId: string;
  auth: { Authorization: string };
}

/** An organization with one user of the given role and a token for them, made through the use-cases. */
export async function createTenant(
  app: INestApplicationContext,
  options: { role?: Role; billing?: BillingStatus; trialEndsAt?: Date; name?: string } = {},
): Promise<Tenant> {
  const organization = await app.get(CreateOrganization).execute({
    name: options.name ?? `Org ${unique()}`,
    billing: options.billing ?? 'active',
    trialEndsAt: options.trialEndsAt,
  });
  const { user } = await app.get(CreateUser).execute({
    organizationId: organization.id,
    name: 'Ada Lovelace',
    email: `ada.${unique()}@example.test`,
    role: options.role ?? 'owner',
  });
  const { token, plaintext } = await app
    .get(IssueApiToken)
    .execute({ userId: user.id, organizationId: organization.id });
  return {
    organizationId: organization.id,
    organizationName: organization.name,
    userId: user.id,
    token: plaintext,
    tokenId: token.id,
    auth: { Authorization: `Bearer ${plaintext}` },
  };
}
