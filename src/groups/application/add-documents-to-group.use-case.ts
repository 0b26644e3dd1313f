import { Injectable } from '@nestjs/common';
import { DOCUMENTS_JOINING, GroupJoin } from './group-join';
import type { GroupTarget } from './group-scope';

export interface GroupDocument {
  groupId: string;
  documentId: string;
}

/**
 * Adds documents to a group (GroupJoin): each new document is assigned to the current members and, when the group
 * issues requests automatically, each active member is sent one email listing the new documents they still have
 * to sign (published, requiring a signature, no open request, no attestation of its latest revision).
 */
@Injectable()
export class AddDocumentsToGroup {
  constructor(private readonly join: GroupJoin) {}

  /** Answers one entry per requested id, in the request's order. */
  async execute(input: GroupTarget & { documentIds: readonly unknown[] }): Promise<GroupDocument[]> {
    const { groupId, ids } = await this.join.execute(DOCUMENTS_JOINING, input, input.documentIds);
    return ids.map((documentId) => ({ groupId, documentId }));
  }
}
