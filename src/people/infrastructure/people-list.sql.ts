import { containsPattern } from '@lib/persistence';
import { listTotal, Statement } from '../../database/list-totals';
import type { PeopleFilter } from '../application/person.repository';

/** A person's columns as the API reads them (snake_case, as PostgreSQL names them). */
export const PERSON_COLUMNS =
  'id, organization_id, first_name, last_name, email, phone, source, source_id, archived_at, created_at, updated_at';

export interface PersonRow {
  id: string;
  organization_id: string;
  first_name: string | null;
  last_name: string;
  email: string;
  phone: string | null;
  source: string;
  source_id: string | null;
  archived_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export const PERSON_IN_ORGANIZATION_SQL = `SELECT ${PERSON_COLUMNS} FROM people WHERE id = $1 AND organization_id = $2`;

type Runner = (statement: Statement) => Promise<Record<string, unknown>[]>;

/**
 * A page of people and the count of all that match, in as little work as the filter allows:
 * - no text filter: the total is the maintained counter (`list_totals`, 16 rows at most); the page walks the
 *   partial index of its state (people_active / people_archived, index-only) to its offset and reads only its own
 *   rows; a page past the end is not read at all;
 * - a text filter: no counter can know how many match, so the count is exact from the trigram index (a bitmap
 *   of the candidates, rechecked), and the page walks the created_at order, filtering, to its limit. (One
 *   statement with `count(*) OVER ()` measured slower: the window forces every match through the sort.)
 * The API's repository and the benchmark's bare reference both run exactly these statements.
 */
export async function fetchPeoplePage(
  run: Runner,
  organizationId: string,
  filter: PeopleFilter,
  offset: number,
  limit: number,
): Promise<{ rows: PersonRow[]; total: number }> {
  const state = filter.archived ? 'archived_at IS NOT NULL' : 'archived_at IS NULL';
  const values: unknown[] = [organizationId];
  const conditions = [`organization_id = $1`, state];
  const text = (column: string, operator: string, value: string | undefined) => {
    if (value === undefined) return;
    values.push(containsPattern(value));
    conditions.push(`${column} ${operator} $${values.length}`);
  };
  text('full_name', 'ILIKE', filter.name);
  text('email', 'ILIKE', filter.email);
  text('phone', 'LIKE', filter.phone);
  const where = conditions.join(' AND ');
  const n = values.length;

  if (n === 1) {
    const [{ total }] = (await run(
      listTotal(organizationId, filter.archived ? 'people_archived' : 'people_active'),
    )) as { total: number }[];
    if (offset >= total) return { rows: [], total };
    const rows = (await run({
      text:
        `SELECT ${PERSON_COLUMNS} FROM people WHERE id IN (` +
        `SELECT id FROM people WHERE ${where} ORDER BY created_at, id OFFSET $2 LIMIT $3) ORDER BY created_at, id`,
      values: [organizationId, offset, limit],
    })) as unknown as PersonRow[];
    return { rows, total };
  }

  // A window count would make every matching row go through a sort before the limit; two statements let the
  // count use the trigram index (bitmap) and the page walk the created_at order and stop at its limit.
  const [{ total }] = (await run({ text: `SELECT count(*)::int AS total FROM people WHERE ${where}`, values })) as {
    total: number;
  }[];
  if (offset >= total) return { rows: [], total };
  const rows = (await run({
    text:
      `SELECT ${PERSON_COLUMNS} FROM people WHERE id IN (` +
      `SELECT id FROM people WHERE ${where} ORDER BY created_at, id OFFSET $${n + 1} LIMIT $${n + 2}) ` +
      `ORDER BY created_at, id`,
    values: [...values, offset, limit],
  })) as unknown as PersonRow[];
  return { rows, total };
}
