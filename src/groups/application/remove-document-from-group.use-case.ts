import { Injectable } from '@nestjs/common';
import { ActingUser, AuditTrail } from '../../audit-log/application/audit-trail';
import { UnitOfWork } from '../../database/unit-of-work';
import { GroupTarget, notFoundInGroup, referenceOf } from './group-scope';
import { GroupRepository } from './group.repository';

/**
 * Takes a document out of a group (API and admin CLI): people who join later are no longer assigned it. The
 * assignments and requests it already brought stay. A removal by a user is audited as `group.document_removed`.
 */
@Injectable()
export class RemoveDocumentFromGroup {
  constructor(
    private readonly groups: GroupRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly audit: AuditTrail,
  ) {}

  /** The group is read only when there was nothing to remove, to tell which is missing. */
  async execute(input: GroupTarget & { documentId: string; actor?: ActingUser }): Promise<void> {
    const reference = referenceOf(input);
    const documentId = input.documentId.toLowerCase();
    const removed = await this.unitOfWork.run(async () => {
      if (!(await this.groups.removeDocument(reference, documentId))) return false;
      await this.audit.changedBy(input.actor, 'group.document_removed', {
        group_id: reference.groupId,
        document_id: documentId,
      });
      return true;
    });
    if (!removed) await notFoundInGroup(this.groups, input, 'The document is not in this group.');
  }
}
