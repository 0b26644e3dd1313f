import { checkNotStale } from '../domain/stale-document.error';
import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { ActingUser, AuditTrail, changedFields } from '../../audit-log/application/audit-trail';
import type { DocumentChanges } from '../domain/document';
import type { DocumentListing } from '../domain/document-listing';
import { DocumentReference, findDocument } from './document-scope';
import { saveDocument } from './document-saving';
import { UnitOfWork } from '../../database/unit-of-work';
import { DocumentRepository } from './document.repository';
import { ShowDocument } from './show-document.use-case';

/**
 * Changes a document's name, whether it requires a signature, its renewal interval or automatic renewal (API,
 * console and admin CLI), with the rules of a new document. Requests and attestations already made stay as they
 * are. A change by a user is audited as `document.updated`, with the fields asked for.
 */
@Injectable()
export class UpdateDocument {
  constructor(
    private readonly documents: DocumentRepository,
    private readonly showDocument: ShowDocument,
    private readonly clock: Clock,
    private readonly unitOfWork: UnitOfWork,
    private readonly audit: AuditTrail,
  ) {}

  async execute(
    input: DocumentReference & { changes: DocumentChanges; expectedUpdatedAt?: Date; actor?: ActingUser },
  ): Promise<DocumentListing> {
    // In a unit of work so that a deadlock with a concurrent group add or publish (the counters' triggers lock
    // people and documents) is retried instead of answered as an error.
    const document = await this.unitOfWork.run(async () => {
      const found = await findDocument(this.documents, input);
      checkNotStale(found.updatedAt, input.expectedUpdatedAt);
      if (found.update(input.changes, this.clock.now())) {
        await saveDocument(this.documents, found, input.expectedUpdatedAt);
        await this.audit.changedBy(input.actor, 'document.updated', {
          document_id: found.id,
          fields: changedFields(input.changes),
        });
      }
      return found;
    });
    return this.showDocument.execute({ documentId: document.id });
  }
}
