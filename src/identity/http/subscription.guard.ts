import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { ApiException } from '@lib/http';
import { AppConfig } from '../../config/app-config';
import { ProtectedExchange, ProtectedRouteGuard } from './protected-route.guard';

/** Step 4: the organization needs an active trial or subscription, on every route including `GET /me`. */
@Injectable()
export class SubscriptionGuard extends ProtectedRouteGuard {
  constructor(
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {
    super();
  }

  protected check({ request: { principal } }: ProtectedExchange): boolean {
    if (principal && principal.organization.hasApiAccess(this.clock.now())) return true;
    throw ApiException.paymentRequired(this.config.billingUrl);
  }
}
