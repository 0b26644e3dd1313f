import { NotFoundError } from '@lib/core';
import { findInScope } from '../../identity/application/organization-scope';
import type { Group } from '../domain/group';
import type { GroupReference, GroupRepository } from './group.repository';

export type { GroupReference };

/** The group itself when the caller has found it already (the API's path guard has), else a reference to it. */
export type GroupTarget = { group: Group } | GroupReference;

/** The target's group: read only when the caller named it by reference. */
export async function findGroup(groups: GroupRepository, target: GroupTarget): Promise<Group> {
  if ('group' in target) return target.group;
  return findInScope(groups, target.organizationId, target.groupId, 'Group not found.');
}

/** The reference a target stands for, without reading the group. */
export function referenceOf(target: GroupTarget): GroupReference {
  if ('group' in target) return { organizationId: target.group.organizationId, groupId: target.group.id };
  return { organizationId: target.organizationId, groupId: target.groupId.toLowerCase() };
}

/** After an act on a group changed nothing: 404 for the group when it is not there, else 404 with `message`. */
export async function notFoundInGroup(groups: GroupRepository, target: GroupTarget, message: string): Promise<never> {
  await findGroup(groups, target);
  throw new NotFoundError(message);
}
