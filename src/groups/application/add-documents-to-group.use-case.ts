import { Injectable } from '@nestjs/common';
import { GroupJoin, JoiningSide } from './group-join';

export interface GroupDocument {
  groupId: string;
  documentId: string;
}

type DocumentsToAdd = { documentIds: readonly unknown[] };

/** Documents join: each new one is assigned to the current members (the group's lock keeps them as they are). */
const DOCUMENTS: JoiningSide<DocumentsToAdd, GroupDocument> = {
  idsOf: (input) => input.documentIds,
  entry: (groupId, documentId) => ({ groupId, documentId }),
  field: 'document_ids',
  audited: 'group.documents_added',
  lock: 'adding-documents',
  findActive: (memberships, organizationId, ids) => memberships.findActiveDocuments(organizationId, ids),
  addMissing: (memberships, group, ids, now) => memberships.addMissingDocuments(group, ids, now),
  pairs: async (memberships, group, added) => ({
    personIds: await memberships.findMemberIds(group),
    documentIds: added,
  }),
  assign: (memberships, group, added, now) => memberships.assignToMembers(group, added, now),
};

/**
 * Adds documents to a group (GroupJoin): each new document is assigned to the current members and, when the group
 * issues requests automatically, each active member is sent one email listing the new documents they still have
 * to sign (published, requiring a signature, no open request, no attestation of its latest revision).
 */
@Injectable()
export class AddDocumentsToGroup extends GroupJoin<DocumentsToAdd, GroupDocument> {
  protected readonly side = DOCUMENTS;
}
