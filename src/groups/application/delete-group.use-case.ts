import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@lib/core';
import { findGroup, GroupTarget } from './group-scope';
import { GroupRepository } from './group.repository';

/**
 * Deletes a group (API and admin CLI): its memberships and its list of documents go with it; the documents it
 * assigned and the requests it issued stay, since they concern the people.
 */
@Injectable()
export class DeleteGroup {
  constructor(private readonly groups: GroupRepository) {}

  async execute(input: GroupTarget): Promise<void> {
    const group = await findGroup(this.groups, input);
    if (!(await this.groups.delete(group.organizationId, group.id))) throw new NotFoundError('Group not found.');
  }
}
