import { ATTESTATION_BUCKETS } from '../../documents/domain/attestation-counts';
import { noAttestations } from '../../documents/domain/attestation-counts';
import type { AttestationCounts } from '../../documents/domain/attestation-counts';
import type { ComplianceOverview, DocumentOverview } from './standings';

export interface DocumentCounts {
  documentId: string;
  name: string;
  counts: AttestationCounts;
  /** Open requests whose `expires_at` has passed (not yet expired by the worker's pass). */
  expiredOpen: number;
}

const rate = (counts: AttestationCounts) => (counts.total === 0 ? null : counts.attested_latest / counts.total);

/**
 * The overview from each document's counts: completion rate (attested_latest ÷ total), overdue (renewals due plus
 * open requests past their expiry), outstanding (total − attested_latest), most outstanding first, then by name;
 * and the sums over the documents.
 */
export function overviewOf(rows: readonly DocumentCounts[]): ComplianceOverview {
  const documents: DocumentOverview[] = rows.map((row) => ({
    documentId: row.documentId,
    name: row.name,
    counts: row.counts,
    completionRate: rate(row.counts),
    overdue: row.counts.renewal_due + row.expiredOpen,
    outstanding: row.counts.total - row.counts.attested_latest,
  }));
  documents.sort(
    (a, b) =>
      b.outstanding - a.outstanding ||
      (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
      (a.documentId < b.documentId ? -1 : 1),
  );
  const totals = noAttestations();
  let overdue = 0;
  for (const document of documents) {
    for (const bucket of ATTESTATION_BUCKETS) totals[bucket] += document.counts[bucket];
    totals.total += document.counts.total;
    overdue += document.overdue;
  }
  return {
    documents,
    totals: { ...totals, overdue, outstanding: totals.total - totals.attested_latest, completionRate: rate(totals) },
  };
}
