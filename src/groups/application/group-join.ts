import { Injectable } from '@nestjs/common';
import { Clock, NotFoundError, ValidationFailedError } from '@lib/core';
import { ActingUser, AuditTrail } from '../../audit-log/application/audit-trail';
import { RequestIssuer } from '../../attestation-requests/application/request-issuer';
import { UnitOfWork } from '../../database/unit-of-work';
import { ResourceEvents } from '../../events/application/resource-events';
import type { ResourceEventType } from '../../events/domain/event-type';
import { GroupMembershipRepository, JoiningSide, MembershipGroup } from './group-membership.repository';
import { GroupTarget, referenceOf } from './group-scope';
import { groupDetailsSnapshot } from './group-snapshot';
import { checkIds, wellFormedIds } from './id-list.validation';

/** The pairs (people × documents) that joining makes. */
interface Pairs {
  personIds: readonly string[];
  documentIds: readonly string[];
}

/**
 * How a side names its ids (in the caller's input, in each entry it is answered, in the body's errors and the
 * event's data), the audit log's name for a join that added some, and its event's type.
 */
const NAMES = {
  people: {
    ids: 'personIds',
    id: 'personId',
    field: 'person_ids',
    audited: 'group.people_added',
    event: 'group.members_added',
  },
  documents: {
    ids: 'documentIds',
    id: 'documentId',
    field: 'document_ids',
    audited: 'group.documents_added',
    event: 'group.documents_added',
  },
} as const satisfies Record<
  JoiningSide,
  { ids: string; id: string; field: string; audited: string; event: ResourceEventType }
>;

type Names<S extends JoiningSide> = (typeof NAMES)[S];
/** What the caller asks to join: `{ personIds }` or `{ documentIds }`. */
export type JoinInput<S extends JoiningSide> = { [K in Names<S>['ids']]: readonly unknown[] };
/** What the caller is answered for each id: `{ groupId, personId }` or `{ groupId, documentId }`. */
export type JoinEntry<S extends JoiningSide> = { groupId: string } & { [K in Names<S>['id']]: string };

/**
 * People or documents joining a group (API, console and admin CLI), all or nothing, in one transaction; the group's
 * row is its one read, locked. Only the newcomers make pairs (people × documents): each pair's document is assigned;
 * when the group issues requests automatically, each pair still to be signed gets one request (source `system`),
 * issued set-based by the request issuer, with one email per person once the transaction commits; each pair's
 * standing is computed once, after both its assignment and its request. Ids already in the group are answered like
 * the others and change nothing, which also makes concurrent identical calls harmless. A join that added some
 * records its event: the group as the API shows it, with the ids that joined.
 */
@Injectable()
export abstract class GroupJoin<S extends JoiningSide> {
  protected abstract readonly side: S;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly memberships: GroupMembershipRepository,
    private readonly issuer: RequestIssuer,
    private readonly clock: Clock,
    private readonly audit: AuditTrail,
    private readonly events: ResourceEvents,
  ) {}

  /**
   * Answers one entry per requested id, in the request's order. The ids are checked here, element by element, once
   * the group is known to exist (404 comes before 422).
   */
  async execute(input: GroupTarget & JoinInput<S> & { actor?: ActingUser }): Promise<JoinEntry<S>[]> {
    const { side } = this;
    const names = NAMES[side];
    const ids = (input as unknown as Record<string, readonly unknown[]>)[names.ids];
    const candidates = wellFormedIds(ids);
    return this.unitOfWork.run(async () => {
      // People adds share it, a documents add takes it alone: whichever commits first, the other sees its rows.
      const group = await this.memberships.lockGroup(referenceOf(input), `adding-${side}`);
      if (!group) throw new NotFoundError('Group not found.');
      const active = await this.memberships.findActive(side, group.organizationId, candidates);
      const errors = checkIds(names.field, ids, active);
      if (Object.keys(errors).length > 0) throw new ValidationFailedError(errors);
      const joining = ids.map((id) => (id as string).toLowerCase());
      const now = this.clock.now();
      const added = await this.memberships.addMissing(side, group, joining, now);
      if (added.length > 0) {
        // Only the newcomers make pairs, with the group's other side, which the group's lock keeps as it is.
        const others = await this.memberships.findOtherSide(side, group);
        const pairs: Pairs =
          side === 'people' ? { personIds: added, documentIds: others } : { personIds: others, documentIds: added };
        await this.assignAndIssue(group, pairs, () => this.memberships.assign(side, group, added, now), now);
        await this.audit.changedBy(input.actor, names.audited, { group_id: group.id, [names.field]: added });
        // The group as its locked row holds it: the join's one read of it.
        await this.events.record(group.organizationId, names.event, {
          ...groupDetailsSnapshot(group),
          [names.field]: added,
        });
      }
      return joining.map((id) => ({ groupId: group.id, [names.id]: id }) as JoinEntry<S>);
    });
  }

  private async assignAndIssue(group: MembershipGroup, pairs: Pairs, assign: () => Promise<void>, now: Date) {
    await this.memberships.withStandingsOnce(pairs.personIds, pairs.documentIds, async () => {
      if (!group.autoIssueRequests) {
        await assign();
        return [];
      }
      // A request that became open meanwhile (a concurrent POST /attestation-requests) stays, and is not doubled.
      // The assignments are awaited by the issuer, which makes the first requests' ids while they are written.
      const assigned = assign();
      assigned.catch(() => undefined); // awaited by the issuer, or the transaction fails with the issuer's error
      return this.issuer.issueMissing({
        organizationId: group.organizationId,
        personIds: pairs.personIds,
        documentIds: pairs.documentIds,
        source: 'system',
        announceAs: 'requests_issued',
        now,
        after: assigned,
      });
    });
  }
}
