import { Inject, Injectable, Logger } from '@nestjs/common';
import { ThrottlerStorage, ThrottlerStorageService } from '@nestjs/throttler';
import type { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import type { Request, Response } from 'express';
import { ApiException } from '@lib/http';
import { AppConfig } from '../../config/app-config';

export const RATE_LIMIT_WINDOW_MS = 60_000;
const THROTTLER_NAME = 'api';

/**
 * Counts in Redis so the limit holds across API processes; when Redis does not answer, counts in this
 * process instead of failing or hanging the request (the limit then holds per process until Redis is back).
 */
export class ResilientThrottlerStorage implements ThrottlerStorage {
  private readonly logger = new Logger('RateLimit');
  private degraded = false;

  constructor(
    private readonly shared: ThrottlerStorageRedisService | null,
    private readonly local: ThrottlerStorageService,
  ) {}

  async increment(key: string, ttl: number, limit: number, blockDuration: number, name: string) {
    // Not connected: count locally at once rather than send a command that can only fail.
    if (this.shared && this.shared.redis.status === 'ready') {
      try {
        const record = await this.shared.increment(key, ttl, limit, blockDuration, name);
        if (this.degraded) this.logger.log('rate limit counting in Redis again');
        this.degraded = false;
        return record;
      } catch (error) {
        if (!this.degraded) {
          this.logger.warn(`rate limit falls back to this process: ${(error as Error).message}`);
        }
        this.degraded = true;
      }
    } else if (this.shared && !this.degraded) {
      this.logger.warn('rate limit falls back to this process: Redis is not connected');
      this.degraded = true;
    }
    return this.local.increment(key, ttl, limit, blockDuration, name);
  }
}

/**
 * Counts one request against `key` and sets the contract's headers. Throws the 429 (with `Retry-After` and
 * `X-RateLimit-Reset`) when the key is over its allowance. Keys are per token, or per client IP.
 */
export async function enforceRateLimit(
  storage: ThrottlerStorage,
  response: Response,
  key: string,
  limit: number,
): Promise<void> {
  const record = await storage.increment(key, RATE_LIMIT_WINDOW_MS, limit, RATE_LIMIT_WINDOW_MS, THROTTLER_NAME);
  const nowSeconds = Math.floor(Date.now() / 1000);
  response.setHeader('X-RateLimit-Limit', String(limit));
  response.setHeader('X-RateLimit-Remaining', String(Math.max(0, limit - record.totalHits)));
  if (record.isBlocked) {
    const retryAfter = Math.max(1, record.timeToBlockExpire);
    throw ApiException.tooManyRequests({
      'Retry-After': String(retryAfter),
      'X-RateLimit-Reset': String(nowSeconds + retryAfter),
      'X-RateLimit-Remaining': '0',
    });
  }
}

/** The rate-limit key of a request without a token: its client IP. */
export function clientIpKey(request: Request): string {
  return `ip:${request.ip ?? 'unknown'}`;
}

/** RATE_LIMIT_PER_MINUTE, counted in the throttler's storage: how the guards count a request against a key. */
@Injectable()
export class RateLimiter {
  constructor(
    private readonly config: AppConfig,
    @Inject(ThrottlerStorage) private readonly storage: ThrottlerStorage,
  ) {}

  count(response: Response, key: string): Promise<void> {
    return enforceRateLimit(this.storage, response, key, this.config.rateLimitPerMinute);
  }
}
