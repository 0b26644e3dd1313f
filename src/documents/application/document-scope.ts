import { NotFoundError } from '@lib/core';
import type { Document } from '../domain/document';
import type { DocumentRepository } from './document.repository';

/**
 * Who may name a document: the API names it within the token's organization; the admin CLI, which has no
 * organization, names it by id alone. Either way an unknown document is not found.
 */
export interface DocumentReference {
  /** Absent only for the admin CLI. */
  organizationId?: string;
  documentId: string;
}

export async function findDocument(documents: DocumentRepository, reference: DocumentReference): Promise<Document> {
  const id = reference.documentId.toLowerCase();
  const document =
    reference.organizationId === undefined
      ? await documents.findById(id)
      : await documents.findInOrganization(reference.organizationId, id);
  if (!document) throw new NotFoundError('Document not found.');
  return document;
}
