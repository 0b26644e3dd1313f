import pino, { type Level, type LevelWithSilent } from 'pino';

/**
 * The level of a request's log line by its status: `error` for a 5xx, else `info`; `silent` where `info` is below the
 * configured level (LOG_LEVEL warn and above), so `requestLog` builds nothing for a line it would drop.
 */
export function requestLineLevel(configured: string): (statusCode: number) => LevelWithSilent {
  const infoWritten = configured !== 'silent' && pino.levels.values[configured as Level] <= pino.levels.values.info;
  return (statusCode) => (statusCode >= 500 ? 'error' : infoWritten ? 'info' : 'silent');
}
