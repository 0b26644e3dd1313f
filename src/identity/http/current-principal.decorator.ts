import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Principal } from '../application/principal';

export type AuthenticatedRequest = { principal?: Principal };

/** The caller resolved by the authentication guard. */
export const CurrentPrincipal = createParamDecorator((_: unknown, context: ExecutionContext): Principal => {
  const principal = context.switchToHttp().getRequest<AuthenticatedRequest>().principal;
  if (!principal) throw new Error('CurrentPrincipal used on a route without authentication');
  return principal;
});
