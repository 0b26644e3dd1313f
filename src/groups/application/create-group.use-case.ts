import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { ActingUser, AuditTrail } from '../../audit-log/application/audit-trail';
import { UnitOfWork } from '../../database/unit-of-work';
import { ResourceEvents } from '../../events/application/resource-events';
import { Group } from '../domain/group';
import { groupDetailsSnapshot } from './group-snapshot';
import { GroupRepository } from './group.repository';

/**
 * Adds a group (console, admin CLI, SCIM and seeds: groups are managed outside the API) and records `group.created`.
 * One made by a console user is audited too.
 */
@Injectable()
export class CreateGroup {
  constructor(
    private readonly groups: GroupRepository,
    private readonly clock: Clock,
    private readonly unitOfWork: UnitOfWork,
    private readonly audit: AuditTrail,
    private readonly events: ResourceEvents,
  ) {}

  async execute(input: {
    organizationId: string;
    name: string;
    autoIssueRequests?: boolean;
    externalId?: string | null;
    actor?: ActingUser;
  }): Promise<Group> {
    const { actor, ...fields } = input;
    const group = Group.create({ ...fields, now: this.clock.now() });
    await this.unitOfWork.run(async () => {
      await this.groups.add(group);
      await this.audit.changedBy(actor, 'group.created', { group_id: group.id });
      await this.events.record(group.organizationId, 'group.created', groupDetailsSnapshot(group));
    });
    return group;
  }
}
