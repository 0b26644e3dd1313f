import { Injectable } from '@nestjs/common';
import { ActingUser, AuditTrail } from '../../audit-log/application/audit-trail';
import { UnitOfWork } from '../../database/unit-of-work';
import { GroupMembershipRepository, JoiningSide } from './group-membership.repository';
import { GroupTarget, notFoundInGroup, referenceOf } from './group-scope';
import { GroupRepository } from './group.repository';

/** How a side names what leaves (in the caller's input, in the audit line) and its 404 when it is not in the group. */
const NAMES = {
  people: {
    id: 'personId',
    detail: 'person_id',
    audited: 'group.person_removed',
    notInGroup: 'The person is not a member of this group.',
  },
  documents: {
    id: 'documentId',
    detail: 'document_id',
    audited: 'group.document_removed',
    notInGroup: 'The document is not in this group.',
  },
} as const satisfies Record<JoiningSide, { id: string; detail: string; audited: string; notInGroup: string }>;

/** What the caller asks to take out: `{ personId }` or `{ documentId }`. */
export type RemovalInput<S extends JoiningSide> = { [K in (typeof NAMES)[S]['id']]: string };

/**
 * One person or document leaving a group (API, console, SCIM, admin CLI), the mirror of GroupJoin: the row goes and,
 * when a user did it, its audit line is written, in one transaction. What it brought (assignments, requests) stays:
 * it concerns the person. The group is read only when there was nothing to remove, to tell which is missing.
 */
@Injectable()
export abstract class GroupRemoval<S extends JoiningSide> {
  protected abstract readonly side: S;

  constructor(
    private readonly groups: GroupRepository,
    private readonly memberships: GroupMembershipRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly audit: AuditTrail,
  ) {}

  async execute(input: GroupTarget & RemovalInput<S> & { actor?: ActingUser }): Promise<void> {
    const { side } = this;
    const names = NAMES[side];
    const reference = referenceOf(input);
    const removedId = (input as unknown as Record<string, string>)[names.id].toLowerCase();
    const removed = await this.unitOfWork.run(async () => {
      if (!(await this.memberships.remove(side, reference, removedId))) return false;
      await this.audit.changedBy(input.actor, names.audited, { group_id: reference.groupId, [names.detail]: removedId });
      return true;
    });
    if (!removed) await notFoundInGroup(this.groups, input, names.notInGroup);
  }
}
