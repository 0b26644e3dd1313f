import type { Group } from '../domain/group';

/** The contract's Group. */
export function presentGroup(group: Group) {
  return {
    id: group.id,
    organization_id: group.organizationId,
    name: group.name,
    created_at: group.createdAt.toISOString(),
    updated_at: group.updatedAt.toISOString(),
  };
}
