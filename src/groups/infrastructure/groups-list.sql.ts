import { listTotal, Statement } from '../../database/list-totals';

export interface GroupRow {
  id: string;
  organization_id: string;
  name: string;
  auto_issue_requests: boolean;
  created_at: Date;
  updated_at: Date;
}

type Runner = (statement: Statement) => Promise<Record<string, unknown>[]>;

/**
 * A page of groups: the maintained total (`list_totals`), then, when the page starts before the end, its rows
 * through groups_listing in (name, id) order. The API and the benchmark's bare reference run exactly these.
 */
export async function fetchGroupsPage(
  run: Runner,
  organizationId: string,
  offset: number,
  limit: number,
): Promise<{ rows: GroupRow[]; total: number }> {
  const [{ total }] = (await run(listTotal(organizationId, 'groups'))) as { total: number }[];
  if (offset >= total) return { rows: [], total };
  const rows = (await run({
    text:
      'SELECT id, organization_id, name, auto_issue_requests, created_at, updated_at FROM groups ' +
      'WHERE organization_id = $1 ORDER BY name, id OFFSET $2 LIMIT $3',
    values: [organizationId, offset, limit],
  })) as unknown as GroupRow[];
  return { rows, total };
}
