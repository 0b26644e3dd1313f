import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import type { DocumentListing } from '../domain/document-listing';
import { DocumentReference, findDocument } from './document-scope';
import { DocumentRepository } from './document.repository';
import { ShowDocument } from './show-document.use-case';

/**
 * Archives a document (API and admin CLI): it leaves the default list and no new request can be sent for it; its
 * requests, attestations, assignments and groups stay. Archiving again changes nothing.
 */
@Injectable()
export class ArchiveDocument {
  constructor(
    private readonly documents: DocumentRepository,
    private readonly showDocument: ShowDocument,
    private readonly clock: Clock,
  ) {}

  async execute(input: DocumentReference): Promise<DocumentListing> {
    const document = await findDocument(this.documents, input);
    if (!document.isArchived) {
      document.archive(this.clock.now());
      await this.documents.save(document);
    }
    return this.showDocument.execute({ documentId: document.id });
  }
}
