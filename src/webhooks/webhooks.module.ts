import { Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { EventsModule } from '../events/events.module';
import { EndpointUrlPolicy } from './application/endpoint-url-policy';
import { HostResolver } from './application/host-resolver';
import { ListWebhookDeliveries } from './application/list-webhook-deliveries.use-case';
import { RelayStaleWebhookAttempts, RelayWebhookAttempts } from './application/relay-webhook-attempts.use-case';
import { SecretBox } from './application/secret-box';
import { SendTestWebhook } from './application/send-test-webhook.use-case';
import { WebhookDeliveries } from './application/webhook-deliveries';
import {
  CreateWebhookEndpoint,
  DeleteWebhookEndpoint,
  ListWebhookEndpoints,
  RotateWebhookSecret,
  ShowWebhookEndpoint,
  UpdateWebhookEndpoint,
} from './application/webhook-endpoint.use-cases';
import { WebhookEndpointRepository } from './application/webhook-endpoint.repository';
import { WebhookFanOut } from './application/webhook-fan-out';
import { WebhookQueue } from './application/webhook-queue';
import { WebhookEndpointsController } from './http/webhook-endpoints.controller';
import { AesSecretBox } from './infrastructure/aes-secret-box';
import { BullmqWebhookQueue } from './infrastructure/bullmq-webhook-queue';
import { DnsHostResolver } from './infrastructure/dns-host-resolver';
import { InProcessWebhookQueue } from './infrastructure/in-process-webhook-queue';
import { TypeormWebhookDeliveries } from './infrastructure/typeorm-webhook-deliveries';
import { TypeormWebhookEndpointRepository } from './infrastructure/typeorm-webhook-endpoint.repository';

const useCases = [
  CreateWebhookEndpoint,
  ListWebhookEndpoints,
  ShowWebhookEndpoint,
  UpdateWebhookEndpoint,
  DeleteWebhookEndpoint,
  RotateWebhookSecret,
  SendTestWebhook,
  ListWebhookDeliveries,
  RelayWebhookAttempts,
  RelayStaleWebhookAttempts,
];

/**
 * Webhook endpoints (the API and the admin CLI), their deliveries log and outbox, and the queue that carries
 * attempts: BullMQ when REDIS_URL is set, in-process otherwise. Delivering is WebhookWorkerModule's.
 */
@Module({
  imports: [EventsModule],
  controllers: [WebhookEndpointsController],
  providers: [
    { provide: WebhookEndpointRepository, useClass: TypeormWebhookEndpointRepository },
    { provide: WebhookDeliveries, useClass: TypeormWebhookDeliveries },
    { provide: HostResolver, useClass: DnsHostResolver },
    { provide: SecretBox, inject: [AppConfig], useFactory: (config: AppConfig) => new AesSecretBox(config.appKey) },
    {
      provide: WebhookQueue,
      inject: [AppConfig],
      useFactory: (config: AppConfig) =>
        config.redisUrl ? new BullmqWebhookQueue(config) : new InProcessWebhookQueue(),
    },
    EndpointUrlPolicy,
    WebhookFanOut,
    ...useCases,
  ],
  exports: [WebhookEndpointRepository, WebhookDeliveries, WebhookQueue, SecretBox, ...useCases],
})
export class WebhooksModule {}
