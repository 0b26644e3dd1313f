import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@lib/core';
import { ActingUser, AuditTrail } from '../../audit-log/application/audit-trail';
import { UnitOfWork } from '../../database/unit-of-work';
import { ResourceEvents } from '../../events/application/resource-events';
import { findGroup, GroupTarget } from './group-scope';
import { groupDetailsSnapshot } from './group-snapshot';
import { GroupRepository } from './group.repository';

/**
 * Deletes a group (API and admin CLI): its memberships and its list of documents go with it; the documents it
 * assigned and the requests it issued stay, since they concern the people. A deletion records `group.deleted`, the
 * group as it was; by a user, it is audited with the group's name (the group itself is gone).
 */
@Injectable()
export class DeleteGroup {
  constructor(
    private readonly groups: GroupRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly audit: AuditTrail,
    private readonly events: ResourceEvents,
  ) {}

  async execute(input: GroupTarget & { actor?: ActingUser }): Promise<void> {
    const group = await findGroup(this.groups, input);
    await this.unitOfWork.run(async () => {
      if (!(await this.groups.delete(group.organizationId, group.id))) throw new NotFoundError('Group not found.');
      await this.audit.changedBy(input.actor, 'group.deleted', { group_id: group.id, name: group.name });
      await this.events.record(group.organizationId, 'group.deleted', groupDetailsSnapshot(group));
    });
  }
}
