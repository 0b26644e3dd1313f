import { Injectable } from '@nestjs/common';
import { RequestIssuer } from '../../attestation-requests/application/request-issuer';
import { GroupMembershipRepository, MembershipGroup } from './group-membership.repository';

/**
 * What joining a group means for the pairs it makes (people × documents), whichever side joined: the pairs'
 * assignments, written by `assign`; when the group issues requests automatically, one request (source `system`) per
 * pair still to be signed, set-based by the request issuer, with one email per person; each pair's standing computed
 * once, after both its assignment and its request. Runs inside the caller's transaction, the group's row locked.
 */
@Injectable()
export class GroupIssuance {
  constructor(
    private readonly memberships: GroupMembershipRepository,
    private readonly issuer: RequestIssuer,
  ) {}

  async assignAndIssue(
    group: MembershipGroup,
    pairs: { personIds: readonly string[]; documentIds: readonly string[] },
    assign: () => Promise<void>,
    now: Date,
  ): Promise<void> {
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
