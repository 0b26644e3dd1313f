import { OrganizationRepository } from '../../identity/application/organization-scope';
import type { Document } from '../domain/document';
import type { DocumentRevision } from '../domain/document-revision';

export abstract class DocumentRepository extends OrganizationRepository<Document> {
  /**
   * Saves the document only if its row still has the `updatedAt` it was read with (to the millisecond), in the
   * same statement: false when someone changed it since, so two saves of one form cannot both win.
   */
  abstract saveIfUnchangedSince(document: Document, readUpdatedAt: Date): Promise<boolean>;
  abstract findRevision(revisionId: string): Promise<DocumentRevision | null>;
  /**
   * Stores the published revision and makes it the document's latest, in one transaction that holds the
   * document's row, so concurrent publications of one document take turns. Null when there is no such document.
   */
  abstract publish(
    documentId: string,
    publish: (document: Document) => DocumentRevision,
  ): Promise<DocumentRevision | null>;
}
