import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { accessPolicyOf, ApiException } from '@lib/http';
import { AuthenticateApiToken } from '../application/authenticate-api-token.use-case';
import type { AuthenticatedRequest } from './current-principal.decorator';
import { clientIpKey, RateLimiter } from './rate-limit';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Step 2 of the pipeline: the bearer token. A failed attempt still counts against the client IP's allowance,
 * so guessing tokens is rate limited too (429 once the IP is over the limit, 401 before).
 */
@Injectable()
export class AuthenticationGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticate: AuthenticateApiToken,
    private readonly limiter: RateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (accessPolicyOf(this.reflector, context) === 'public') return true;
    const http = context.switchToHttp();
    const request = http.getRequest<Request & AuthenticatedRequest>();
    const match = BEARER.exec(request.headers.authorization ?? '');
    const principal = match ? await this.authenticate.execute(match[1]) : null;
    if (principal) {
      request.principal = principal;
      return true;
    }
    await this.limiter.count(http.getResponse<Response>(), clientIpKey(request));
    throw ApiException.unauthenticated();
  }
}
