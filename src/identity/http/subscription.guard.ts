import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Clock } from '@lib/core';
import { accessPolicyOf, ApiException } from '@lib/http';
import { AppConfig } from '../../config/app-config';
import type { AuthenticatedRequest } from './current-principal.decorator';

/** Step 4: the organization needs an active trial or subscription, on every route including `GET /me`. */
@Injectable()
export class SubscriptionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (accessPolicyOf(this.reflector, context) === 'public') return true;
    const principal = context.switchToHttp().getRequest<AuthenticatedRequest>().principal;
    if (principal && principal.organization.hasApiAccess(this.clock.now())) return true;
    throw ApiException.paymentRequired(this.config.billingUrl);
  }
}
