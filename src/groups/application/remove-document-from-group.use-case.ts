import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@lib/core';
import { findGroup, GroupReference } from './group-scope';
import { GroupRepository } from './group.repository';

/**
 * Takes a document out of a group (API and admin CLI): people who join later are no longer assigned it. The
 * assignments and requests it already brought stay.
 */
@Injectable()
export class RemoveDocumentFromGroup {
  constructor(private readonly groups: GroupRepository) {}

  async execute(input: GroupReference & { documentId: string }): Promise<void> {
    const group = await findGroup(this.groups, input);
    const removed = await this.groups.removeDocument(group.organizationId, group.id, input.documentId.toLowerCase());
    if (!removed) throw new NotFoundError('The document is not in this group.');
  }
}
