import { Injectable } from '@nestjs/common';
import { ActingUser, AuditTrail } from '../../audit-log/application/audit-trail';
import { UnitOfWork } from '../../database/unit-of-work';
import { GroupMembershipRepository } from './group-membership.repository';
import { GroupTarget, notFoundInGroup, referenceOf } from './group-scope';
import { GroupRepository } from './group.repository';

/**
 * Ends a membership. The documents it assigned and the requests it issued stay: they concern the person. A removal
 * by a user is audited as `group.person_removed`.
 */
@Injectable()
export class RemovePersonFromGroup {
  constructor(
    private readonly groups: GroupRepository,
    private readonly memberships: GroupMembershipRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly audit: AuditTrail,
  ) {}

  /** The group is read only when there was nothing to remove, to tell which is missing. */
  async execute(input: GroupTarget & { personId: string; actor?: ActingUser }): Promise<void> {
    const reference = referenceOf(input);
    const personId = input.personId.toLowerCase();
    const removed = await this.unitOfWork.run(async () => {
      if (!(await this.memberships.removeMember(reference, personId))) return false;
      await this.audit.changedBy(input.actor, 'group.person_removed', {
        group_id: reference.groupId,
        person_id: personId,
      });
      return true;
    });
    if (!removed) await notFoundInGroup(this.groups, input, 'The person is not a member of this group.');
  }
}
