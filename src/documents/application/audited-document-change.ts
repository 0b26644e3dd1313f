import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { ActingUser, AuditTrail } from '../../audit-log/application/audit-trail';
import { UnitOfWork } from '../../database/unit-of-work';
import { ResourceEvents } from '../../events/application/resource-events';
import type { ResourceEventType } from '../../events/domain/event-type';
import type { Document } from '../domain/document';
import type { DocumentListing } from '../domain/document-listing';
import { checkNotStale } from '../domain/stale-document.error';
import { DocumentReference, findDocument } from './document-scope';
import { documentSnapshot } from './document-snapshot';
import { saveDocument } from './document-saving';
import { DocumentRepository } from './document.repository';
import { ShowDocument } from './show-document.use-case';

/** Who changes which document, and the `updated_at` the console's form was drawn at (a later one is stale). */
export type DocumentChangeInput = DocumentReference & { expectedUpdatedAt?: Date; actor?: ActingUser };

/** What a change that made a difference records: its event's type (the audit line's action), details besides `document_id`. */
export interface AuditedChange {
  action: ResourceEventType;
  details?: Record<string, unknown>;
}

/**
 * What changing a document (its fields, its archived state) is, whatever the change: in one transaction the
 * document is found and checked not stale, the change applied and, when it made a difference, saved, audited (when
 * a user made it) and recorded as an event carrying the document as the API shows it, which is also the answer.
 */
@Injectable()
export class AuditedDocumentChange {
  constructor(
    private readonly documents: DocumentRepository,
    private readonly showDocument: ShowDocument,
    private readonly clock: Clock,
    private readonly unitOfWork: UnitOfWork,
    private readonly audit: AuditTrail,
    private readonly events: ResourceEvents,
  ) {}

  /** `change` changes the document and answers its audit line, or null when nothing changed. */
  async apply(
    input: DocumentChangeInput,
    change: (document: Document, now: Date) => AuditedChange | null,
  ): Promise<DocumentListing> {
    // In a unit of work so that a deadlock with a concurrent group add or publish (the counters' triggers lock
    // people and documents) is retried instead of answered as an error.
    return this.unitOfWork.run(async () => {
      const found = await findDocument(this.documents, input);
      checkNotStale(found.updatedAt, input.expectedUpdatedAt);
      const audited = change(found, this.clock.now());
      if (audited) {
        await saveDocument(this.documents, found, input.expectedUpdatedAt);
        await this.audit.changedBy(input.actor, audited.action, { document_id: found.id, ...audited.details });
      }
      const listing = await this.showDocument.execute({ documentId: found.id });
      if (audited) await this.events.record(found.organizationId, audited.action, documentSnapshot(listing));
      return listing;
    });
  }
}
