/**
 * The attestation counts of the documents aliased `d`, read from what the triggers maintain (see the ListCounters
 * and StandingsByRevision migrations): the sum of the document's delta rows (one per revision once the settling
 * pass folded them), where the rows of a revision that is no longer the latest count as what its attestations
 * became when the next one was published (`outdated`, or `pending` with an open request); plus the pairs whose
 * attestation of the latest revision fell due since the pass last moved them, found in the partial index on
 * `due_at` (a range of a few entries, empty right after the pass). `now` is the placeholder of the time that
 * decides what is due.
 */
export function maintainedCountsJoin(now: string): string {
  const current = `k.revision_id = d.latest_revision_id`;
  return `
    LEFT JOIN LATERAL (
      SELECT coalesce(sum(k.latest) FILTER (WHERE ${current}), 0)::int AS latest,
             coalesce(sum(k.latest_open) FILTER (WHERE ${current}), 0)::int AS latest_open,
             coalesce(sum(k.due) FILTER (WHERE ${current}), 0)::int AS due,
             coalesce(sum(k.due_open) FILTER (WHERE ${current}), 0)::int AS due_open,
             (coalesce(sum(k.pending), 0)
               + coalesce(sum(k.latest_open + k.due_open) FILTER (WHERE NOT coalesce(${current}, false)), 0))::int AS pending,
             (coalesce(sum(k.outdated), 0)
               + coalesce(sum(k.latest + k.due) FILTER (WHERE NOT coalesce(${current}, false)), 0))::int AS outdated,
             coalesce(sum(k.unrequested), 0)::int AS unrequested
      FROM attestation_count_deltas k WHERE k.document_id = d.id
    ) k ON true
    LEFT JOIN LATERAL (
      SELECT count(*) FILTER (WHERE f.bucket = 'latest')::int AS fell,
             count(*) FILTER (WHERE f.bucket = 'latest_open')::int AS fell_open
      FROM attestation_standings f
      WHERE f.document_id = d.id AND f.bucket IN ('latest', 'latest_open') AND f.due_at IS NOT NULL
        AND f.due_at < ${now}::timestamptz AND f.revision_id = d.latest_revision_id
    ) f ON true`;
}

/** The contract's buckets from the maintained ones (use with maintainedCountsJoin). */
export const MAINTAINED_COUNTS_COLUMNS = `
    k.latest + k.latest_open - f.fell - f.fell_open AS attested_latest,
    k.pending + k.due_open + f.fell_open AS pending_attested,
    k.due + f.fell AS renewal_due,
    k.outdated AS attested_outdated,
    k.unrequested,
    k.latest + k.latest_open + k.due + k.due_open + k.pending + k.outdated + k.unrequested AS total`;

/** What MAINTAINED_COUNTS_COLUMNS selects. */
export interface MaintainedCountsRow {
  attested_latest: number;
  pending_attested: number;
  renewal_due: number;
  attested_outdated: number;
  unrequested: number;
  total: number;
}

/** The counts alone, of a row that selected MAINTAINED_COUNTS_COLUMNS among other columns. */
export function maintainedCountsOf(row: MaintainedCountsRow): MaintainedCountsRow {
  const { attested_latest, pending_attested, renewal_due, attested_outdated, unrequested, total } = row;
  return { attested_latest, pending_attested, renewal_due, attested_outdated, unrequested, total };
}
