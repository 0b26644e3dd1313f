import { Injectable } from '@nestjs/common';
import type { Page, PageRequest } from '@lib/http';
import { DocumentListingRepository, PublishedRevisionSummary } from './document-listing.repository';
import { findDocument } from './document-scope';
import { DocumentRepository } from './document.repository';

/** A page of a document's published revisions, newest first, with the fingerprint of each one's text. */
@Injectable()
export class ListDocumentRevisions {
  constructor(
    private readonly documents: DocumentRepository,
    private readonly listings: DocumentListingRepository,
  ) {}

  async execute(input: {
    organizationId: string;
    documentId: string;
    page: PageRequest;
  }): Promise<Page<PublishedRevisionSummary>> {
    const document = await findDocument(this.documents, input);
    return this.listings.revisionPage(document.organizationId, document.id, input.page);
  }
}
