import { Document, DocumentProps } from '../domain/document';
import { DocumentRevision, RevisionContentType } from '../domain/document-revision';
import { DocumentRevisionRecord } from './document-revision.record';
import { DocumentRecord } from './document.record';

export const documentMapper = {
  toDomain: (r: DocumentRecord): Document =>
    // The string columns hold the domain's values: only the entity writes them.
    Document.restore(r as DocumentProps),
  toRecord: (d: Document): DocumentRecord => Object.assign(new DocumentRecord(), d.toSnapshot()),
};

export const revisionMapper = {
  toDomain: (r: DocumentRevisionRecord): DocumentRevision =>
    new DocumentRevision(
      r.id,
      r.organizationId,
      r.documentId,
      r.content,
      r.contentType as RevisionContentType,
      r.contentSha256,
      r.publishedAt,
      r.createdAt,
    ),
  // The entity's fields are the record's, by name.
  toRecord: (r: DocumentRevision): DocumentRevisionRecord => Object.assign(new DocumentRevisionRecord(), r),
};
