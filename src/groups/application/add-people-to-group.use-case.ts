import { Injectable } from '@nestjs/common';
import { Clock, NotFoundError, ValidationFailedError } from '@lib/core';
import { UnitOfWork } from '../../database/unit-of-work';
import { GroupIssuance } from './group-issuance';
import { checkPersonIds, wellFormedPersonIds } from './id-list.validation';
import { GroupMembershipRepository, MembershipGroup } from './group-membership.repository';

export interface GroupMembership {
  groupId: string;
  personId: string;
}

/**
 * Adds people to a group, all or nothing, in one transaction. Only people who were not members yet get the
 * group's documents assigned and, when the group issues requests automatically, one request per document they
 * still have to sign, issued set-based by the request issuer with one email per person listing them. People
 * already in the group are answered like the others and change nothing, which also makes concurrent identical
 * calls harmless. The emails are relayed to the queue once the transaction commits.
 */
@Injectable()
export class AddPeopleToGroup {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly memberships: GroupMembershipRepository,
    private readonly issuance: GroupIssuance,
    private readonly clock: Clock,
  ) {}

  async execute(input: {
    organizationId: string;
    groupId: string;
    /** Checked here, element by element, once the group is known to exist (404 comes before 422). */
    personIds: readonly unknown[];
  }): Promise<GroupMembership[]> {
    const group = await this.memberships.findGroup(input.organizationId, input.groupId.toLowerCase());
    if (!group) throw new NotFoundError('Group not found.');
    const candidates = wellFormedPersonIds(input.personIds);
    // Checked inside the transaction on share-locked rows, so nobody is archived between the check and the insert.
    const personIds = await this.unitOfWork.run(async () => {
      // Shared with other people adds, exclusive of a documents add: whichever commits first, the other sees it.
      const locked = await this.memberships.lockGroup(group.organizationId, group.id, 'adding-people');
      if (!locked) throw new NotFoundError('Group not found.');
      const active = await this.memberships.findActivePeople(group.organizationId, candidates);
      const errors = checkPersonIds(input.personIds, active);
      if (Object.keys(errors).length > 0) throw new ValidationFailedError(errors);
      const ids = input.personIds.map((id) => (id as string).toLowerCase());
      await this.join(locked, ids);
      return ids;
    });
    return personIds.map((personId) => ({ groupId: group.id, personId }));
  }

  private async join(group: MembershipGroup, personIds: string[]): Promise<void> {
    const now = this.clock.now();
    const newcomers = await this.memberships.addMissingMembers(group, personIds, now);
    if (newcomers.length === 0) return;
    // The group's documents cannot change meanwhile: a documents add takes the group's row exclusively.
    const documentIds = await this.memberships.findGroupDocumentIds(group);
    await this.issuance.assignAndIssue(
      group,
      { personIds: newcomers, documentIds },
      () => this.memberships.assignGroupDocuments(group, newcomers, now),
      now,
    );
  }
}
