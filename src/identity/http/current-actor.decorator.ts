import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { Actor } from '../application/actor';
import type { Principal } from '../application/principal';
import type { AuthenticatedRequest } from './current-principal.decorator';

/** The caller as the use-cases know them, with where the request came from (for the audit log). */
function actorOf(principal: Principal, request: Request): Actor {
  return {
    userId: principal.user.id,
    organizationId: principal.organization.id,
    role: principal.role,
    origin: { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null },
  };
}

/** The caller resolved by the authentication guard, as the actor of what the route does. */
export const CurrentActor = createParamDecorator((_: unknown, context: ExecutionContext): Actor => {
  const request = context.switchToHttp().getRequest<Request & AuthenticatedRequest>();
  if (!request.principal) throw new Error('CurrentActor used on a route without authentication');
  return actorOf(request.principal, request);
});
