import { Injectable } from '@nestjs/common';
import { setArchived } from '@lib/core';
import type { DocumentListing } from '../domain/document-listing';
import { AuditedDocumentChange, DocumentChangeInput } from './audited-document-change';

/**
 * Archiving and restoring a document (API, console and admin CLI): asking for the state it is in changes nothing.
 * A change records `document.archived` or `document.restored` (and is audited when a user made it).
 */
@Injectable()
export abstract class DocumentArchival {
  /** Whether the document ends archived. */
  protected abstract readonly archived: boolean;

  constructor(private readonly change: AuditedDocumentChange) {}

  execute(input: DocumentChangeInput): Promise<DocumentListing> {
    const action = this.archived ? 'document.archived' : 'document.restored';
    return this.change.apply(input, (document, now) => (setArchived(document, this.archived, now) ? { action } : null));
  }
}
