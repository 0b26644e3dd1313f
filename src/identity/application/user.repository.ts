import type { Role } from '../domain/role';
import type { User } from '../domain/user';
import { StoredEntities } from './stored-entities';

export interface OrganizationMembership {
  organizationId: string;
  userId: string;
  role: Role;
  createdAt: Date;
  updatedAt: Date;
}

export abstract class UserRepository extends StoredEntities<User> {
  abstract findByEmail(email: string): Promise<User | null>;
  /** Creates the membership, or changes the role of an existing one. */
  abstract saveMembership(membership: OrganizationMembership): Promise<void>;
  abstract findMembership(organizationId: string, userId: string): Promise<OrganizationMembership | null>;
  /** Every organization the user belongs to, with its name, by name. */
  abstract membershipsOfUser(userId: string): Promise<(OrganizationMembership & { organizationName: string })[]>;
  /** The organization's members with their user, by name. */
  abstract membersOf(organizationId: string): Promise<(OrganizationMembership & { user: User })[]>;
  abstract removeMembership(organizationId: string, userId: string): Promise<void>;
  /** The organization's owners, locked until the transaction ends, so two changes cannot remove the last one. */
  abstract lockOwners(organizationId: string): Promise<string[]>;
}
