import { containsPattern } from '@lib/persistence';
import { LIST_TOTAL_EXPRESSION, Statement } from '../../database/list-totals';
import type { PeopleFilter } from '../application/person.repository';
import { PERSON_COLUMNS, PersonRow } from './person.record';

export const PERSON_IN_ORGANIZATION_SQL = `SELECT ${PERSON_COLUMNS} FROM people WHERE id = $1 AND organization_id = $2`;

type Runner = (statement: Statement) => Promise<Record<string, unknown>[]>;

/**
 * The people list's text filters, each a `containsPattern` matched against a column: names and emails
 * case-insensitively, as ILIKE on `full_name` / `email` would, through their copies lower-cased when written
 * (FoldedSearchColumns migration), so no row is lower-cased again as it is tested; phones as they are.
 * (The recounts of `counters:recount` and the tests match with ILIKE on the original columns, independently.)
 */
export const PEOPLE_TEXT_FILTERS = [
  { filter: 'name', condition: (pattern: string) => `name_folded LIKE lower(${pattern})` },
  { filter: 'email', condition: (pattern: string) => `email_folded LIKE lower(${pattern})` },
  { filter: 'phone', condition: (pattern: string) => `phone LIKE ${pattern}` },
] as const satisfies readonly { filter: keyof PeopleFilter; condition: (pattern: string) => string }[];

/** Every this many positions of a list in created_at order, a mark is kept (people_page_marks) for deep pages. */
export const PEOPLE_PAGE_MARK_STRIDE = 500;

/** The organization's people version ($1 the organization): the sum of its slots in people_versions. */
const PEOPLE_VERSION = `(SELECT coalesce(sum(version), 0)::bigint FROM people_versions WHERE organization_id = $1)`;

/**
 * The total, then the page's rows (a single row with the total and null columns when the page is empty); the page is
 * not read at all when it starts at or past the total. `skip` is how many rows of `where` the page skips. (`OFFSET 0`
 * keeps the total a subquery of its own: pulled up, it would be read once for the column and once for the gate.)
 * Without a text filter the walk to the offset reads index entries only (people_active / people_archived), collects
 * the page's ids as an array, and just those rows are fetched by primary key afterwards: an array rather than
 * `id IN (subquery)`, whose semi-join the planner weighed on every run (these statements keep custom plans, their
 * OFFSET and LIMIT being parameters): planning 0.23 -> 0.18 ms and execution 0.11 -> 0.10 ms for the first page of
 * 25 on the large seed. A text filter needs each walked row anyway, so its page is those rows, read once (fetching
 * them again by id cost 100 primary-key probes, a hash and a sort: 2.2 -> 1.4 ms a statement for
 * `name=ann&per_page=100` on the large seed).
 */
const pageOf = (total: string, where: string, offset: string, skip: string, limit: string, filtered = false) =>
  filtered
    ? `SELECT t.total, p.* FROM (SELECT ${total} AS total OFFSET 0) t LEFT JOIN LATERAL (` +
      `SELECT ${PERSON_COLUMNS} FROM people WHERE ${where} AND t.total > ${offset} ` +
      `ORDER BY created_at, id OFFSET ${skip} LIMIT ${limit}) p ON true ORDER BY p.created_at, p.id`
    : `SELECT t.total, p.* FROM (SELECT total, CASE WHEN total > ${offset} THEN ARRAY(` +
      `SELECT id::text FROM people WHERE ${where} ORDER BY created_at, id OFFSET ${skip} LIMIT ${limit}) END AS ids ` +
      `FROM (SELECT ${total} AS total) counted OFFSET 0) t LEFT JOIN LATERAL (` +
      `SELECT ${PERSON_COLUMNS} FROM people WHERE id::text = ANY(t.ids)) p ON true ORDER BY p.created_at, p.id`;

type PageRow = PersonRow & { total: number };

function rowsAndTotal(rows: Record<string, unknown>[]): { rows: PersonRow[]; total: number } {
  const page = rows as unknown as PageRow[];
  const total = page[0]?.total ?? 0;
  return {
    rows: page.filter((row) => row.id !== null),
    total,
  };
}

/** The transaction lock of one reader counting one filter of one organization. */
const COUNT_LOCK = (organization: string, filterKey: string) =>
  `hashtextextended('people_filter_counts:' || ${organization} || ':' || ${filterKey}, 0)`;

/**
 * The statement that counts a filter missing at this version, stores the count and reads the page: only by the reader
 * that takes the filter's lock (held until the statement ends). The others, at once, answer the newest count stored
 * for an earlier version of the people (a total a few changes old, until the counter's is stored), or, when there is
 * none, a null total: they then wait for the counter (fetchPeoplePage). At 16 connections the first `?name=` reads
 * after a change each counted every match, used up the pool, and some timed out. `once` false counts unconditionally.
 */
function countOnce(
  where: string,
  n: number,
  values: unknown[],
  filterKey: string,
  offset: number,
  limit: number,
  once = true,
): Statement {
  const claim = once ? `pg_try_advisory_xact_lock(${COUNT_LOCK('$1', `$${n + 1}::text`)})` : 'true';
  return {
    text:
      `WITH claimed AS (SELECT ${claim} AS mine), ` +
      `counted AS (SELECT count(*)::int AS total, ${PEOPLE_VERSION} AS version FROM people ` +
      `WHERE (SELECT mine FROM claimed) AND ${where}), ` +
      `stored AS (INSERT INTO people_filter_counts (organization_id, filter, version, total) ` +
      `SELECT $1, $${n + 1}::jsonb, version, total FROM counted WHERE (SELECT mine FROM claimed) ON CONFLICT DO NOTHING) ` +
      pageOf(
        `(SELECT CASE WHEN (SELECT mine FROM claimed) THEN (SELECT total FROM counted) ELSE ` +
          `(SELECT f.total FROM people_filter_counts f WHERE f.organization_id = $1 AND f.filter = $${n + 1}::jsonb ` +
          `ORDER BY f.version DESC LIMIT 1) END)`,
        where,
        `$${n + 2}::bigint`,
        `$${n + 2}::bigint`,
        `$${n + 3}`,
        true,
      ),
    values: [...values, filterKey, offset, limit],
  };
}

/**
 * A page of people and the count of all that match, each in one statement whose snapshot decides both (the page
 * after the total, in a lateral join that does not run for a page past the end):
 * - no text filter: the total is the maintained counter (`list_totals`, 16 rows at most); the page walks the
 *   partial index of its state (people_active / people_archived, index-only) to its offset and reads only its own
 *   rows. From the first mark on (`PEOPLE_PAGE_MARK_STRIDE`), it walks from the mark at or before its offset
 *   (people_page_marks, of the organization's current people version) instead of from the start; a mark missing for
 *   this version is made, with those before it (one walk of the index up to it), and the page read again;
 * - a text filter: the total is the stored count of this filter at the organization's current people version
 *   (people_filter_counts); when there is none (a new filter, or the people changed since), a second statement
 *   counts through the trigram index (a bitmap of the candidates, rechecked), stores the count and reads the page,
 *   one reader at a time per filter (`countOnce`);
 *   the page walks the created_at order, filtering, to its limit. (`count(*) OVER ()` measured slower: every match
 *   went through the sort.)
 * The API's repository and the benchmark's bare reference both run exactly these statements.
 */
export async function fetchPeoplePage(
  run: Runner,
  organizationId: string,
  filter: PeopleFilter,
  offset: number,
  limit: number,
  markStride = PEOPLE_PAGE_MARK_STRIDE,
): Promise<{ rows: PersonRow[]; total: number }> {
  const state = filter.archived ? 'archived_at IS NOT NULL' : 'archived_at IS NULL';
  const values: unknown[] = [organizationId];
  const conditions = [`organization_id = $1`, state];
  const key: Record<string, unknown> = { archived: filter.archived };
  for (const { filter: name, condition } of PEOPLE_TEXT_FILTERS) {
    const value = filter[name];
    if (value === undefined) continue;
    const pattern = containsPattern(value);
    key[name] = pattern;
    values.push(pattern);
    conditions.push(condition(`$${values.length}`));
  }
  if (filter.externalId !== undefined) {
    // Exact, through people_external_id_unique; counted and stored as the text filters are.
    key.external_id = filter.externalId;
    values.push(filter.externalId);
    conditions.push(`external_id = $${values.length}`);
  }
  const where = conditions.join(' AND ');
  const n = values.length;

  if (n > 1) {
    // The count stored for this filter at this version, and the page; none stored (a new filter, or the people
    // changed since): a count, stored for the next read of this filter, and the page. Two statements rather than
    // one with both paths: planning the count's text condition a second time cost more than the lookup saves.
    const filterKey = JSON.stringify(key);
    const storedStatement = {
      text: pageOf(
        `(SELECT f.total FROM people_filter_counts f WHERE f.organization_id = $1 ` +
          `AND f.filter = $${n + 1}::jsonb AND f.version = ${PEOPLE_VERSION})`,
        where,
        `$${n + 2}::bigint`,
        `$${n + 2}::bigint`,
        `$${n + 3}`,
        true,
      ),
    };
    const stored = await run({ ...storedStatement, values: [...values, filterKey, offset, limit] });
    if (stored[0]?.total !== null) return rowsAndTotal(stored);
    const counted = await run(countOnce(where, n, values, filterKey, offset, limit));
    if (counted[0]?.total !== null) return rowsAndTotal(counted);
    // Another reader is counting this filter and no earlier count of it exists: wait for that reader's statement to
    // end (its lock is held until then), then read what it stored; the people may have changed meanwhile, so count
    // once more if there is still nothing.
    await run({
      text: `SELECT pg_advisory_xact_lock(${COUNT_LOCK(`$1`, `$2::text`)})`,
      values: [organizationId, filterKey],
    });
    const waited = await run({ ...storedStatement, values: [...values, filterKey, offset, limit] });
    if (waited[0]?.total !== null) return rowsAndTotal(waited);
    return rowsAndTotal(await run(countOnce(where, n, values, filterKey, offset, limit, false)));
  }

  const total = LIST_TOTAL_EXPRESSION;
  const list = filter.archived ? 'people_archived' : 'people_active';
  const fromStart = () =>
    run({
      text: pageOf(total, where, '$3::bigint', '$3::bigint', '$4'),
      values: [organizationId, list, offset, limit],
    });
  // (A position past what an integer holds is past any list: the page is not read.)
  if (offset < markStride || offset > 2 ** 31 - 1) return rowsAndTotal(await fromStart());

  const mark = Math.floor(offset / markStride) * markStride;
  const fromMark = () =>
    run({
      text: pageOf(
        total,
        `${where} AND (created_at, id) >= (SELECT m.created_at, m.id FROM people_page_marks m ` +
          `WHERE m.organization_id = $1 AND m.archived = $5 AND m.position = $6::int AND m.version = ${PEOPLE_VERSION})`,
        '$3::bigint',
        '$3::bigint - $6::int',
        '$4',
      ),
      values: [organizationId, list, offset, limit, filter.archived, mark],
    });
  let page = rowsAndTotal(await fromMark());
  if (page.rows.length > 0 || offset >= page.total) return page;
  // No mark of this version yet: mark every stride-th position up to this one in one walk of the index, no
  // longer than the page's own walk (the version and the positions from one snapshot; a concurrent maker of the
  // same marks makes the same rows).
  await run({
    text:
      `INSERT INTO people_page_marks (organization_id, archived, version, position, created_at, id) ` +
      `SELECT $1, $2, v.version, p.n - 1, p.created_at, p.id FROM (` +
      `SELECT created_at, id, row_number() OVER (ORDER BY created_at, id) AS n FROM (` +
      `SELECT created_at, id FROM people WHERE ${where} ORDER BY created_at, id LIMIT $4) l) p, ` +
      `(SELECT ${PEOPLE_VERSION} AS version) v WHERE (p.n - 1) % $3 = 0 ON CONFLICT DO NOTHING`,
    values: [organizationId, filter.archived, markStride, mark + 1],
  });
  page = rowsAndTotal(await fromMark());
  if (page.rows.length > 0 || offset >= page.total) return page;
  // The people changed between the marks and the read: this time, from the start.
  return rowsAndTotal(await fromStart());
}

/**
 * A page of a group's members (archived people included) with their number, in one statement: the count of the
 * group's memberships (null when the group is not the organization's: no such group); when the page starts before
 * its end, the page's person ids in the order people joined, as an array, from the group's index entries only
 * (group_memberships_listing); then those people by primary key, each checked to be the organization's, in the
 * array's order. The ids as an array rather than a join of the page's memberships with people: the statement keeps a
 * custom plan (its OFFSET and LIMIT are parameters), and planning the join was most of its cost (pgbench, one
 * client, large seed, 1,000-member group, 25 a page: 0.45-0.64 -> 0.14-0.18 ms a statement).
 * $1 group, $2 organization, $3 offset, $4 limit.
 */
export function groupMembersStatement(
  groupId: string,
  organizationId: string,
  offset: number,
  limit: number,
): Statement {
  const columns = PERSON_COLUMNS.split(', ')
    .map((column) => `person.${column}`)
    .join(', ');
  return {
    text:
      `SELECT t.total, person.* FROM (SELECT total, CASE WHEN total > $3::bigint THEN ARRAY(` +
      `SELECT person_id::text FROM group_memberships WHERE group_id = $1 ORDER BY created_at, person_id ` +
      `OFFSET $3::bigint LIMIT $4) END AS ids FROM (` +
      `SELECT CASE WHEN EXISTS (SELECT 1 FROM groups WHERE id = $1 AND organization_id = $2) ` +
      `THEN coalesce(sum(total), 0)::int END AS total FROM group_member_totals WHERE group_id = $1) counted ` +
      `OFFSET 0) t LEFT JOIN LATERAL (` +
      `SELECT ${columns} FROM people person WHERE person.id::text = ANY(t.ids) AND person.organization_id = $2` +
      `) person ON true ORDER BY array_position(t.ids, person.id::text)`,
    values: [groupId, organizationId, offset, limit],
  };
}

/** The rows of groupMembersStatement as a page of people; null when the group is not the organization's. */
export function groupMembersOf(rows: Record<string, unknown>[]): { rows: PersonRow[]; total: number } | null {
  const page = rows as unknown as (Omit<PageRow, 'total'> & { total: number | null })[];
  const total = page[0]?.total ?? null;
  if (total === null) return null;
  return { rows: page.filter((row) => row.id !== null), total };
}
