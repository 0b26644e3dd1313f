import { Injectable } from '@nestjs/common';
import type { ActingUser } from '../../audit-log/application/audit-trail';
import { GroupRemoval } from './group-removal';
import type { GroupTarget } from './group-scope';
import { GroupRepository } from './group.repository';

/**
 * Takes a document out of a group (API and admin CLI): people who join later are no longer assigned it. The
 * assignments and requests it already brought stay. A removal by a user is audited as `group.document_removed`.
 */
@Injectable()
export class RemoveDocumentFromGroup {
  constructor(
    private readonly groups: GroupRepository,
    private readonly removal: GroupRemoval,
  ) {}

  execute(input: GroupTarget & { documentId: string; actor?: ActingUser }): Promise<void> {
    return this.removal.remove(input, input.documentId, {
      audited: 'group.document_removed',
      detail: 'document_id',
      notInGroup: 'The document is not in this group.',
      remove: (reference, documentId) => this.groups.removeDocument(reference, documentId),
    });
  }
}
