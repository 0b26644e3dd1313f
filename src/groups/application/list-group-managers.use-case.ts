import { Injectable } from '@nestjs/common';
import { GroupManager, GroupManagerRepository } from './group-managers.repository';

/** The group managers an owner or administrator put in charge of a group. */
@Injectable()
export class ListGroupManagers {
  constructor(private readonly managers: GroupManagerRepository) {}

  execute(input: { organizationId: string; groupId: string }): Promise<GroupManager[]> {
    return this.managers.listOf(input.organizationId, input.groupId);
  }
}
