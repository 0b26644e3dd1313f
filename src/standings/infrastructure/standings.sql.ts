import { containsPattern } from '@lib/persistence';
import type { StandingsFilter } from '../application/standings';
import type { ViewerScope } from '../application/viewer-scope';
import { contractBucket, groupNamesOf, personInScope, SqlParams } from './scope.sql';

export interface StandingRow {
  person_id: string;
  full_name: string;
  email: string;
  groups: string[];
  bucket: string;
  requested_at: Date | null;
  last_reminded_at: Date | null;
  attested_at: Date | null;
  revision_id: string | null;
}

/**
 * A document's assignees in the viewer's scope, by person id (the standings' primary key order, so a page is an
 * index range), with their latest request and their latest attestation, each one probe of
 * `attestation_requests_standing` for the pair.
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
  const text = `
    SELECT s.person_id, p.full_name, p.email, ${groupNamesOf(scope, 'p.id', params)} AS groups, b.bucket,
           r.created_at AS requested_at, r.last_reminded_at, a.attested_at, a.document_revision_id AS revision_id
      FROM documents d
      JOIN attestation_standings s ON s.document_id = d.id
      JOIN people p ON p.id = s.person_id
      CROSS JOIN LATERAL (SELECT ${contractBucket(at)} AS bucket) b
      LEFT JOIN LATERAL (
        SELECT r.created_at, r.last_reminded_at FROM attestation_requests r
         WHERE r.document_id = d.id AND r.person_id = s.person_id ORDER BY r.created_at DESC, r.id DESC LIMIT 1
      ) r ON true
      LEFT JOIN LATERAL (
        SELECT a.attested_at, a.document_revision_id FROM attestation_requests a
         WHERE a.document_id = d.id AND a.person_id = s.person_id AND a.status = 'attested'
         ORDER BY a.attested_at DESC LIMIT 1
      ) a ON true
     WHERE ${conditions.join('\n       AND ')}
     ORDER BY s.person_id ${limit}`;
  return { text, values: params.values };
}
