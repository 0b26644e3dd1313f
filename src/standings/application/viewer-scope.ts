import type { Role } from '../../identity/domain/role';
import { hasFullApiAccess } from '../../identity/domain/role';

/**
 * What a signed-in user may read of their organization: all of it (owners, administrators), or only the groups they
 * are in charge of, those groups' people and those people's requests (a group manager). The groups are not listed
 * here but read by every scoped query from `group_managers` in the same statement, so a change of managers applies
 * to the next read. Something outside the scope is not found, as another organization's would be.
 */
export type ViewerScope =
  | { organizationId: string; kind: 'organization' }
  | { organizationId: string; kind: 'managed_groups'; managerId: string };

export function viewerScopeOf(viewer: { organizationId: string; userId: string; role: Role }): ViewerScope {
  return hasFullApiAccess(viewer.role)
    ? { organizationId: viewer.organizationId, kind: 'organization' }
    : { organizationId: viewer.organizationId, kind: 'managed_groups', managerId: viewer.userId };
}
