import type { INestApplication } from '@nestjs/common';
import { CreateUser } from '../../src/identity/application/create-user.use-case';
import { IssueApiToken } from '../../src/identity/application/issue-api-token.use-case';
import type { Tenant } from './fixtures';

let counter = 0;

/** A group manager's token in the tenant's own organization: refused (403) before its ids are even looked at. */
export async function groupManagerOf(app: INestApplication, tenant: Tenant): Promise<{ Authorization: string }> {
  const { user } = await app.get(CreateUser).execute({
    organizationId: tenant.organizationId,
    name: 'Gina Manager',
    email: `manager.${Date.now().toString(36)}${(counter++).toString(36)}@example.test`,
    role: 'group_manager',
  });
  const { plaintext } = await app
    .get(IssueApiToken)
    .execute({ userId: user.id, organizationId: tenant.organizationId });
  return { Authorization: `Bearer ${plaintext}` };
}
