/**
 * What a row of attestation_standings stores for its pair, kept by the counters' triggers without regard to the
 * latest revision (`none`, not listed: not an assignee); attestation_count_deltas has a column for each. What each
 * counts as in the contract is the standings' reading of it.
 */
export const STORED_BUCKETS = [
  'latest',
  'latest_open',
  'due',
  'due_open',
  'pending',
  'outdated',
  'unrequested',
] as const;
export type StoredBucket = (typeof STORED_BUCKETS)[number];
