import { Injectable } from '@nestjs/common';
import { Clock, NotFoundError } from '@lib/core';
import { UnitOfWork } from '../../database/unit-of-work';
import { DocumentRepository } from '../../documents/application/document.repository';
import { GroupRepository } from './group.repository';

/**
 * Puts a document in a group (admin CLI). Both must belong to one organization; a document of another
 * organization is not found. Idempotent.
 */
@Injectable()
export class AddDocumentToGroup {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly groups: GroupRepository,
    private readonly documents: DocumentRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: { groupId: string; documentId: string }): Promise<{ groupId: string; documentId: string }> {
    const group = await this.groups.findById(input.groupId.toLowerCase());
    if (!group) throw new NotFoundError('Group not found.');
    const document = await this.documents.findInOrganization(group.organizationId, input.documentId.toLowerCase());
    if (!document) throw new NotFoundError('Document not found.');
    await this.unitOfWork.run(() => this.groups.addDocument(group.id, document.id, this.clock.now()));
    return { groupId: group.id, documentId: document.id };
  }
}
