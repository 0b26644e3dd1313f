import { checkNotStale } from '../domain/stale-document.error';
import { Injectable } from '@nestjs/common';
import { Clock, NotFoundError } from '@lib/core';
import { DocumentRevision, RevisionContentType } from '../domain/document-revision';
import { DocumentReference, findDocument } from './document-scope';
import { DocumentRepository } from './document.repository';

export interface PublishedRevision {
  revisionId: string;
  documentId: string;
  publishedAt: Date;
}

/**
 * Publishes a new revision of a document (API and admin CLI), which becomes its latest; earlier attestations
 * become outdated. Nothing is done per person: the counts read who attested which revision.
 */
@Injectable()
export class PublishDocumentRevision {
  constructor(
    private readonly documents: DocumentRepository,
    private readonly clock: Clock,
  ) {}

  async execute(
    input: DocumentReference & {
      content?: string;
      contentType?: RevisionContentType;
      /** The document's `updatedAt` when the form was shown (the console): a later change answers 409. */
      expectedUpdatedAt?: Date;
    },
  ): Promise<PublishedRevision> {
    const { id } = await findDocument(this.documents, input);
    const revision = await this.documents.publish(id, (document) => {
      checkNotStale(document.updatedAt, input.expectedUpdatedAt);
      const now = this.clock.now();
      const draft = DocumentRevision.draft({
        organizationId: document.organizationId,
        documentId: document.id,
        content: input.content ?? '',
        contentType: input.contentType ?? 'text/markdown',
        now,
      });
      draft.publish(now);
      document.adoptLatestRevision(draft, now);
      return draft;
    });
    if (!revision) throw new NotFoundError('Document not found.');
    return { revisionId: revision.id, documentId: revision.documentId, publishedAt: revision.publishedAt! };
  }
}
