import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { Document, NewDocument } from '../domain/document';
import type { DocumentListing } from '../domain/document-listing';
import { DocumentRepository } from './document.repository';
import { ShowDocument } from './show-document.use-case';

/** Adds a document, unpublished (admin CLI and seeds: documents are managed outside the API). */
@Injectable()
export class CreateDocument {
  constructor(
    private readonly documents: DocumentRepository,
    private readonly showDocument: ShowDocument,
    private readonly clock: Clock,
  ) {}

  async execute(input: NewDocument): Promise<DocumentListing> {
    const document = Document.create({ ...input, now: this.clock.now() });
    await this.documents.add(document);
    return this.showDocument.execute({ documentId: document.id });
  }
}
