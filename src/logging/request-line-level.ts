import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { type Level, type LevelWithSilent } from 'pino';

/**
 * The level of a request's log line (pino-http's `customLogLevel`): `error` for a failure or a 5xx, else `info`;
 * `silent` where `info` is below the configured level (LOG_LEVEL warn and above), so pino-http returns before
 * building the bindings of a line it would drop (a second child logger per request, about 2 % of a cheap
 * request's CPU in a profile of `GET /me`).
 */
export function requestLineLevel(
  configured: string,
): (request: IncomingMessage, response: ServerResponse, error?: Error) => LevelWithSilent {
  const infoWritten = configured !== 'silent' && pino.levels.values[configured as Level] <= pino.levels.values.info;
  return (_request, response, error) =>
    error || response.statusCode >= 500 ? 'error' : infoWritten ? 'info' : 'silent';
}
