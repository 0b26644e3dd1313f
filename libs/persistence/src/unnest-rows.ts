/** A column of a set-based insert: its name, the SQL type of its values, and its value in a row. */
export type UnnestColumn<Row> = readonly [name: string, type: string, value: (row: Row) => unknown];

/**
 * The parts of `INSERT INTO t (columns) SELECT * FROM unnest(...)` for `rows`: one parameter per column, the array
 * of its values (dates as ISO 8601 text), so one statement of a fixed text inserts any number of rows.
 */
export function unnestRows<Row>(
  columns: readonly UnnestColumn<Row>[],
  rows: readonly Row[],
): { columns: string; unnest: string; parameters: unknown[][] } {
  return {
    columns: columns.map(([name]) => name).join(', '),
    unnest: `unnest(${columns.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ')})`,
    parameters: columns.map(([, , value]) => rows.map((row) => sqlValue(value(row)))),
  };
}

function sqlValue(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}
