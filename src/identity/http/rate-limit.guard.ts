import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { accessPolicyOf } from '@lib/http';
import type { AuthenticatedRequest } from './current-principal.decorator';
import { clientIpKey, RateLimiter } from './rate-limit';

/**
 * Step 3: the per-token limit. The key is the token alone, so every route shares one allowance per token, and a
 * 429 carries the contract's headers. Only the throttler's storage is used: its guard resolves a skip flag, a
 * limit and a TTL from route metadata on every request, for one limit that never varies by route.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: RateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (accessPolicyOf(this.reflector, context) === 'public') return true;
    const http = context.switchToHttp();
    const request = http.getRequest<Request & AuthenticatedRequest>();
    const key = request.principal ? `token:${request.principal.tokenId}` : clientIpKey(request);
    await this.limiter.count(http.getResponse<Response>(), key);
    return true;
  }
}
