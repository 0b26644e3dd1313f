import { Inject, Injectable } from '@nestjs/common';
import { HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';
import type Redis from 'ioredis';
import { REQUEST_REDIS } from '../redis/redis.module';

@Injectable()
export class RedisHealthIndicator {
  constructor(
    private readonly indicator: HealthIndicatorService,
    @Inject(REQUEST_REDIS) private readonly redis: Redis | null,
  ) {}

  async check(key = 'redis'): Promise<HealthIndicatorResult> {
    const health = this.indicator.check(key);
    // Without REDIS_URL (the embedded default) the queue and the rate limit run in this process.
    if (this.redis === null) return health.up({ mode: 'in-process' });
    try {
      await this.redis.ping();
      return health.up();
    } catch (error) {
      return health.down({ message: (error as Error).message });
    }
  }
}
