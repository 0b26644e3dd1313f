/**
 * Where each assignee of a document stands. Every active assignee falls in exactly one bucket, the first that
 * applies in this order, so the buckets add up to `total`.
 */
export const ATTESTATION_BUCKETS = [
  'attested_latest',
  'pending_attested',
  'renewal_due',
  'attested_outdated',
  'unrequested',
] as const;
export type AttestationBucket = (typeof ATTESTATION_BUCKETS)[number];

export type AttestationCounts = Record<AttestationBucket, number> & { total: number };

export function noAttestations(): AttestationCounts {
  return { attested_latest: 0, pending_attested: 0, renewal_due: 0, attested_outdated: 0, unrequested: 0, total: 0 };
}
