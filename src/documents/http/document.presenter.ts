import { isoTimestamp, isoTimestampOrNull } from '@lib/http';
import type { PublishedRevisionSummary } from '../application/document-listing.repository';
import type { PublishedRevision } from '../application/publish-document-revision.use-case';
import type { DocumentListing } from '../domain/document-listing';

/** The contract's Document. */
export function presentDocument(listing: DocumentListing) {
  const { document, lastUpdatedAt, attestationCounts: counts } = listing;
  return {
    id: document.id,
    organization_id: document.organizationId,
    name: document.name,
    default_attestation_type: document.defaultAttestationType,
    requires_signature: document.requiresSignature,
    renewal_interval_days: document.renewalIntervalDays,
    auto_renew: document.autoRenew,
    archived_at: isoTimestampOrNull(document.archivedAt),
    has_published_revision: document.hasPublishedRevision,
    last_updated_at: isoTimestampOrNull(lastUpdatedAt),
    attestation_counts: {
      attested_latest: counts.attested_latest,
      pending_attested: counts.pending_attested,
      attested_outdated: counts.attested_outdated,
      unrequested: counts.unrequested,
      renewal_due: counts.renewal_due,
      total: counts.total,
    },
    created_at: isoTimestamp(document.createdAt),
    updated_at: isoTimestamp(document.updatedAt),
  };
}

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
