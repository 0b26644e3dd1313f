import { isoTimestamp, isoTimestampOrNull } from '@lib/http';
import type { DocumentListing } from '../domain/document-listing';

/** The contract's Document, counts included: what the API answers and what its events carry. */
export function documentSnapshot(listing: DocumentListing) {
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
