import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@lib/core';
import { GroupMembershipRepository } from './group-membership.repository';

/** Ends a membership. The documents it assigned and the requests it issued stay: they concern the person. */
@Injectable()
export class RemovePersonFromGroup {
  constructor(private readonly memberships: GroupMembershipRepository) {}

  async execute(input: { organizationId: string; groupId: string; personId: string }): Promise<void> {
    const groupId = input.groupId.toLowerCase();
    const group = await this.memberships.findGroup(input.organizationId, groupId);
    if (!group) throw new NotFoundError('Group not found.');
    const removed = await this.memberships.removeMember(input.organizationId, groupId, input.personId.toLowerCase());
    if (!removed) throw new NotFoundError('The person is not a member of this group.');
  }
}
