import Redis from 'ioredis';
import { BOUNDED_REDIS_CONNECTION } from '../../src/redis/bounded-connection';
import { freePort } from '../support/free-port';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const activeTimers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

/** Closing a connection to a Redis that is down lets go of the process at once, not 2 s later (ioredis's default). */
describe('BOUNDED_REDIS_CONNECTION', () => {
  it('leaves no timer behind once a client of an unreachable Redis is closed', async () => {
    const port = await freePort(); // nothing listens there
    await sleep(50);
    const before = activeTimers();
    const redis = new Redis(`redis://127.0.0.1:${port}`, {
      ...BOUNDED_REDIS_CONNECTION,
      lazyConnect: true,
      maxRetriesPerRequest: 0,
    });
    redis.on('error', () => undefined);
    await expect(redis.connect()).rejects.toThrow(/ECONNREFUSED|Connection is closed/);
    redis.disconnect();
    await sleep(600); // ioredis's default would keep its timer 2 s
    expect(activeTimers()).toBe(before);
  });

  it('still reaches a Redis that is up, and closes it cleanly', async () => {
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { ...BOUNDED_REDIS_CONNECTION });
    try {
      expect(await redis.ping()).toBe('PONG');
    } finally {
      await redis.quit();
    }
  });
});
