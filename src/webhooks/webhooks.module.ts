import { Module } from '@nestjs/common';
import { AuditLogModule } from '../audit-log/audit-log.module';
import { AppConfig } from '../config/app-config';
import { EventsModule } from '../events/events.module';
import { EndpointAttempts } from './application/endpoint-attempts';
import { EndpointUrlPolicy } from './application/endpoint-url-policy';
import { HostResolver } from './application/host-resolver';
import { ListWebhookDeliveries } from './application/list-webhook-deliveries.use-case';
import { RedeliverWebhookAttempt } from './application/redeliver-webhook-attempt.use-case';
import { RelayWebhookAttempts } from './application/relay-webhook-attempts.use-case';
import { SecretBox } from './application/secret-box';
import { SendTestWebhook } from './application/send-test-webhook.use-case';
import { WebhookDeliveries } from './application/webhook-deliveries';
import { WEBHOOK_ENDPOINT_USE_CASES } from './application/webhook-endpoint.use-cases';
import { WebhookEndpointRepository } from './application/webhook-endpoint.repository';
import { WebhookFanOut } from './application/webhook-fan-out';
import { WEBHOOK_QUEUE, WebhookQueue } from './application/webhook-queue';
import { WebhookEndpointsController } from './http/webhook-endpoints.controller';
import { AesSecretBox } from './infrastructure/aes-secret-box';
import { DnsHostResolver } from './infrastructure/dns-host-resolver';
import { TypeormWebhookDeliveries } from './infrastructure/typeorm-webhook-deliveries';
import { TypeormWebhookEndpointRepository } from './infrastructure/typeorm-webhook-endpoint.repository';
import { outboxQueueProvider } from '../outbox/outbox-queue.provider';

const useCases = [
  ...WEBHOOK_ENDPOINT_USE_CASES,
  SendTestWebhook,
  ListWebhookDeliveries,
  RedeliverWebhookAttempt,
  RelayWebhookAttempts,
];

/**
 * Webhook endpoints (the API and the admin CLI), their deliveries log and outbox, and the queue that carries
 * attempts: BullMQ when REDIS_URL is set, in-process otherwise. Delivering is WebhookWorkerModule's.
 */
@Module({
  imports: [EventsModule, AuditLogModule],
  controllers: [WebhookEndpointsController],
  providers: [
    { provide: WebhookEndpointRepository, useClass: TypeormWebhookEndpointRepository },
    { provide: WebhookDeliveries, useClass: TypeormWebhookDeliveries },
    { provide: HostResolver, useClass: DnsHostResolver },
    { provide: SecretBox, inject: [AppConfig], useFactory: (config: AppConfig) => new AesSecretBox(config.appKey) },
    outboxQueueProvider(WebhookQueue, WEBHOOK_QUEUE),
    EndpointUrlPolicy,
    EndpointAttempts,
    WebhookFanOut,
    ...useCases,
  ],
  exports: [WebhookEndpointRepository, WebhookDeliveries, WebhookQueue, SecretBox, ...useCases],
})
export class WebhooksModule {}
