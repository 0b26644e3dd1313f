import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, Reflector } from '@nestjs/core';
import { ThrottlerModule, ThrottlerStorageService } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import type Redis from 'ioredis';
import { accessPolicyOf, ApiExceptionFilter, JsonObjectBodyGuard, PathIdGuard, RouteCatalog } from '@lib/http';
import { AttestationEvidenceModule } from './attestation-evidence/attestation-evidence.module';
import { AttestationRequestsModule } from './attestation-requests/attestation-requests.module';
import { ListCountersModule } from './list-counters/list-counters.module';
import { AppConfig } from './config/app-config';
import { BackgroundModule, FEATURE_MODULES } from './background.module';
import { CoreModule, CoreOptions } from './core.module';
import { HealthModule } from './health/health.module';
import { AuthenticationGuard } from './identity/http/authentication.guard';
import { RATE_LIMIT_WINDOW_MS, ResilientThrottlerStorage } from './identity/http/rate-limit';
import { RateLimitGuard } from './identity/http/rate-limit.guard';
import { RoleGuard } from './identity/http/role.guard';
import { SubscriptionGuard } from './identity/http/subscription.guard';
import { IdempotencyKeyGuard } from './idempotency/http/idempotency-key.guard';
import { idempotencyKeySweepModule } from './idempotency/idempotency-key-sweep.module';
import { IdempotencyModule } from './idempotency/idempotency.module';
import { requestLifecycleModule } from './attestation-requests/request-lifecycle.module';
import { DEFAULT_WORKER_SETTINGS, NotificationWorkerSettings } from './notifications/notification-consumer';
import { NotificationWorkerModule } from './notifications/notification-worker.module';
import { MetricsHttpModule } from './metrics/metrics.module';
import { ApiDescriptionModule } from './openapi/api-description.module';
import { REQUEST_REDIS } from './redis/redis.module';
import { WebhookWorkerSettings } from './webhooks/webhook-consumer';
import { WebhookWorkerModule } from './webhooks/webhook-worker.module';
import { EventLogUpkeepModule } from './events/event-log-upkeep.module';
import { SignInModule } from './sign-in/sign-in.module';
import { ConsoleModule } from './console/console.module';
import { ScimModule } from './scim/scim.module';
import { BulkActionWorkerModule } from './bulk-actions/bulk-action-worker.module';

/**
 * The request pipeline's guards in the order they run (docs/api-guide.md#request-pipeline): the caller, their
 * allowance, the subscription, the role, then the Idempotency-Key's syntax; the path's ids and the body follow.
 */
const PIPELINE_GUARDS = [AuthenticationGuard, RateLimitGuard, SubscriptionGuard, RoleGuard, IdempotencyKeyGuard];

@Module({})
export class AppModule {
  /** The HTTP API: features plus the request pipeline, whose guards run in the contract's order. */
  static forApi(options: CoreOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(options),
        ThrottlerModule.forRootAsync({
          inject: [AppConfig, REQUEST_REDIS],
          useFactory: (config: AppConfig, redis: Redis | null) => ({
            throttlers: [{ name: 'api', ttl: RATE_LIMIT_WINDOW_MS, limit: config.rateLimitPerMinute }],
            storage: new ResilientThrottlerStorage(
              redis ? new ThrottlerStorageRedisService(redis) : null,
              new ThrottlerStorageService(),
            ),
          }),
        }),
        ...FEATURE_MODULES,
        // HTTP only: the worker and the CLI have no use for the certificate renderer (pdfkit, fonts).
        AttestationEvidenceModule,
        IdempotencyModule,
        ConsoleModule,
        ScimModule,
        // Without Redis (the embedded mode) there is no worker: the API process delivers the emails and webhooks and
        // runs the scheduled passes itself.
        ...(options.config.redisUrl ? [] : deliveringModules()),
        HealthModule,
        MetricsHttpModule,
        ApiDescriptionModule,
      ],
      providers: [
        RouteCatalog,
        ...PIPELINE_GUARDS.map((guard) => ({ provide: APP_GUARD, useExisting: guard })),
        {
          provide: APP_GUARD,
          useFactory: (reflector: Reflector) =>
            new PathIdGuard((context) => accessPolicyOf(reflector, context) === 'public'),
          inject: [Reflector],
        },
        // createHttpApp puts the body's 400/413 after every route's own guards, and the Idempotency-Key's
        // interceptor (the route's validation and handler inside its transaction) on every writing route.
        JsonObjectBodyGuard,
        {
          provide: APP_FILTER,
          useFactory: (routes: RouteCatalog) => new ApiExceptionFilter(routes),
          inject: [RouteCatalog],
        },
      ],
    };
  }

  /** The background worker and the admin CLI: features without HTTP. */
  static forBackground(options: CoreOptions): DynamicModule {
    return { ...BackgroundModule.forRoot(options), module: AppModule };
  }

  /** `npm run start:worker`: the background modules plus the email and webhook consumers and their periodic relays. */
  static forWorker(
    options: CoreOptions,
    settings: Partial<NotificationWorkerSettings> = {},
    webhookSettings: Partial<WebhookWorkerSettings> = {},
  ): DynamicModule {
    const background = AppModule.forBackground(options);
    return {
      ...background,
      imports: [...(background.imports ?? []), ...deliveringModules(settings, webhookSettings)],
    };
  }
}

/**
 * Where emails and webhooks are delivered and the scheduled passes run (the worker, or the embedded API): the
 * notification consumer, given the requests' side of its port, the request lifecycle's scheduled passes, which
 * write the emails it delivers, the webhook consumer, the settling pass of the lists' counters, and the sweep of
 * expired idempotency keys.
 */
function deliveringModules(
  settings: Partial<NotificationWorkerSettings> = {},
  webhookSettings: Partial<WebhookWorkerSettings> = {},
): DynamicModule[] {
  const effective = { ...DEFAULT_WORKER_SETTINGS, ...settings };
  return [
    NotificationWorkerModule.forRoot({
      settings: effective,
      announcedRequests: AttestationRequestsModule,
      consoleLinkEmails: SignInModule,
      // The signer's copy carries the certificate, so the delivering side draws certificates too.
      signedCopies: AttestationEvidenceModule,
    }),
    requestLifecycleModule(effective.lifecycleIntervalMs),
    // The counters' settling pass (renewals fallen due, delta rows folded) on the lifecycle's rhythm.
    ListCountersModule.withSettling(effective.lifecycleIntervalMs),
    WebhookWorkerModule.forRoot(webhookSettings),
    BulkActionWorkerModule.forRoot(),
    idempotencyKeySweepModule(effective.lifecycleIntervalMs),
    EventLogUpkeepModule.forRoot({
      watch: { intervalMs: 5_000 },
      retention: { intervalMs: effective.lifecycleIntervalMs },
    }),
  ];
}
