import { Injectable } from '@nestjs/common';
import { ProtectedExchange, ProtectedRouteGuard } from './protected-route.guard';
import { clientIpKey, RateLimiter } from './rate-limit';

/**
 * Step 3: the per-token limit. The key is the token alone, so every route shares one allowance per token, and a
 * 429 carries the contract's headers. Only the throttler's storage is used: its guard resolves a skip flag, a
 * limit and a TTL from route metadata on every request, for one limit that never varies by route.
 */
@Injectable()
export class RateLimitGuard extends ProtectedRouteGuard {
  constructor(private readonly limiter: RateLimiter) {
    super();
  }

  protected async check({ request, response }: ProtectedExchange): Promise<boolean> {
    const key = request.principal ? `token:${request.principal.tokenId}` : clientIpKey(request);
    await this.limiter.count(response, key);
    return true;
  }
}
