/** The lists whose sizes `list_totals` keeps per organization (see the ListCounters migration). */
export type CountedList = 'people_active' | 'people_archived' | 'documents_active' | 'documents_archived' | 'groups';

/**
 * A list's size: the sum of its 16 slots, read through the primary key (at most 16 rows). $1 organization, $2 list.
 */
export const LIST_TOTAL_SQL = `SELECT coalesce(sum(total), 0)::int AS total FROM list_totals WHERE organization_id = $1 AND list = $2`;

/** The same as a scalar subquery, for a page's statement that reads the total first ($1 organization, $2 list). */
export const LIST_TOTAL_EXPRESSION = `(${LIST_TOTAL_SQL.replace(' AS total', '')})`;

export interface Statement {
  text: string;
  values: unknown[];
}

export function listTotal(organizationId: string, list: CountedList): Statement {
  return { text: LIST_TOTAL_SQL, values: [organizationId, list] };
}
