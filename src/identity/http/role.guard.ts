import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { accessPolicyOf, ApiException } from '@lib/http';
import { hasFullApiAccess } from '../domain/role';
import type { AuthenticatedRequest } from './current-principal.decorator';

/** Step 5: group managers may only reach routes declared `any_role` (that is, `GET /me`). */
@Injectable()
export class RoleGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const policy = accessPolicyOf(this.reflector, context);
    if (policy === 'public' || policy === 'any_role') return true;
    const principal = context.switchToHttp().getRequest<AuthenticatedRequest>().principal;
    if (principal && hasFullApiAccess(principal.role)) return true;
    throw ApiException.forbidden();
  }
}
