import { Injectable } from '@nestjs/common';
import { Clock, ValidationFailedError } from '@lib/core';
import { AuditTrail } from '../../audit-log/application/audit-trail';
import { UnitOfWork } from '../../database/unit-of-work';
import type { Actor } from '../../identity/application/actor';
import type { Group } from '../domain/group';
import { GroupManager, GroupManagerRepository } from './group-managers.repository';
import { checkIds, wellFormedIds } from './id-list.validation';

/** How many managers one group may have. */
export const MAX_GROUP_MANAGERS = 100;

/**
 * Replaces a group's managers (owners and administrators, API and console). Each id must be a member of the
 * organization with the role `group_manager` (422 on `user_ids.N` otherwise). A change is audited as
 * `group.managers_changed` with who was added and removed; repeating the same list changes and records nothing.
 */
@Injectable()
export class SetGroupManagers {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly managers: GroupManagerRepository,
    private readonly audit: AuditTrail,
    private readonly clock: Clock,
  ) {}

  async execute(input: { actor: Actor; group: Group; userIds: readonly unknown[] }): Promise<GroupManager[]> {
    const { actor, group } = input;
    return this.unitOfWork.run(async () => {
      const candidates = wellFormedIds(input.userIds);
      const valid = await this.managers.findGroupManagers(group.organizationId, candidates);
      const errors = checkIds('user_ids', input.userIds, valid);
      if (Object.keys(errors).length > 0) throw new ValidationFailedError(errors);
      const userIds = input.userIds.map((id) => (id as string).toLowerCase());
      const change = await this.managers.replace(group.organizationId, group.id, userIds, this.clock.now());
      if (change.added.length > 0 || change.removed.length > 0) {
        await this.audit.changedBy(actor, 'group.managers_changed', {
          group_id: group.id,
          added: change.added,
          removed: change.removed,
        });
      }
      return this.managers.listOf(group.organizationId, group.id);
    });
  }
}
