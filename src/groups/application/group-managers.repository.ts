/** A user in charge of a group, as the organization's members list names them. */
export interface GroupManager {
  userId: string;
  name: string;
  email: string;
}

/** Which group managers are in charge of which groups of an organization. */
export abstract class GroupManagerRepository {
  /** The group's managers who still hold the `group_manager` role, by name then id. */
  abstract listOf(organizationId: string, groupId: string): Promise<GroupManager[]>;
  /** Of `userIds`, those that are members of the organization with the role `group_manager`. */
  abstract findGroupManagers(organizationId: string, userIds: readonly string[]): Promise<Set<string>>;
  /**
   * Makes `userIds` the group's managers (the group's row locked first, so concurrent replacements apply one
   * after the other); answers who was added and who removed.
   */
  abstract replace(
    organizationId: string,
    groupId: string,
    userIds: readonly string[],
    now: Date,
  ): Promise<{ added: string[]; removed: string[] }>;
}
