import type { Page, PageRequest } from '@lib/http';
import type { Group } from '../domain/group';

/** How the API (within the token's organization) or the admin CLI (by id alone) names a group. */
export interface GroupReference {
  /** Absent only for the admin CLI. */
  organizationId?: string;
  groupId: string;
}

export abstract class GroupRepository {
  /** An external id another group of the organization has is a ValidationFailedError (as in `save`). */
  abstract add(group: Group): Promise<void>;
  /** Writes the group's name and settings. */
  abstract save(group: Group): Promise<void>;
  /** Deletes the group with its memberships and its list of documents; false when it was already gone. */
  abstract delete(organizationId: string, groupId: string): Promise<boolean>;
  /**
   * Takes the document out of the group; false when it was not in it (or the group is not the organization's).
   * Assignments and requests stay.
   */
  abstract removeDocument(group: GroupReference, documentId: string): Promise<boolean>;
  /** Any organization: for the admin CLI, which names groups by id alone. */
  abstract findById(id: string): Promise<Group | null>;
  abstract findInOrganization(organizationId: string, id: string): Promise<Group | null>;
  /** One page ordered by name then id. */
  abstract page(organizationId: string, request: PageRequest): Promise<Page<Group>>;
}
