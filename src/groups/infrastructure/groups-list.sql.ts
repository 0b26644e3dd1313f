import { LIST_TOTAL_EXPRESSION, Statement } from '../../database/list-totals';
import { GROUP_COLUMNS, GroupRow } from './group.record';

/** A group of the organization by id ($1 id, $2 organization). */
export const GROUP_IN_ORGANIZATION_SQL = `SELECT ${GROUP_COLUMNS} FROM groups WHERE id = $1 AND organization_id = $2`;

type Runner = (statement: Statement) => Promise<Record<string, unknown>[]>;

/**
 * A page of groups in one statement: the maintained total (`list_totals`), then, in a lateral join that does not
 * run when the page starts at or past the total, its rows from groups_listing in (name, id) order (an empty page
 * answers one row with the total and null columns). The index holds every column listed, so the page is an
 * index-only scan whatever the number of groups. The API and the benchmark's bare reference run exactly this.
 */
export async function fetchGroupsPage(
  run: Runner,
  organizationId: string,
  offset: number,
  limit: number,
): Promise<{ rows: GroupRow[]; total: number }> {
  const rows = (await run({
    text:
      `SELECT t.total, g.* FROM (SELECT ${LIST_TOTAL_EXPRESSION} AS total OFFSET 0) t LEFT JOIN LATERAL (` +
      'SELECT id, organization_id, name, auto_issue_requests, external_id, created_at, updated_at FROM groups ' +
      'WHERE organization_id = $1 AND t.total > $3::bigint ORDER BY name, id OFFSET $3::bigint LIMIT $4' +
      ') g ON true ORDER BY g.name, g.id',
    values: [organizationId, 'groups', offset, limit],
  })) as unknown as (GroupRow & { total: number })[];
  return {
    rows: rows.filter((row) => row.id !== null),
    total: rows[0]?.total ?? 0,
  };
}
