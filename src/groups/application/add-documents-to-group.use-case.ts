import { Injectable } from '@nestjs/common';
import { Clock, NotFoundError, ValidationFailedError } from '@lib/core';
import { UnitOfWork } from '../../database/unit-of-work';
import { findGroup, GroupReference } from './group-scope';
import { GroupIssuance } from './group-issuance';
import { GroupMembershipRepository, MembershipGroup } from './group-membership.repository';
import { GroupRepository } from './group.repository';
import { checkIds, wellFormedIds } from './id-list.validation';

export interface GroupDocument {
  groupId: string;
  documentId: string;
}

/**
 * Adds documents to a group (API and admin CLI), all or nothing, in one transaction: the documents not yet in the
 * group join it and are assigned to its current members; when the group issues requests automatically, each
 * active member is issued a request for each new document they still have to sign (published, requiring a
 * signature, no open request, no attestation of its latest revision), set-based by the request issuer, and gets
 * one email listing them once the transaction commits.
 * Documents already in the group are answered like the others and change nothing, so concurrent identical calls
 * are harmless; the group's row is locked so a concurrent people add sees the new documents, or is seen.
 */
@Injectable()
export class AddDocumentsToGroup {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly groups: GroupRepository,
    private readonly memberships: GroupMembershipRepository,
    private readonly issuance: GroupIssuance,
    private readonly clock: Clock,
  ) {}

  async execute(
    input: GroupReference & {
      /** Checked here, element by element, once the group is known to exist (404 comes before 422). */
      documentIds: readonly unknown[];
    },
  ): Promise<GroupDocument[]> {
    const { organizationId, id: groupId } = await findGroup(this.groups, input);
    const candidates = wellFormedIds(input.documentIds);
    const { group, documentIds } = await this.unitOfWork.run(async () => {
      const locked = await this.memberships.lockGroup(organizationId, groupId, 'adding-documents');
      if (!locked) throw new NotFoundError('Group not found.');
      // Share-locked, so nobody archives them between the check and the assignments.
      const active = await this.memberships.findActiveDocuments(organizationId, candidates);
      const errors = checkIds('document_ids', input.documentIds, active);
      if (Object.keys(errors).length > 0) throw new ValidationFailedError(errors);
      const ids = input.documentIds.map((id) => (id as string).toLowerCase());
      await this.join(locked, ids);
      return { group: locked, documentIds: ids };
    });
    return documentIds.map((documentId) => ({ groupId: group.id, documentId }));
  }

  private async join(group: MembershipGroup, documentIds: string[]): Promise<void> {
    const now = this.clock.now();
    const added = await this.memberships.addMissingDocuments(group, documentIds, now);
    if (added.length === 0) return;
    const memberIds = await this.memberships.findMemberIds(group);
    await this.issuance.assignAndIssue(
      group,
      { personIds: memberIds, documentIds: added },
      () => this.memberships.assignToMembers(group, added, now),
      now,
    );
  }
}
