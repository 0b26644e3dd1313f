import { AttestationType, Document } from '../domain/document';
import { DocumentRevision, RevisionContentType } from '../domain/document-revision';
import { DocumentRevisionRecord } from './document-revision.record';
import { DocumentRecord } from './document.record';

export const documentMapper = {
  toDomain: (r: DocumentRecord): Document =>
    Document.restore({ ...r, defaultAttestationType: r.defaultAttestationType as AttestationType }),
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
  toRecord: (r: DocumentRevision): DocumentRevisionRecord =>
    Object.assign(new DocumentRevisionRecord(), {
      id: r.id,
      organizationId: r.organizationId,
      documentId: r.documentId,
      content: r.content,
      contentType: r.contentType,
      contentSha256: r.contentSha256,
      publishedAt: r.publishedAt,
      createdAt: r.createdAt,
    }),
};
