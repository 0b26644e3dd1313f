import { Injectable } from '@nestjs/common';
import { GroupRemoval } from './group-removal';

/**
 * Takes a document out of a group (GroupRemoval): people who join later are no longer assigned it. The assignments
 * and requests it already brought stay. A removal by a user is audited as `group.document_removed`.
 */
@Injectable()
export class RemoveDocumentFromGroup extends GroupRemoval<'documents'> {
  protected readonly side = 'documents';
}
