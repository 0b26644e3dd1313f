import { Injectable } from '@nestjs/common';
import { GroupMembershipRepository } from './group-membership.repository';
import { GroupTarget, notFoundInGroup, referenceOf } from './group-scope';
import { GroupRepository } from './group.repository';

/** Ends a membership. The documents it assigned and the requests it issued stay: they concern the person. */
@Injectable()
export class RemovePersonFromGroup {
  constructor(
    private readonly groups: GroupRepository,
    private readonly memberships: GroupMembershipRepository,
  ) {}

  /** The group is read only when there was nothing to remove, to tell which is missing. */
  async execute(input: GroupTarget & { personId: string }): Promise<void> {
    if (await this.memberships.removeMember(referenceOf(input), input.personId.toLowerCase())) return;
    await notFoundInGroup(this.groups, input, 'The person is not a member of this group.');
  }
}
