import type { Page, PageRequest } from '@lib/http';
import type { DocumentListing } from '../domain/document-listing';

export interface DocumentsFilter {
  /** Matches anywhere in the name, ignoring case; `%` and `_` literally. */
  name?: string;
  /** true: only archived documents; false: only active ones. */
  archived: boolean;
}

/**
 * The read side of documents: listings with their attestation counts, computed for a whole page at once.
 * `now` decides which attestations are due for renewal.
 */
export abstract class DocumentListingRepository {
  /** One page ordered by name then id. */
  abstract page(
    organizationId: string,
    filter: DocumentsFilter,
    request: PageRequest,
    now: Date,
  ): Promise<Page<DocumentListing>>;
  abstract find(documentId: string, now: Date): Promise<DocumentListing | null>;
}
