import { OrganizationRepository } from '../../identity/application/organization-scope';
import type { Page, PageRequest } from '@lib/http';
import type { Group } from '../domain/group';

/** How the API (within the token's organization) or the admin CLI (by id alone) names a group. */
export interface GroupReference {
  /** Absent only for the admin CLI. */
  organizationId?: string;
  groupId: string;
}

/** `add` and `save` refuse an external id another group of the organization has (a ValidationFailedError). */
export abstract class GroupRepository extends OrganizationRepository<Group> {
  /** Deletes the group with its memberships and its list of documents; false when it was already gone. */
  abstract delete(organizationId: string, groupId: string): Promise<boolean>;
  /** One page ordered by name then id. */
  abstract page(organizationId: string, request: PageRequest): Promise<Page<Group>>;
}
