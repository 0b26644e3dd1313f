import { Injectable } from '@nestjs/common';
import type { ActingUser } from '../../audit-log/application/audit-trail';
import { GroupMembershipRepository } from './group-membership.repository';
import { GroupRemoval } from './group-removal';
import type { GroupTarget } from './group-scope';

/**
 * Ends a membership. The documents it assigned and the requests it issued stay: they concern the person. A removal
 * by a user is audited as `group.person_removed`.
 */
@Injectable()
export class RemovePersonFromGroup {
  constructor(
    private readonly memberships: GroupMembershipRepository,
    private readonly removal: GroupRemoval,
  ) {}

  execute(input: GroupTarget & { personId: string; actor?: ActingUser }): Promise<void> {
    return this.removal.remove(input, input.personId, {
      audited: 'group.person_removed',
      detail: 'person_id',
      notInGroup: 'The person is not a member of this group.',
      remove: (reference, personId) => this.memberships.removeMember(reference, personId),
    });
  }
}
