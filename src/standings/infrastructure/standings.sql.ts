import { containsPattern } from '@lib/persistence';
import type { StandingsFilter } from '../application/standings';
import type { ViewerScope } from '../application/viewer-scope';
import { contractBucket, groupIdsOf, personInScope, SqlParams, storedBucketsCountingAs } from './scope.sql';

export interface StandingRow {
  person_id: string;
  full_name: string;
  email: string;
  group_ids: string[];
  bucket: string;
  requested_at: Date | null;
  last_reminded_at: Date | null;
  attested_at: Date | null;
  revision_id: string | null;
}

/**
 * A document's assignees in the viewer's scope, by person id (the standings' primary key order, so a page is an
 * index range; filtered by bucket, a merge of the ranges of attestation_standings_bucket), with their latest request
 * and their latest attestation read in one probe of the pair's requests
 * (`attestation_requests_standing`), and the ids of their groups (named by the adapter from one read of the
 * groups: a join per row cost more than the rest of the row).
 */
export function standingsStatement(
  scope: ViewerScope,
  documentId: string,
  filter: StandingsFilter,
  now: Date,
  page: { after: string | null; limit: number } | null,
): { text: string; values: unknown[] } {
  const params = new SqlParams();
  const document = params.add(documentId);
  const organization = params.add(scope.organizationId);
  const at = params.add(now);
  const conditions = [
    `d.id = ${document}`,
    `d.organization_id = ${organization}`,
    `s.bucket <> 'none'`,
    personInScope(scope, 's.person_id', params),
  ];
  if (filter.bucket) conditions.push(`b.bucket = ${params.add(filter.bucket)}`);
  if (filter.groupId) {
    conditions.push(
      `EXISTS (SELECT 1 FROM group_memberships fg WHERE fg.group_id = ${params.add(filter.groupId)} AND fg.person_id = s.person_id)`,
    );
  }
  if (filter.search) {
    const pattern = params.add(containsPattern(filter.search));
    conditions.push(`(p.name_folded LIKE lower(${pattern}) OR p.email_folded LIKE lower(${pattern}))`);
  }
  if (page?.after) conditions.push(`s.person_id > ${params.add(page.after)}`);
  const limit = page ? `LIMIT ${params.add(page.limit + 1)}` : '';
  const groupIds = groupIdsOf(scope, 'p.id', params);
  const select = (stored: string | null) => `
    SELECT s.person_id, p.full_name, p.email, ${groupIds} AS group_ids, b.bucket,
           r.requested_at, r.last_reminded_at, r.attested_at, r.revision_id
      FROM documents d
      JOIN attestation_standings s ON s.document_id = d.id
      JOIN people p ON p.id = s.person_id
      CROSS JOIN LATERAL (SELECT ${contractBucket(at)} AS bucket) b
      LEFT JOIN LATERAL (
        SELECT max(r.created_at) AS requested_at,
               (array_agg(r.last_reminded_at ORDER BY r.created_at DESC, r.id DESC))[1] AS last_reminded_at,
               max(r.attested_at) FILTER (WHERE r.status = 'attested') AS attested_at,
               (array_agg(r.document_revision_id ORDER BY r.attested_at DESC)
                  FILTER (WHERE r.status = 'attested'))[1] AS revision_id
          FROM attestation_requests r WHERE r.document_id = d.id AND r.person_id = s.person_id
      ) r ON true
     WHERE ${[...conditions, ...(stored ? [`s.bucket = '${stored}'`] : [])].join('\n       AND ')}
     ORDER BY s.person_id ${limit}`;
  // Filtered by bucket, a page reads only the stored buckets that may count as it, each in person order and cut at
  // the page's size, and merges them: in one person-order scan, a bucket that few or none are in cost a read of
  // every assignee.
  const text = filter.bucket
    ? `SELECT * FROM (${storedBucketsCountingAs(filter.bucket)
        .map((stored) => `(${select(stored)})`)
        .join('\n    UNION ALL ')}) page
        ORDER BY person_id ${limit}`
    : select(null);
  return { text, values: params.values };
}
