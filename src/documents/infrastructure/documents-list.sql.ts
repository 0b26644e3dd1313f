import { containsPattern } from '@lib/persistence';
import {
  MAINTAINED_COUNTS_COLUMNS,
  maintainedCountsJoin,
  MaintainedCountsRow,
} from '../../database/attestation-counts.sql';
import { LIST_TOTAL_EXPRESSION, Statement } from '../../database/list-totals';
import type { DocumentsFilter } from '../application/document-listing.repository';

export interface DocumentListingRow extends MaintainedCountsRow {
  id: string;
  organization_id: string;
  name: string;
  default_attestation_type: string;
  requires_signature: boolean;
  renewal_interval_days: number | null;
  auto_renew: boolean;
  latest_revision_id: string | null;
  archived_at: Date | null;
  created_at: Date;
  updated_at: Date;
  last_updated_at: Date | null;
}

/**
 * The latest publication is a subquery per document (a probe of the revisions' key) rather than a join: joined, the
 * planner hashed every revision of the table for a page of 100 (2,000 in the large seed, 0.8 of a 2 ms statement),
 * and would scan more the more revisions there are.
 */
const LISTING_COLUMNS = `
    d.id, d.organization_id, d.name, d.default_attestation_type, d.requires_signature, d.renewal_interval_days,
    d.auto_renew, d.latest_revision_id, d.archived_at, d.created_at, d.updated_at,
    (SELECT latest.published_at FROM document_revisions latest WHERE latest.id = d.latest_revision_id)
      AS last_updated_at,${MAINTAINED_COUNTS_COLUMNS}`;

type Runner = (statement: Statement) => Promise<Record<string, unknown>[]>;

/**
 * A page of documents with their latest publication and attestation counts, in one statement with the total:
 * the maintained counter without a name filter (the page in a lateral join after it); with one, `count(*) OVER ()`
 * over the matching documents in the same statement as the page. The API and the benchmark's bare reference run exactly these.
 */
export async function fetchDocumentsPage(
  run: Runner,
  organizationId: string,
  filter: DocumentsFilter,
  offset: number,
  limit: number,
  now: Date,
): Promise<{ rows: DocumentListingRow[]; total: number }> {
  const state = filter.archived ? 'archived_at IS NOT NULL' : 'archived_at IS NULL';
  if (filter.name === undefined) {
    // The total, then (in a lateral join that does not run for a page at or past it) the page.
    const rows = (await run({
      text: `
        SELECT t.list_total, x.* FROM (SELECT ${LIST_TOTAL_EXPRESSION} AS list_total OFFSET 0) t
        LEFT JOIN LATERAL (
          SELECT ${LISTING_COLUMNS}
          FROM (SELECT * FROM documents WHERE organization_id = $1 AND ${state} AND t.list_total > $3::bigint
                ORDER BY name, id OFFSET $3::bigint LIMIT $4) d
          ${maintainedCountsJoin('$5')}
        ) x ON true
        ORDER BY x.name, x.id`,
      values: [organizationId, filter.archived ? 'documents_archived' : 'documents_active', offset, limit, now],
    })) as unknown as (DocumentListingRow & { list_total: number })[];
    return {
      rows: rows.filter((row) => row.id !== null),
      total: rows[0]?.list_total ?? 0,
    };
  }
  const where = `organization_id = $1 AND ${state} AND name ILIKE $2`;
  const rows = (await run({
    text: `
      SELECT ${LISTING_COLUMNS}, d.matching
      FROM (SELECT *, count(*) OVER ()::int AS matching FROM documents WHERE ${where}
            ORDER BY name, id OFFSET $3 LIMIT $4) d
      ${maintainedCountsJoin('$5')}
      ORDER BY d.name, d.id`,
    values: [organizationId, containsPattern(filter.name), offset, limit, now],
  })) as unknown as (DocumentListingRow & { matching: number })[];
  if (rows.length > 0) return { rows, total: rows[0].matching };
  if (offset === 0) return { rows: [], total: 0 };
  const [{ total }] = (await run({
    text: `SELECT count(*)::int AS total FROM documents WHERE ${where}`,
    values: [organizationId, containsPattern(filter.name)],
  })) as { total: number }[];
  return { rows: [], total };
}

export function documentListingStatement(documentId: string, now: Date): Statement {
  return {
    text: `
      SELECT ${LISTING_COLUMNS}
      FROM documents d
      ${maintainedCountsJoin('$2')}
      WHERE d.id = $1`,
    values: [documentId, now],
  };
}

/** A page of a group's documents (archived ones included), by name then id, as the list shows them. */
export function groupDocumentsStatement(
  organizationId: string,
  groupId: string,
  offset: number,
  limit: number,
  now: Date,
): Statement {
  return {
    text: `
      SELECT ${LISTING_COLUMNS}
      FROM (SELECT document.* FROM group_documents grouped
              JOIN documents document ON document.id = grouped.document_id AND document.organization_id = $1
             WHERE grouped.group_id = $2
             ORDER BY document.name, document.id OFFSET $3 LIMIT $4) d
      ${maintainedCountsJoin('$5')}
      ORDER BY d.name, d.id`,
    values: [organizationId, groupId, offset, limit, now],
  };
}
