import type { RedisOptions } from 'ioredis';

/**
 * What every Redis connection of the service is bounded by, whatever it carries (the request path's rate limit,
 * the email and webhook queues, the periodic schedule): 2 s to connect, a reconnection every 200 ms more per
 * attempt up to every 2 s, and 200 ms for a closed connection to let go of its socket. ioredis's default for that
 * last one is 2 s, by a timer cleared only when the socket closes; a socket that never connected has closed
 * already, so each client of a Redis that was down kept its process alive 2 s after it was closed.
 */
export const BOUNDED_REDIS_CONNECTION: Pick<RedisOptions, 'connectTimeout' | 'retryStrategy' | 'disconnectTimeout'> = {
  connectTimeout: 2000,
  retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  disconnectTimeout: 200,
};
