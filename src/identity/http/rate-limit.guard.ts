import { ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard, ThrottlerRequest } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { accessPolicyOf } from './access-policy';
import type { AuthenticatedRequest } from './current-principal.decorator';
import { enforceRateLimit } from './rate-limit';

/**
 * Step 3: the per-token limit. Out of the box the throttler keys by route and IP and omits the contract's
 * headers on a 429; here the key is the token alone, so every route shares one allowance per token.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    return accessPolicyOf(this.reflector, context) === 'public';
  }

  protected override async handleRequest(props: ThrottlerRequest): Promise<boolean> {
    const http = props.context.switchToHttp();
    const request = http.getRequest<Request & AuthenticatedRequest>();
    const key = request.principal ? `token:${request.principal.tokenId}` : `ip:${request.ip ?? 'unknown'}`;
    await enforceRateLimit(this.storageService, http.getResponse<Response>(), key, props.limit);
    return true;
  }
}
