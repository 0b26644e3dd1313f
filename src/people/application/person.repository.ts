import { OrganizationRepository } from '../../identity/application/organization-scope';
import type { Page, PageRequest } from '@lib/http';
import type { Person } from '../domain/person';

/** What GET /people filters by; text filters match anywhere, `%` and `_` literally. */
export interface PeopleFilter {
  name?: string;
  email?: string;
  phone?: string;
  /** Exactly this directory id (SCIM `externalId`), compared as it is. */
  externalId?: string;
  /** true: only archived people; false: only active ones. */
  archived: boolean;
}

/**
 * `add` and `save` refuse an email another person of the organization has, in any case (a ValidationFailedError).
 */
export abstract class PersonRepository extends OrganizationRepository<Person> {
  /** The people of the organization among `ids` (unknown or foreign ids are left out), in no particular order. */
  abstract findManyInOrganization(organizationId: string, ids: readonly string[]): Promise<Person[]>;
  /** One page, ordered by created_at then id. */
  abstract page(organizationId: string, filter: PeopleFilter, request: PageRequest): Promise<Page<Person>>;
  /**
   * One page of a group's members, archived people included, ordered by when they joined, then by id; null when the
   * organization has no such group (checked in the same statement, so a caller needs no lookup of its own).
   */
  abstract memberPage(organizationId: string, groupId: string, request: PageRequest): Promise<Page<Person> | null>;
  /** The person with this id if they also match the filter. */
  abstract findMatching(organizationId: string, id: string, filter: PeopleFilter): Promise<Person | null>;
}
