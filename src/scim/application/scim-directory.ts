import type { Group } from '../../groups/domain/group';
import type { Person } from '../../people/domain/person';

/** What `filter=` may ask of Users: equalities joined by `and`. Names and emails ignore case. */
export interface UserCriteria {
  id?: string;
  userName?: string;
  externalId?: string;
  email?: string;
  /** Two different values asked of one attribute: nobody matches. */
  impossible?: boolean;
}

export interface GroupCriteria {
  id?: string;
  displayName?: string;
  externalId?: string;
  memberId?: string;
  impossible?: boolean;
}

/** A window of a list: `offset` rows skipped (SCIM's `startIndex` - 1), at most `limit` rows. */
export interface Window {
  offset: number;
  limit: number;
}

export interface Listed<T> {
  total: number;
  items: T[];
}

/** A group's member as a Group resource lists them. */
export interface Member {
  id: string;
  display: string;
}

/**
 * The reads of the SCIM door, within one organization. Users are the people a directory provisioned (with a user
 * name); groups are all of the organization's groups.
 */
export abstract class ScimDirectory {
  abstract findUsers(organizationId: string, criteria: UserCriteria, window: Window): Promise<Listed<Person>>;
  /** A provisioned person of the organization, archived or not; null for anyone else. */
  abstract findUser(organizationId: string, id: string): Promise<Person | null>;
  /** The people whose user name or email (ignoring case) is one of these: whom a new user would collide with. */
  abstract findByUserNameOrEmail(organizationId: string, userName: string, email: string): Promise<Person[]>;
  abstract findGroups(organizationId: string, criteria: GroupCriteria, window: Window): Promise<Listed<Group>>;
  /**
   * Inside a transaction: the organization's groups of this name (ignoring case), locked, and the name held until
   * the transaction ends, so that two POSTs of one group run one after the other and the second sees the first's.
   */
  abstract lockGroupsNamed(organizationId: string, name: string): Promise<Group[]>;
  /** The members of each of these groups, in the order they joined. */
  abstract membersOf(groupIds: readonly string[]): Promise<Map<string, Member[]>>;
}
