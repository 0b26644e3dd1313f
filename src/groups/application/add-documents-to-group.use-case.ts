import { Injectable } from '@nestjs/common';
import { GroupJoin, JoinEntry } from './group-join';

export type GroupDocument = JoinEntry<'documents'>;

/**
 * Adds documents to a group (GroupJoin): each new document is assigned to the current members and, when the group
 * issues requests automatically, each active member is sent one email listing the new documents they still have
 * to sign (published, requiring a signature, no open request, no attestation of its latest revision).
 */
@Injectable()
export class AddDocumentsToGroup extends GroupJoin<'documents'> {
  protected readonly side = 'documents';
}
