import type { Page, PageRequest } from '@lib/http';
import type { DocumentListing } from '../domain/document-listing';

/** A published revision without its text: what the list of revisions shows. */
export interface PublishedRevisionSummary {
  id: string;
  publishedAt: Date;
  /** Lowercase hex SHA-256 of the text as published (UTF-8), the fingerprint the attestation page shows. */
  contentSha256: string;
}

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
  /** The document, archived or not; within `organizationId` when given (the admin CLI names it by id alone). */
  abstract find(documentId: string, now: Date, organizationId?: string): Promise<DocumentListing | null>;
  /** One page of the document's published revisions, newest first, then by id descending. */
  abstract revisionPage(
    organizationId: string,
    documentId: string,
    request: PageRequest,
  ): Promise<Page<PublishedRevisionSummary>>;
  /**
   * One page of the group's documents (archived ones included), ordered by name then id; null when the group is
   * not the organization's.
   */
  abstract groupPage(
    organizationId: string,
    groupId: string,
    request: PageRequest,
    now: Date,
  ): Promise<Page<DocumentListing> | null>;
}
