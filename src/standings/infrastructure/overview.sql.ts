import {
  MAINTAINED_COUNTS_COLUMNS,
  maintainedCountsJoin,
  MaintainedCountsRow,
} from '../../database/attestation-counts.sql';
import type { ViewerScope } from '../application/viewer-scope';
import { contractBucket, OPEN_STATUSES_SQL, SqlParams } from './scope.sql';

export interface OverviewRow extends MaintainedCountsRow {
  document_id: string;
  name: string;
  expired_open: number;
}

/**
 * The whole organization's overview (or one document's row of it, for that document's page): every published, active document's counts from the maintained counters (see
 * maintainedCountsJoin: a few delta rows per document, never its assignees), and its open requests past their
 * expiry from the partial index of open requests by `expires_at` (only those the expiry pass has not reached yet).
 */
export function organizationOverview(
  scope: ViewerScope,
  now: Date,
  documentId?: string,
): { text: string; values: unknown[] } {
  const params = new SqlParams();
  const organization = params.add(scope.organizationId);
  const at = params.add(now);
  const one = documentId ? params.add(documentId) : null;
  return {
    text: `
      SELECT d.id AS document_id, d.name, ${MAINTAINED_COUNTS_COLUMNS},
             coalesce(x.expired_open, 0)::int AS expired_open
        FROM documents d
        ${maintainedCountsJoin(at)}
        LEFT JOIN (
          SELECT document_id, count(*)::int AS expired_open FROM attestation_requests
           WHERE organization_id = ${organization} AND expires_at IS NOT NULL AND expires_at < ${at}::timestamptz
             AND status IN ${OPEN_STATUSES_SQL}${one ? ` AND document_id = ${one}` : ''}
           GROUP BY document_id
        ) x ON x.document_id = d.id
       WHERE d.organization_id = ${organization} AND d.archived_at IS NULL AND d.latest_revision_id IS NOT NULL
             ${one ? `AND d.id = ${one}` : ''}`,
    values: params.values,
  };
}

/**
 * A group manager's overview: the same figures over the people of their groups only. The counters are per document
 * and organization, so this one reads the standings of those people (one index range per person), a cost that grows
 * with the manager's people × documents, not with the organization; documents none of them is assigned are left out.
 */
export function managedOverview(scope: ViewerScope & { kind: 'managed_groups' }, now: Date, documentId?: string) {
  const params = new SqlParams();
  const organization = params.add(scope.organizationId);
  const manager = params.add(scope.managerId);
  const at = params.add(now);
  const one = documentId ? params.add(documentId) : null;
  const mine = `SELECT DISTINCT gm.person_id FROM group_managers m JOIN group_memberships gm ON gm.group_id = m.group_id
                 WHERE m.organization_id = ${organization} AND m.user_id = ${manager}`;
  return {
    text: `
      WITH mine AS MATERIALIZED (${mine}),
      counted AS (
        SELECT d.id AS document_id, d.name, b.bucket, count(*)::int AS n
          FROM mine
          JOIN attestation_standings s ON s.person_id = mine.person_id AND s.bucket <> 'none'
          JOIN documents d ON d.id = s.document_id
          CROSS JOIN LATERAL (SELECT ${contractBucket(at)} AS bucket) b
         WHERE d.organization_id = ${organization} AND d.archived_at IS NULL AND d.latest_revision_id IS NOT NULL
               ${one ? `AND d.id = ${one}` : ''}
         GROUP BY d.id, d.name, b.bucket
      )
      SELECT c.document_id, c.name,
             coalesce(sum(n) FILTER (WHERE bucket = 'attested_latest'), 0)::int AS attested_latest,
             coalesce(sum(n) FILTER (WHERE bucket = 'pending_attested'), 0)::int AS pending_attested,
             coalesce(sum(n) FILTER (WHERE bucket = 'renewal_due'), 0)::int AS renewal_due,
             coalesce(sum(n) FILTER (WHERE bucket = 'attested_outdated'), 0)::int AS attested_outdated,
             coalesce(sum(n) FILTER (WHERE bucket = 'unrequested'), 0)::int AS unrequested,
             sum(n)::int AS total,
             (SELECT count(*)::int FROM attestation_requests r JOIN mine ON mine.person_id = r.person_id
               WHERE r.document_id = c.document_id AND r.expires_at < ${at}::timestamptz
                 AND r.status IN ${OPEN_STATUSES_SQL}) AS expired_open
        FROM counted c
       GROUP BY c.document_id, c.name`,
    values: params.values,
  };
}
