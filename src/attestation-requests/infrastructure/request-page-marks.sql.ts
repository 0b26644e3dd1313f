import type { Statement } from '../../database/list-totals';

/** Every this many positions of an organization's requests in (created_at, id) order, a mark is kept. */
export const REQUEST_PAGE_MARK_STRIDE = 500;

/** The organization's request list version ($1): the sum of its tallies' `changes` (RequestPageMarks migration). */
export const REQUEST_LIST_VERSION = `(SELECT coalesce(sum(changes), 0)::bigint FROM attestation_request_tallies WHERE organization_id = $1)`;

type Runner = (statement: Statement) => Promise<Record<string, unknown>[]>;

/**
 * The `columns` of the requests whose ids `idsQuery` finds, in (created_at, id) order: the ids as an array rather
 * than `id IN (…)`, whose semi-join the planner weighed on every run of these custom-planned page statements.
 */
export const requestRowsByIds = (columns: string, idsQuery: string) =>
  `SELECT ${columns} FROM attestation_requests WHERE id = ANY(ARRAY(${idsQuery})) ORDER BY created_at, id`;

/**
 * A page of the organization's unfiltered request list, in (created_at, id) order, walking from the mark at or
 * before `offset` (of the list's current version) instead of from the start: the page's ids from an index-only walk,
 * then their rows' `columns` in the same statement. A mark missing for this version is made, with those before it, in
 * one walk up to it (the version and the positions from one snapshot), and the page read again; if the list changed
 * in between, the page is read from the start. `total` is the list's size as read before: a page short of it means
 * the mark was missing.
 */
export async function requestPageFromMark(
  run: Runner,
  organizationId: string,
  offset: number,
  limit: number,
  total: number,
  columns = 'id',
  stride = REQUEST_PAGE_MARK_STRIDE,
): Promise<Record<string, unknown>[]> {
  const mark = Math.floor(offset / stride) * stride;
  const fromMark = () =>
    run({
      text: requestRowsByIds(
        columns,
        `SELECT id FROM attestation_requests WHERE organization_id = $1 AND (created_at, id) >= (` +
          `SELECT m.created_at, m.id FROM attestation_request_page_marks m ` +
          `WHERE m.organization_id = $1 AND m.position = $2::int AND m.version = ${REQUEST_LIST_VERSION}) ` +
          `ORDER BY created_at, id OFFSET $3::bigint - $2::int LIMIT $4`,
      ),
      values: [organizationId, mark, offset, limit],
    });
  const expected = Math.min(limit, total - offset);
  let rows = await fromMark();
  if (rows.length >= expected) return rows;
  await run({
    text:
      `INSERT INTO attestation_request_page_marks (organization_id, version, position, created_at, id) ` +
      `SELECT $1, v.version, p.n - 1, p.created_at, p.id FROM (` +
      `SELECT created_at, id, row_number() OVER (ORDER BY created_at, id) AS n FROM (` +
      `SELECT created_at, id FROM attestation_requests WHERE organization_id = $1 ORDER BY created_at, id LIMIT $3) l` +
      `) p, (SELECT ${REQUEST_LIST_VERSION} AS version) v WHERE (p.n - 1) % $2 = 0 ON CONFLICT DO NOTHING`,
    values: [organizationId, stride, mark + 1],
  });
  rows = await fromMark();
  if (rows.length >= expected) return rows;
  return run({
    text: requestRowsByIds(
      columns,
      `SELECT id FROM attestation_requests WHERE organization_id = $1 ORDER BY created_at, id OFFSET $2 LIMIT $3`,
    ),
    values: [organizationId, offset, limit],
  });
}
