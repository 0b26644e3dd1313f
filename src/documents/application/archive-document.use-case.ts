import { Injectable } from '@nestjs/common';
import { Clock, NotFoundError } from '@lib/core';
import type { DocumentListing } from '../domain/document-listing';
import { DocumentRepository } from './document.repository';
import { ShowDocument } from './show-document.use-case';

/** Archives a document: it leaves the default list; its requests and attestations stay. */
@Injectable()
export class ArchiveDocument {
  constructor(
    private readonly documents: DocumentRepository,
    private readonly showDocument: ShowDocument,
    private readonly clock: Clock,
  ) {}

  async execute(input: { documentId: string }): Promise<DocumentListing> {
    const document = await this.documents.findById(input.documentId.toLowerCase());
    if (!document) throw new NotFoundError('Document not found.');
    if (!document.isArchived) {
      document.archive(this.clock.now());
      await this.documents.save(document);
    }
    return this.showDocument.execute({ documentId: document.id });
  }
}
