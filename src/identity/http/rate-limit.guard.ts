import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ThrottlerStorage } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { accessPolicyOf } from '@lib/http';
import { AppConfig } from '../../config/app-config';
import type { AuthenticatedRequest } from './current-principal.decorator';
import { enforceRateLimit } from './rate-limit';

/**
 * Step 3: the per-token limit. The key is the token alone, so every route shares one allowance per token, and a
 * 429 carries the contract's headers. Only the throttler's storage is used: its guard resolves a skip flag, a
 * limit and a TTL from route metadata on every request, for one limit that never varies by route.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly config: AppConfig,
    @Inject(ThrottlerStorage) private readonly storage: ThrottlerStorage,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (accessPolicyOf(this.reflector, context) === 'public') return true;
    const http = context.switchToHttp();
    const request = http.getRequest<Request & AuthenticatedRequest>();
    const key = request.principal ? `token:${request.principal.tokenId}` : `ip:${request.ip ?? 'unknown'}`;
    await enforceRateLimit(this.storage, http.getResponse<Response>(), key, this.config.rateLimitPerMinute);
    return true;
  }
}
