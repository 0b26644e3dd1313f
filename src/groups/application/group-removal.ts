import { Injectable } from '@nestjs/common';
import { ActingUser, AuditTrail } from '../../audit-log/application/audit-trail';
import { UnitOfWork } from '../../database/unit-of-work';
import { ResourceEvents } from '../../events/application/resource-events';
import type { ResourceEventType } from '../../events/domain/event-type';
import { GroupMembershipRepository, JoiningSide } from './group-membership.repository';
import { findGroup, GroupTarget, notFoundInGroup, referenceOf } from './group-scope';
import { groupDetailsSnapshot } from './group-snapshot';
import { GroupRepository } from './group.repository';

/**
 * How a side names what leaves (in the caller's input, in the audit line, in the event's data as a list), its event's
 * type and its 404 when it is not in the group.
 */
const NAMES = {
  people: {
    id: 'personId',
    detail: 'person_id',
    audited: 'group.person_removed',
    field: 'person_ids',
    event: 'group.members_removed',
    notInGroup: 'The person is not a member of this group.',
  },
  documents: {
    id: 'documentId',
    detail: 'document_id',
    audited: 'group.document_removed',
    field: 'document_ids',
    event: 'group.documents_removed',
    notInGroup: 'The document is not in this group.',
  },
} as const satisfies Record<
  JoiningSide,
  {
    id: string;
    detail: string;
    audited: string;
    field: string;
    event: ResourceEventType;
    notInGroup: string;
  }
>;

/** What the caller asks to take out: `{ personId }` or `{ documentId }`. */
export type RemovalInput<S extends JoiningSide> = { [K in (typeof NAMES)[S]['id']]: string };

/**
 * One person or document leaving a group (API, console, SCIM, admin CLI), the mirror of GroupJoin: the row goes and,
 * its event is recorded (the group as the API shows it, with the id that left) and, when a user did it, its audit
 * line is written, in one transaction. What it brought (assignments, requests) stays: it concerns the person.
 */
@Injectable()
export abstract class GroupRemoval<S extends JoiningSide> {
  protected abstract readonly side: S;

  constructor(
    private readonly groups: GroupRepository,
    private readonly memberships: GroupMembershipRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly audit: AuditTrail,
    private readonly events: ResourceEvents,
  ) {}

  async execute(input: GroupTarget & RemovalInput<S> & { actor?: ActingUser }): Promise<void> {
    const { side } = this;
    const names = NAMES[side];
    const reference = referenceOf(input);
    const removedId = (input as unknown as Record<string, string>)[names.id].toLowerCase();
    const removed = await this.unitOfWork.run(async () => {
      if (!(await this.memberships.remove(side, reference, removedId))) return false;
      await this.audit.changedBy(input.actor, names.audited, {
        group_id: reference.groupId,
        [names.detail]: removedId,
      });
      const group = await findGroup(this.groups, input);
      await this.events.record(group.organizationId, names.event, {
        ...groupDetailsSnapshot(group),
        [names.field]: [removedId],
      });
      return true;
    });
    if (!removed) await notFoundInGroup(this.groups, input, names.notInGroup);
  }
}
