import { createHash } from 'node:crypto';

/** How many distinct statement texts are given a name; any beyond are sent unnamed (parsed each time). */
export const MAX_NAMED_STATEMENTS = 1_000;

const names = new Map<string, string>();

/**
 * A pg query config that names its statement after its text, so each pooled connection parses it once and then only
 * binds and executes it: PostgreSQL skips parsing, analysis and rewriting on every later run, and may keep a generic
 * plan where that costs no more than planning each time (`plan_cache_mode` auto). The hot reads' texts are built from
 * fixed fragments, their values always parameters, so they are few; the cap keeps a text built some other way from
 * growing every connection's statements without bound. (Behind a transaction-mode PgBouncer older than 1.21, named
 * statements need `max_prepared_statements`.)
 */
export function preparedStatement(
  text: string,
  values: readonly unknown[],
): { name?: string; text: string; values: unknown[] } {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED_STATEMENTS) {
    name = `attest_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    names.set(text, name);
  }
  return name === undefined ? { text, values: [...values] } : { name, text, values: [...values] };
}

/** How many statement texts have a name (for tests). */
export function namedStatementCount(): number {
  return names.size;
}
