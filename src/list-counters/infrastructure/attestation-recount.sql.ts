import type { EntityManager } from 'typeorm';
import { ATTESTATION_BUCKETS, AttestationCounts, noAttestations } from '../../documents/domain/attestation-counts';

const OPEN_STATUSES = `('created', 'sent', 'viewed', 'bounced', 'failed', 'complained')`;

/**
 * The attestation counts of many documents recounted from scratch, in one statement: the reference the maintained
 * counts (maintainedCountsJoin in src/database, and the ListCounters migration) are checked against by
 * `counters:recount` and the tests. Both reads are index-only scans in (document_id, person_id) order: the page's
 * requests, folded per person (attestation_requests_standing), and its assignments (their primary key), so the two
 * can be merged without sorting. Archived people are left out by an anti-join on the small set of archived people.
 * Every remaining assignee is put in the first bucket that applies. $1: the documents' ids; $2: now, which decides
 * whether a renewal is due.
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
