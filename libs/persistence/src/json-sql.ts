/** How a value is written as JSON: the kinds of a snapshot's fields. */
export type JsonSqlKind = 'id' | 'text' | 'time';

/** ISO 8601 in UTC with milliseconds, as `Date.prototype.toISOString` writes it (years 1 to 9999). */
const ISO_8601 = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * The SQL of the JSON text of a value (`sql`, an expression of its column's type), byte for byte what
 * `JSON.stringify` writes of the value the application holds: an id (a ULID, nothing to escape) or a text (escaped by
 * `to_json`, as JSON.stringify escapes it) or a time (its instant formatted in UTC), each `null` when SQL NULL.
 */
export function jsonValueSql(kind: JsonSqlKind, sql: string): string {
  switch (kind) {
    case 'id':
      return `coalesce('"' || (${sql}) || '"', 'null')`;
    case 'text':
      return `coalesce(to_json((${sql})::text)::text, 'null')`;
    case 'time':
      return `coalesce('"' || to_char((${sql}) AT TIME ZONE 'UTC', ${ISO_8601}) || '"', 'null')`;
  }
}

/**
 * The SQL of a compact JSON object, `{"key":value,...}` as `JSON.stringify` writes it, from the SQL of each
 * value's JSON text, in order. Concatenated rather than built by `json_build_object` or `row_to_json`, whose output
 * has other spacing and times in another format (and which took three times as long a row).
 */
export function jsonObjectSql(entries: readonly (readonly [key: string, jsonSql: string])[]): string {
  if (entries.length === 0) return `'{}'`;
  const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
  const parts = entries.map(
    ([key, value], index) => `${literal(`${index === 0 ? '{' : ','}${JSON.stringify(key)}:`)} || ${value}`,
  );
  return `(${parts.join(' || ')} || '}')`;
}
