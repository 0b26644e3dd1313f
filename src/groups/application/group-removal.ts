import { Injectable } from '@nestjs/common';
import { ActingUser, AuditTrail } from '../../audit-log/application/audit-trail';
import { UnitOfWork } from '../../database/unit-of-work';
import { GroupReference, GroupTarget, notFoundInGroup, referenceOf } from './group-scope';
import { GroupRepository } from './group.repository';

/** What leaves a group, named as the audit log and the 404 name it, and how its row goes. */
export interface RemovalSide {
  /** The audit log's action and the detail naming what left: `group.person_removed`, `person_id`. */
  audited: string;
  detail: string;
  /** The 404 when the group is there but this is not in it. */
  notInGroup: string;
  /** Deletes the row; answers whether there was one. */
  remove(reference: GroupReference, id: string): Promise<boolean>;
}

/**
 * Takes one person or document out of a group (API, console, admin CLI): the row goes and, when a user did it, its
 * audit line is written, in one transaction. The group is read only when there was nothing to remove, to tell which
 * is missing.
 */
@Injectable()
export class GroupRemoval {
  constructor(
    private readonly groups: GroupRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly audit: AuditTrail,
  ) {}

  async remove(input: GroupTarget & { actor?: ActingUser }, id: string, side: RemovalSide): Promise<void> {
    const reference = referenceOf(input);
    const removedId = id.toLowerCase();
    const removed = await this.unitOfWork.run(async () => {
      if (!(await side.remove(reference, removedId))) return false;
      await this.audit.changedBy(input.actor, side.audited, { group_id: reference.groupId, [side.detail]: removedId });
      return true;
    });
    if (!removed) await notFoundInGroup(this.groups, input, side.notInGroup);
  }
}
