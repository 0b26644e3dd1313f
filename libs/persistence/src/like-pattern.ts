/**
 * A LIKE/ILIKE pattern that matches `text` anywhere, with `%`, `_` and `\` taken literally
 * (PostgreSQL's default escape character is the backslash).
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
