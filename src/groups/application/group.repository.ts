import type { Page, PageRequest } from '@lib/http';
import type { Group } from '../domain/group';

export abstract class GroupRepository {
  abstract add(group: Group): Promise<void>;
  /** Any organization: for the admin CLI, which names groups by id alone. */
  abstract findById(id: string): Promise<Group | null>;
  abstract findInOrganization(organizationId: string, id: string): Promise<Group | null>;
  /** One page ordered by name then id. */
  abstract page(organizationId: string, request: PageRequest): Promise<Page<Group>>;
  /**
   * Gives the group the document and assigns it to the group's current members, in one transaction;
   * adding it again changes nothing.
   */
  abstract addDocument(groupId: string, documentId: string, now: Date): Promise<void>;
}
