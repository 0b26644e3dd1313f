import { StaleDocumentError } from '../domain/stale-document.error';
import type { Document } from '../domain/document';
import type { DocumentRepository } from './document.repository';

/**
 * Saves a changed document. With the `updatedAt` a form was made from, the update statement itself carries it, so of
 * two saves of the same form exactly one wins and the other is answered 409, however they interleave.
 */
export async function saveDocument(
  documents: DocumentRepository,
  document: Document,
  expectedUpdatedAt: Date | undefined,
): Promise<void> {
  if (expectedUpdatedAt === undefined) return documents.save(document);
  if (!(await documents.saveIfUnchangedSince(document, expectedUpdatedAt))) throw new StaleDocumentError();
}
