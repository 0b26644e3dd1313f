import type { AttestationCounts } from './attestation-counts';
import type { Document } from './document';

/** A document as the lists show it: with when its latest revision was published and where its assignees stand. */
export interface DocumentListing {
  document: Document;
  /** The latest revision's publication time; null before the first publication. */
  lastUpdatedAt: Date | null;
  attestationCounts: AttestationCounts;
}
