import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { ActingUser, AuditTrail, changedFields } from '../../audit-log/application/audit-trail';
import { UnitOfWork } from '../../database/unit-of-work';
import type { Group, GroupChanges } from '../domain/group';
import { findGroup, GroupTarget } from './group-scope';
import { GroupRepository } from './group.repository';

/**
 * Renames a group or switches its automatic issuance (API, console and admin CLI). Switching it on issues nothing
 * to the current members; people added afterwards are sent requests. A change by a user is audited as
 * `group.updated`, with the fields asked for.
 */
@Injectable()
export class UpdateGroup {
  constructor(
    private readonly groups: GroupRepository,
    private readonly clock: Clock,
    private readonly unitOfWork: UnitOfWork,
    private readonly audit: AuditTrail,
  ) {}

  async execute(input: GroupTarget & { changes: GroupChanges; actor?: ActingUser }): Promise<Group> {
    return this.unitOfWork.run(async () => {
      const group = await findGroup(this.groups, input);
      if (group.update(input.changes, this.clock.now())) {
        await this.groups.save(group);
        await this.audit.changedBy(input.actor, 'group.updated', {
          group_id: group.id,
          fields: changedFields(input.changes),
        });
      }
      return group;
    });
  }
}
