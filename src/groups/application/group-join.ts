import { Injectable } from '@nestjs/common';
import { Clock, NotFoundError, ValidationFailedError } from '@lib/core';
import { ActingUser, AuditTrail } from '../../audit-log/application/audit-trail';
import { RequestIssuer } from '../../attestation-requests/application/request-issuer';
import { UnitOfWork } from '../../database/unit-of-work';
import { GroupMembershipRepository, MembershipGroup } from './group-membership.repository';
import { GroupTarget, referenceOf } from './group-scope';
import { checkIds, wellFormedIds } from './id-list.validation';

/** The pairs (people × documents) that joining makes. */
interface Pairs {
  personIds: readonly string[];
  documentIds: readonly string[];
}

/** What joins a group, people or documents, and what that means on its side. */
export interface JoiningSide<Input, Entry> {
  /** The ids the caller asks to join. */
  idsOf(input: Input): readonly unknown[];
  /** What the caller is answered for each of them. */
  entry(groupId: string, id: string): Entry;
  /** The body's list of ids, as its errors are keyed (`person_ids.N`). */
  field: 'person_ids' | 'document_ids';
  /** The audit log's name for a join that added someone or something. */
  audited: 'group.people_added' | 'group.documents_added';
  /** How the group's row is locked (GroupMembershipRepository.lockGroup). */
  lock: 'adding-people' | 'adding-documents';
  /** The active ones among the ids, share-locked so nobody archives them before the transaction ends. */
  findActive(
    memberships: GroupMembershipRepository,
    organizationId: string,
    ids: readonly string[],
  ): Promise<Set<string>>;
  /** Puts the ids not yet in the group in it; answers exactly those (a concurrent call gets the others). */
  addMissing(
    memberships: GroupMembershipRepository,
    group: MembershipGroup,
    ids: string[],
    now: Date,
  ): Promise<string[]>;
  /** The pairs the newcomers make with the group's other side, which the group's lock keeps as it is. */
  pairs(memberships: GroupMembershipRepository, group: MembershipGroup, added: string[]): Promise<Pairs>;
  /** Assigns the documents of every such pair; existing assignments stay as they are. */
  assign(memberships: GroupMembershipRepository, group: MembershipGroup, added: string[], now: Date): Promise<void>;
}

/**
 * People or documents joining a group (API, console and admin CLI), all or nothing, in one transaction; the group's
 * row is its one read, locked. Only the newcomers make pairs (people × documents): each pair's document is assigned;
 * when the group issues requests automatically, each pair still to be signed gets one request (source `system`),
 * issued set-based by the request issuer, with one email per person once the transaction commits; each pair's
 * standing is computed once, after both its assignment and its request. Ids already in the group are answered like
 * the others and change nothing, which also makes concurrent identical calls harmless.
 */
@Injectable()
export abstract class GroupJoin<Input, Entry> {
  protected abstract readonly side: JoiningSide<Input, Entry>;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly memberships: GroupMembershipRepository,
    private readonly issuer: RequestIssuer,
    private readonly clock: Clock,
    private readonly audit: AuditTrail,
  ) {}

  /**
   * Answers one entry per requested id, in the request's order. The ids are checked here, element by element, once
   * the group is known to exist (404 comes before 422).
   */
  async execute(input: GroupTarget & Input & { actor?: ActingUser }): Promise<Entry[]> {
    const { side } = this;
    const ids = side.idsOf(input);
    const candidates = wellFormedIds(ids);
    return this.unitOfWork.run(async () => {
      // People adds share it, a documents add takes it alone: whichever commits first, the other sees its rows.
      const group = await this.memberships.lockGroup(referenceOf(input), side.lock);
      if (!group) throw new NotFoundError('Group not found.');
      const active = await side.findActive(this.memberships, group.organizationId, candidates);
      const errors = checkIds(side.field, ids, active);
      if (Object.keys(errors).length > 0) throw new ValidationFailedError(errors);
      const joining = ids.map((id) => (id as string).toLowerCase());
      const now = this.clock.now();
      const added = await side.addMissing(this.memberships, group, joining, now);
      if (added.length > 0) {
        const pairs = await side.pairs(this.memberships, group, added);
        await this.assignAndIssue(group, pairs, () => side.assign(this.memberships, group, added, now), now);
        await this.audit.changedBy(input.actor, side.audited, { group_id: group.id, [side.field]: added });
      }
      return joining.map((id) => side.entry(group.id, id));
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
