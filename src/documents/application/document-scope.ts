import { findInScope } from '../../identity/application/organization-scope';
import type { Document } from '../domain/document';
import type { DocumentRepository } from './document.repository';

/** How the API (within the token's organization) or the admin CLI (by id alone) names a document. */
export interface DocumentReference {
  /** Absent only for the admin CLI. */
  organizationId?: string;
  documentId: string;
}

export function findDocument(documents: DocumentRepository, reference: DocumentReference): Promise<Document> {
  return findInScope(documents, reference.organizationId, reference.documentId, 'Document not found.');
}
