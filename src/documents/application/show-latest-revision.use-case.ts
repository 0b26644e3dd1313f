import { Injectable } from '@nestjs/common';
import type { DocumentRevision } from '../domain/document-revision';
import { DocumentReference, findDocument } from './document-scope';
import { DocumentRepository } from './document.repository';

/** The text a document asks people to sign today (its latest published revision), or null before the first one. */
@Injectable()
export class ShowLatestRevision {
  constructor(private readonly documents: DocumentRepository) {}

  async execute(input: DocumentReference): Promise<DocumentRevision | null> {
    const document = await findDocument(this.documents, input);
    return document.latestRevisionId ? this.documents.findRevision(document.latestRevisionId) : null;
  }
}
