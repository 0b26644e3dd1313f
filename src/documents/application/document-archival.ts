import { checkNotStale } from '../domain/stale-document.error';
import { Injectable } from '@nestjs/common';
import { Clock, setArchived } from '@lib/core';
import { ActingUser, AuditTrail } from '../../audit-log/application/audit-trail';
import { UnitOfWork } from '../../database/unit-of-work';
import type { DocumentListing } from '../domain/document-listing';
import { DocumentReference, findDocument } from './document-scope';
import { saveDocument } from './document-saving';
import { DocumentRepository } from './document.repository';
import { ShowDocument } from './show-document.use-case';

/**
 * Archiving and restoring a document (API, console and admin CLI): asking for the state it is in changes nothing.
 * A change by a user is audited as `document.archived` or `document.restored`.
 */
@Injectable()
export abstract class DocumentArchival {
  /** Whether the document ends archived. */
  protected abstract readonly archived: boolean;

  constructor(
    private readonly documents: DocumentRepository,
    private readonly showDocument: ShowDocument,
    private readonly clock: Clock,
    private readonly unitOfWork: UnitOfWork,
    private readonly audit: AuditTrail,
  ) {}

  async execute(input: DocumentReference & { expectedUpdatedAt?: Date; actor?: ActingUser }): Promise<DocumentListing> {
    // In a unit of work so that a deadlock with a concurrent group add or publish (the counters' triggers lock
    // people and documents) is retried instead of answered as an error.
    const document = await this.unitOfWork.run(async () => {
      const found = await findDocument(this.documents, input);
      checkNotStale(found.updatedAt, input.expectedUpdatedAt);
      if (setArchived(found, this.archived, this.clock.now())) {
        await saveDocument(this.documents, found, input.expectedUpdatedAt);
        const action = this.archived ? 'document.archived' : 'document.restored';
        await this.audit.changedBy(input.actor, action, { document_id: found.id });
      }
      return found;
    });
    return this.showDocument.execute({ documentId: document.id });
  }
}
