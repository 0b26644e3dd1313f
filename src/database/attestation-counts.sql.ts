import type { EntityManager } from 'typeorm';
import { ATTESTATION_BUCKETS, AttestationCounts, noAttestations } from '../documents/domain/attestation-counts';

const OPEN_STATUSES = `('created', 'sent', 'viewed', 'bounced', 'failed', 'complained')`;

/**
 * The attestation counts of many documents recounted from scratch, in one statement: the reference the maintained
 * counts (below, and the ListCounters migration) are checked against by `counters:recount` and the tests. Both reads are index-only scans in
 * (document_id, person_id) order: the page's requests, folded per person (attestation_requests_standing), and
 * its assignments (their primary key), so the two can be merged without sorting. Archived people are left out by an
 * anti-join on the small set of archived people. Every remaining assignee is put in the first bucket that applies.
 * $1: the documents' ids; $2: now, which decides whether a renewal is due.
 */
export const ATTESTATION_COUNTS_SQL = `
  WITH page AS (
    SELECT d.id, d.latest_revision_id, d.renewal_interval_days
    FROM documents d
    WHERE d.id = ANY($1::varchar[])
  ),
  standing AS (
    SELECT r.document_id,
           r.person_id,
           bool_or(r.status IN ${OPEN_STATUSES}) AS has_open,
           max(r.attested_at) FILTER (
             WHERE r.status = 'attested' AND r.document_revision_id = page.latest_revision_id
           ) AS latest_attested_at,
           bool_or(r.status = 'attested') AS has_attested
    FROM attestation_requests r
    JOIN page ON page.id = r.document_id
    WHERE r.document_id = ANY($1::varchar[])
    GROUP BY r.document_id, r.person_id
  ),
  assignee AS (
    SELECT a.document_id,
           CASE
             WHEN s.latest_attested_at IS NOT NULL AND NOT renewal.due THEN 'attested_latest'
             WHEN s.has_open THEN 'pending_attested'
             WHEN s.latest_attested_at IS NOT NULL THEN 'renewal_due'
             WHEN s.has_attested THEN 'attested_outdated'
             ELSE 'unrequested'
           END AS bucket
    FROM document_assignments a
    JOIN page ON page.id = a.document_id
    LEFT JOIN standing s ON s.document_id = a.document_id AND s.person_id = a.person_id
    CROSS JOIN LATERAL (
      SELECT page.renewal_interval_days IS NOT NULL
         AND s.latest_attested_at + make_interval(days => page.renewal_interval_days) < $2::timestamptz AS due
    ) renewal
    WHERE a.document_id = ANY($1::varchar[])
      AND NOT EXISTS (SELECT 1 FROM people p WHERE p.id = a.person_id AND p.archived_at IS NOT NULL)
  )
  SELECT document_id,
         ${ATTESTATION_BUCKETS.map((bucket) => `count(*) FILTER (WHERE bucket = '${bucket}')::int AS ${bucket}`).join(',\n         ')},
         count(*)::int AS total
  FROM assignee
  GROUP BY document_id`;

type CountsRow = AttestationCounts & { document_id: string };

/** Counts for each of `documentIds`, from scratch; a document nobody is assigned gets zeros. */
export async function recountAttestations(
  manager: EntityManager,
  documentIds: readonly string[],
  now: Date,
): Promise<Map<string, AttestationCounts>> {
  const counts = new Map<string, AttestationCounts>(documentIds.map((id) => [id, noAttestations()]));
  if (documentIds.length === 0) return counts;
  const rows: CountsRow[] = await manager.query(ATTESTATION_COUNTS_SQL, [documentIds, now]);
  for (const { document_id, ...row } of rows) counts.set(document_id, row);
  return counts;
}

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
