import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/common';
import type { DocumentChanges } from '../domain/document';
import type { DocumentListing } from '../domain/document-listing';
import { DocumentReference, findDocument } from './document-scope';
import { DocumentRepository } from './document.repository';
import { ShowDocument } from './show-document.use-case';

/**
 * Changes a document's name, whether it requires a signature, its renewal interval or automatic renewal (API and
 * admin CLI), with the rules of a new document. Requests and attestations already made stay as they are.
 */
@Injectable()
export class UpdateDocument {
  constructor(
    private readonly documents: DocumentRepository,
    private readonly showDocument: ShowDocument,
    private readonly clock: Clock,
  ) {}

  async execute(input: DocumentReference & { changes: DocumentChanges }): Promise<DocumentListing> {
    const document = await findDocument(this.documents, input);
    if (document.update(input.changes, this.clock.now())) await this.documents.save(document);
    return this.showDocument.execute({ documentId: document.id });
  }
}
