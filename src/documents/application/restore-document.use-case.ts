import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/common';
import type { DocumentListing } from '../domain/document-listing';
import { DocumentReference, findDocument } from './document-scope';
import { DocumentRepository } from './document.repository';
import { ShowDocument } from './show-document.use-case';

/** Brings an archived document back (API and admin CLI). Restoring an active document changes nothing. */
@Injectable()
export class RestoreDocument {
  constructor(
    private readonly documents: DocumentRepository,
    private readonly showDocument: ShowDocument,
    private readonly clock: Clock,
  ) {}

  async execute(input: DocumentReference): Promise<DocumentListing> {
    const document = await findDocument(this.documents, input);
    if (document.isArchived) {
      document.restore(this.clock.now());
      await this.documents.save(document);
    }
    return this.showDocument.execute({ documentId: document.id });
  }
}
