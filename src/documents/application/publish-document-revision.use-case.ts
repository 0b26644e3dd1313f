import { Injectable } from '@nestjs/common';
import { Clock, NotFoundError } from '@lib/core';
import { ActingUser, AuditTrail } from '../../audit-log/application/audit-trail';
import { UnitOfWork } from '../../database/unit-of-work';
import { ResourceEvents } from '../../events/application/resource-events';
import { DocumentRevision, RevisionContentType } from '../domain/document-revision';
import { checkNotStale } from '../domain/stale-document.error';
import { DocumentReference, findDocument } from './document-scope';
import { documentSnapshot } from './document-snapshot';
import { DocumentRepository } from './document.repository';
import { ShowDocument } from './show-document.use-case';

export interface PublishedRevision {
  revisionId: string;
  documentId: string;
  publishedAt: Date;
}

type PublishInput = DocumentReference & {
  content?: string;
  contentType?: RevisionContentType;
  /** The document's `updatedAt` when the form was shown (the console): a later change answers 409. */
  expectedUpdatedAt?: Date;
  /** Who publishes (API, console), for the audit log; none for the admin CLI and seeds. */
  actor?: ActingUser;
};

/**
 * Publishes a new revision of a document (API, console and admin CLI), which becomes its latest; earlier
 * attestations become outdated. Nothing is done per person: the counts read who attested which revision. A
 * publication records `document.revision_published`, the document as the API shows it then with the revision's id,
 * and is audited when a user made it, in the same transaction.
 */
@Injectable()
export class PublishDocumentRevision {
  constructor(
    private readonly documents: DocumentRepository,
    private readonly clock: Clock,
    private readonly unitOfWork: UnitOfWork,
    private readonly audit: AuditTrail,
    private readonly events: ResourceEvents,
    private readonly showDocument: ShowDocument,
  ) {}

  execute(input: PublishInput): Promise<PublishedRevision> {
    return this.unitOfWork.run(() => this.publish(input));
  }

  private async publish(input: PublishInput): Promise<PublishedRevision> {
    const { id } = await findDocument(this.documents, input);
    // The document's row is locked while the stamp is checked and the revision stored: the check is atomic.
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
    await this.audit.changedBy(input.actor, 'document.revision_published', {
      document_id: revision.documentId,
      revision_id: revision.id,
      content_sha256: revision.contentSha256,
    });
    const listing = await this.showDocument.execute({ documentId: revision.documentId });
    await this.events.record(revision.organizationId, 'document.revision_published', {
      ...documentSnapshot(listing),
      document_revision_id: revision.id,
    });
    return { revisionId: revision.id, documentId: revision.documentId, publishedAt: revision.publishedAt! };
  }
}
