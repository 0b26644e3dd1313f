import Redis from 'ioredis';
import { BOUNDED_REDIS_CONNECTION } from '../../src/redis/bounded-connection';

/**
 * Deletes every key under `prefix:` (queues and jobs, rate-limit counters), so that a test app or a bench run leaves
 * nothing in the Redis it was given: BullMQ keeps completed jobs for a day, and a few runs of the tests and benches
 * had left some 200,000 keys. A Redis that cannot be reached (a test stopped it) is let be.
 */
export async function dropRedisPrefix(url: string, prefix: string): Promise<number> {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
    connectTimeout: 2_000,
    disconnectTimeout: BOUNDED_REDIS_CONNECTION.disconnectTimeout,
  });
  try {
    await redis.connect();
    const pattern = `${prefix.replace(/[*?[\]\\]/g, '\\$&')}:*`;
    let cursor = '0';
    let dropped = 0;
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) dropped += await redis.unlink(...keys);
    } while (cursor !== '0');
    return dropped;
  } finally {
    redis.disconnect();
  }
}
