import { Global, Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';
import { BOUNDED_REDIS_CONNECTION } from './bounded-connection';

/** The connection used on the request path (rate limit, health); null when no REDIS_URL is configured. */
export const REQUEST_REDIS = Symbol('REQUEST_REDIS');

/**
 * `enableOfflineQueue: false` and a short command timeout make a Redis outage fail fast instead of queueing
 * commands and hanging requests; ioredis keeps reconnecting in the background.
 */
export function createRequestRedis(config: AppConfig): Redis | null {
  if (!config.redisUrl) return null;
  const logger = new Logger('Redis');
  const redis = new Redis(config.redisUrl, {
    keyPrefix: `${config.redisPrefix}:`,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 500,
    ...BOUNDED_REDIS_CONNECTION,
  });
  let reported = false;
  redis.on('error', (error: Error) => {
    if (!reported) logger.warn(`Redis unavailable: ${error.message}`);
    reported = true;
  });
  redis.on('ready', () => {
    if (reported) logger.log('Redis reachable again');
    reported = false;
  });
  return redis;
}

@Global()
@Module({
  providers: [{ provide: REQUEST_REDIS, useFactory: createRequestRedis, inject: [AppConfig] }],
  exports: [REQUEST_REDIS],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REQUEST_REDIS) private readonly redis: Redis | null) {}

  onApplicationShutdown(): void {
    this.redis?.disconnect(false);
  }
}
