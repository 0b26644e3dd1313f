import { Injectable } from '@nestjs/common';
import { changedFields } from '../../audit-log/application/audit-trail';
import type { DocumentChanges } from '../domain/document';
import type { DocumentListing } from '../domain/document-listing';
import { AuditedDocumentChange, DocumentChangeInput } from './audited-document-change';

/**
 * Changes a document's name, whether it requires a signature, its renewal interval or automatic renewal (API,
 * console and admin CLI), with the rules of a new document. Requests and attestations already made stay as they
 * are. A change records `document.updated`; by a user, it is audited with the fields asked for.
 */
@Injectable()
export class UpdateDocument {
  constructor(private readonly change: AuditedDocumentChange) {}

  execute(input: DocumentChangeInput & { changes: DocumentChanges }): Promise<DocumentListing> {
    return this.change.apply(input, (document, now) =>
      document.update(input.changes, now)
        ? { action: 'document.updated', details: { fields: changedFields(input.changes) } }
        : null,
    );
  }
}
