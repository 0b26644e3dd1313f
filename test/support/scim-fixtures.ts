import type { INestApplicationContext } from '@nestjs/common';
import { IssueApiToken } from '../../src/identity/application/issue-api-token.use-case';
import type { Tenant } from './fixtures';

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const LIST_RESPONSE = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

/** A SCIM token (scope `scim`) of the tenant's user, as the console or the admin CLI issues it. */
export async function scimAuth(app: INestApplicationContext, tenant: Tenant): Promise<{ Authorization: string }> {
  const { plaintext } = await app
    .get(IssueApiToken)
    .execute({ userId: tenant.userId, organizationId: tenant.organizationId, scope: 'scim', name: 'Okta' });
  return { Authorization: `Bearer ${plaintext}` };
}

/** The user Okta's SCIM 2.0 test posts (its shape, with our values). */
export function oktaUser(userName: string, more: Record<string, unknown> = {}) {
  const [local] = userName.split('@');
  return {
    schemas: [USER_SCHEMA],
    userName,
    name: { givenName: 'Test', familyName: `User ${local}` },
    emails: [{ primary: true, value: userName, type: 'work' }],
    displayName: `Test User ${local}`,
    locale: 'en-US',
    externalId: `00u${local}`,
    groups: [],
    password: '1mAn1nt3rn@lP@ssw0rd',
    active: true,
    ...more,
  };
}

/** The error body every failure answers (RFC 7644 §3.12). */
export function scimError(status: number, scimType?: string) {
  return {
    schemas: [ERROR_SCHEMA],
    status: String(status),
    detail: expectString(),
    ...(scimType ? { scimType } : {}),
  };
}

function expectString(): unknown {
  return expect.any(String);
}
