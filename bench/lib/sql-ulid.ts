const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

/**
 * A SQL expression that builds a lowercase ULID from a timestamp and a unique bigint, so millions of ids are
 * made inside PostgreSQL in one INSERT ... SELECT instead of being sent from Node. Ten characters carry the
 * timestamp's milliseconds (the ULID time part, so ids sort by creation); three carry `tag` (one per table,
 * keeps ids distinct across tables); thirteen carry `seed`, which must be unique within the table.
 */
export function sqlUlid(timestampExpr: string, seedExpr: string, tag: number): string {
  const ms = `(extract(epoch FROM ${timestampExpr}) * 1000)::bigint`;
  const char = (value: string, shift: number) => `substr('${CROCKFORD}', ((${value} >> ${shift}) & 31)::int + 1, 1)`;
  const time = Array.from({ length: 10 }, (_, i) => char(ms, 45 - 5 * i));
  const tagChars = Array.from({ length: 3 }, (_, i) => `'${CROCKFORD[(tag >> (10 - 5 * i)) & 31]}'`);
  const seed = Array.from({ length: 13 }, (_, i) => char(`(${seedExpr})::bigint`, 60 - 5 * i));
  return `(${[...time, ...tagChars, ...seed].join(' || ')})`;
}
