import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { clientIpKey, RateLimiter } from '../../identity/http/rate-limit';

/**
 * The page needs no API token, so it is limited per client IP (RATE_LIMIT_PER_MINUTE, shared across API
 * processes through Redis): a recipient opens and posts a handful of times, while guessing links is slowed to a
 * crawl. Counted before the token is looked up, so the limit also hides whether a guess was right.
 */
@Injectable()
export class PageRateLimit {
  constructor(private readonly limiter: RateLimiter) {}

  async enforce(request: Request, response: Response): Promise<void> {
    await this.limiter.count(response, `attest:${clientIpKey(request)}`);
  }
}
