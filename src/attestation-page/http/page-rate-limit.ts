import { Inject, Injectable } from '@nestjs/common';
import { ThrottlerStorage } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { AppConfig } from '../../config/app-config';
import { enforceRateLimit } from '../../identity/http/rate-limit';

/**
 * The page needs no API token, so it is limited per client IP (RATE_LIMIT_PER_MINUTE, shared across API
 * processes through Redis): a recipient opens and posts a handful of times, while guessing links is slowed to a
 * crawl. Counted before the token is looked up, so the limit also hides whether a guess was right.
 */
@Injectable()
export class PageRateLimit {
  constructor(
    @Inject(ThrottlerStorage) private readonly storage: ThrottlerStorage,
    private readonly config: AppConfig,
  ) {}

  async enforce(request: Request, response: Response): Promise<void> {
    await enforceRateLimit(
      this.storage,
      response,
      `attest:ip:${request.ip ?? 'unknown'}`,
      this.config.rateLimitPerMinute,
    );
  }
}
