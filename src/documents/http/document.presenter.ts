import { isoTimestamp } from '@lib/http';
import type { PublishedRevisionSummary } from '../application/document-listing.repository';
import type { PublishedRevision } from '../application/publish-document-revision.use-case';
import { documentSnapshot } from '../application/document-snapshot';

/** The contract's Document (the snapshot its events carry). */
export const presentDocument = documentSnapshot;

export function presentPublishedRevision(published: PublishedRevision) {
  return {
    document_revision_id: published.revisionId,
    document_id: published.documentId,
    published_at: isoTimestamp(published.publishedAt),
  };
}

export function presentRevision(revision: PublishedRevisionSummary) {
  return {
    document_revision_id: revision.id,
    published_at: isoTimestamp(revision.publishedAt),
    content_sha256: revision.contentSha256,
  };
}
