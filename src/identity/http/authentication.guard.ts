import { Injectable } from '@nestjs/common';
import { ApiException } from '@lib/http';
import { AuthenticateApiToken } from '../application/authenticate-api-token.use-case';
import { ProtectedExchange, ProtectedRouteGuard } from './protected-route.guard';
import { clientIpKey, RateLimiter } from './rate-limit';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Step 2 of the pipeline: the bearer token. A failed attempt still counts against the client IP's allowance,
 * so guessing tokens is rate limited too (429 once the IP is over the limit, 401 before).
 */
@Injectable()
export class AuthenticationGuard extends ProtectedRouteGuard {
  constructor(
    private readonly authenticate: AuthenticateApiToken,
    private readonly limiter: RateLimiter,
  ) {
    super();
  }

  protected async check({ request, response }: ProtectedExchange): Promise<boolean> {
    const match = BEARER.exec(request.headers.authorization ?? '');
    const principal = match ? await this.authenticate.execute(match[1]) : null;
    if (principal) {
      request.principal = principal;
      return true;
    }
    await this.limiter.count(response, clientIpKey(request));
    throw ApiException.unauthenticated();
  }
}
