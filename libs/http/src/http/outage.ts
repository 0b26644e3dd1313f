/** Errors that mean PostgreSQL or Redis cannot be reached right now: answered 503, not 500. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE']);
const MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /Stream isn't writeable/i,
  /Connection is closed/i,
  /MaxRetriesPerRequest/i,
  /the database system is (starting up|shutting down)/i,
  /terminating connection due to administrator command/i,
  // The client-side query deadline (src/database/query-deadline.ts, pg's own wording): the server stopped answering.
  /Query read timeout/i,
];

// Duck-typed rather than `instanceof Error`: errors from Node's socket layer may come from another realm.
export function isInfrastructureOutage(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  const withCode = error as { message?: unknown; code?: unknown; driverError?: unknown; cause?: unknown };
  const code = typeof withCode.code === 'string' ? withCode.code : '';
  const message = typeof withCode.message === 'string' ? withCode.message : '';
  // PostgreSQL SQLSTATE classes 08 (connection exception) and 57P (operator intervention), 53300 too many
  // connections, 57014 a statement canceled by statement_timeout (the database is too slow to answer now)
  if (NETWORK_CODES.has(code) || /^08/.test(code) || /^57P0[123]$/.test(code) || code === '53300') return true;
  if (code === '57014') return true;
  if (MESSAGES.some((pattern) => pattern.test(message))) return true;
  return isInfrastructureOutage(withCode.driverError ?? withCode.cause, depth + 1);
}
