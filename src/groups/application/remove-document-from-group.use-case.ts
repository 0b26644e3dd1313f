import { Injectable } from '@nestjs/common';
import { GroupTarget, notFoundInGroup, referenceOf } from './group-scope';
import { GroupRepository } from './group.repository';

/**
 * Takes a document out of a group (API and admin CLI): people who join later are no longer assigned it. The
 * assignments and requests it already brought stay.
 */
@Injectable()
export class RemoveDocumentFromGroup {
  constructor(private readonly groups: GroupRepository) {}

  /** The group is read only when there was nothing to remove, to tell which is missing. */
  async execute(input: GroupTarget & { documentId: string }): Promise<void> {
    if (await this.groups.removeDocument(referenceOf(input), input.documentId.toLowerCase())) return;
    await notFoundInGroup(this.groups, input, 'The document is not in this group.');
  }
}
