import { DynamicModule, Module } from '@nestjs/common';
import { DeliverWebhookAttempts, DELIVERY_TIMINGS } from './application/deliver-webhook-attempt.use-case';
import { FanOutEvents } from './application/fan-out-events.use-case';
import { WebhookBacklog, WebhookMeter } from './application/webhook-meter';
import { WebhookSender } from './application/webhook-sender';
import { NodeHttpSender } from './infrastructure/node-http-sender';
import { PrometheusWebhookMeter } from './infrastructure/prometheus-webhook-meter';
import { TypeormWebhookBacklog } from './infrastructure/typeorm-webhook-backlog';
import {
  DEFAULT_WEBHOOK_WORKER_SETTINGS,
  WEBHOOK_WORKER_SETTINGS,
  WebhookConsumer,
  WebhookWorkerSettings,
} from './webhook-consumer';
import { WebhooksModule } from './webhooks.module';

/**
 * The delivering side of webhooks: loaded by the worker, and by the API itself in the embedded mode (no Redis),
 * as for the emails.
 */
@Module({})
export class WebhookWorkerModule {
  static forRoot(settings: Partial<WebhookWorkerSettings> = {}): DynamicModule {
    const effective = { ...DEFAULT_WEBHOOK_WORKER_SETTINGS, ...settings };
    return {
      module: WebhookWorkerModule,
      imports: [WebhooksModule],
      providers: [
        { provide: WEBHOOK_WORKER_SETTINGS, useValue: effective },
        {
          provide: DELIVERY_TIMINGS,
          useValue: {
            timeoutMs: effective.timeoutMs,
            recordBatchSize: effective.recordBatchSize,
            recordDelayMs: effective.recordDelayMs,
          },
        },
        { provide: WebhookSender, useFactory: () => new NodeHttpSender() },
        { provide: WebhookBacklog, useClass: TypeormWebhookBacklog },
        { provide: WebhookMeter, useClass: PrometheusWebhookMeter },
        DeliverWebhookAttempts,
        FanOutEvents,
        WebhookConsumer,
      ],
      exports: [DeliverWebhookAttempts, FanOutEvents],
    };
  }
}
