/** PostgreSQL's unique_violation, as the pg driver reports it (TypeORM wraps it in `driverError`). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const driverError = (error as { driverError?: { code?: string; constraint?: string } } | null)?.driverError ?? error;
  const { code, constraint: violated } = (driverError ?? {}) as { code?: string; constraint?: string };
  return code === '23505' && (constraint === undefined || violated === constraint);
}
