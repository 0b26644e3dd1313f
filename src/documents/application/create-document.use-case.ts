import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { UnitOfWork } from '../../database/unit-of-work';
import { ResourceEvents } from '../../events/application/resource-events';
import { Document, NewDocument } from '../domain/document';
import type { DocumentListing } from '../domain/document-listing';
import { documentSnapshot } from './document-snapshot';
import { DocumentRepository } from './document.repository';
import { ShowDocument } from './show-document.use-case';

/** Adds a document, unpublished (admin CLI and seeds: documents are managed outside the API); records `document.created`. */
@Injectable()
export class CreateDocument {
  constructor(
    private readonly documents: DocumentRepository,
    private readonly showDocument: ShowDocument,
    private readonly clock: Clock,
    private readonly unitOfWork: UnitOfWork,
    private readonly events: ResourceEvents,
  ) {}

  async execute(input: NewDocument): Promise<DocumentListing> {
    const document = Document.create({ ...input, now: this.clock.now() });
    return this.unitOfWork.run(async () => {
      await this.documents.add(document);
      const listing = await this.showDocument.execute({ documentId: document.id });
      await this.events.record(document.organizationId, 'document.created', documentSnapshot(listing));
      return listing;
    });
  }
}
