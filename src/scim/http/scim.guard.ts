import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { ThrottlerStorage } from '@nestjs/throttler';
import type { Response } from 'express';
import { ApiException } from '@lib/http';
import { AppConfig } from '../../config/app-config';
import { AuthenticateApiToken } from '../../identity/application/authenticate-api-token.use-case';
import { hasFullApiAccess } from '../../identity/domain/role';
import { clientIpKey, enforceRateLimit, RateLimiter } from '../../identity/http/rate-limit';
import type { ScimRequest } from './scim-request';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * The SCIM door's own check (its routes are outside the API's pipeline): a token of scope `scim` whose user is still
 * an owner or administrator, else 401 (an `api:use` token included), a failure counted against the client IP as the
 * API counts it; then the organization's own allowance, shared by all its SCIM tokens and all API processes.
 */
@Injectable()
export class ScimGuard implements CanActivate {
  constructor(
    private readonly authenticate: AuthenticateApiToken,
    private readonly limiter: RateLimiter,
    private readonly config: AppConfig,
    @Inject(ThrottlerStorage) private readonly storage: ThrottlerStorage,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<ScimRequest>();
    const response = http.getResponse<Response>();
    const match = BEARER.exec(request.headers.authorization ?? '');
    const principal = match ? await this.authenticate.execute(match[1], 'scim') : null;
    if (!principal || !hasFullApiAccess(principal.role)) {
      await this.limiter.count(response, clientIpKey(request));
      throw ApiException.unauthenticated();
    }
    const organizationId = principal.organization.id;
    await enforceRateLimit(this.storage, response, `scim:${organizationId}`, this.config.scimRateLimitPerMinute);
    request.scimCaller = { organizationId, tokenId: principal.tokenId };
    return true;
  }
}
