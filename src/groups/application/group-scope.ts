import { NotFoundError } from '@lib/core';
import type { Group } from '../domain/group';
import type { GroupRepository } from './group.repository';

/**
 * Who may name a group: the API names it within the token's organization; the admin CLI, which has no
 * organization, names it by id alone. Either way an unknown group is not found.
 */
export interface GroupReference {
  /** Absent only for the admin CLI. */
  organizationId?: string;
  groupId: string;
}

export async function findGroup(groups: GroupRepository, reference: GroupReference): Promise<Group> {
  const id = reference.groupId.toLowerCase();
  const group =
    reference.organizationId === undefined
      ? await groups.findById(id)
      : await groups.findInOrganization(reference.organizationId, id);
  if (!group) throw new NotFoundError('Group not found.');
  return group;
}
