import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { AppConfig } from '../../config/app-config';
import { UnitOfWork } from '../../database/unit-of-work';
import { TEST_EVENT_TYPE } from '../../events/domain/event-type';
import { nextAttemptAt } from '../domain/retry-schedule';
import type { AttemptResult } from '../domain/webhook-delivery';
import { DISABLE_AFTER_FAILING_MS } from '../domain/webhook-endpoint';
import { signWebhook } from '../domain/webhook-secret';
import { RelayWebhookAttempts } from './relay-webhook-attempts.use-case';
import { SecretBox } from './secret-box';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookEndpointRepository } from './webhook-endpoint.repository';
import { WebhookSender } from './webhook-sender';

export interface DeliveryTimings {
  /** A 2xx must come within this (10 s by the contract). */
  timeoutMs: number;
}

export const DELIVERY_TIMINGS = Symbol('DELIVERY_TIMINGS');

const DISABLED_ERROR = 'The endpoint is disabled.';

/**
 * Makes one attempt: signs the event's body afresh (this attempt's timestamp, the endpoint's current secrets),
 * POSTs it with no database connection held, then records the result and, after a failure, schedules the next
 * attempt in the same transaction. At least once: a crash between the answer and the record repeats the attempt.
 * An attempt for a disabled endpoint is recorded failed without being sent, and not retried; the test event is
 * sent even then.
 */
@Injectable()
export class DeliverWebhookAttempt {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly deliveries: WebhookDeliveries,
    private readonly endpoints: WebhookEndpointRepository,
    private readonly sender: WebhookSender,
    private readonly secrets: SecretBox,
    private readonly relay: RelayWebhookAttempts,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    @Inject(DELIVERY_TIMINGS) private readonly timings: DeliveryTimings,
  ) {}

  async execute(input: { deliveryId: string }): Promise<AttemptResult | null> {
    const pending = await this.deliveries.findPendingAttempt(input.deliveryId);
    if (!pending) return null;
    const { delivery, body } = pending;
    const endpoint = await this.endpoints.findById(delivery.endpointId);
    if (!endpoint) return null;

    const sendable = endpoint.enabled || delivery.eventType === TEST_EVENT_TYPE;
    let result: AttemptResult;
    if (sendable) {
      const startedAt = this.clock.now();
      const timestamp = Math.floor(startedAt.getTime() / 1000);
      const secrets = endpoint.signingSecrets(startedAt).map((sealed) => this.secrets.open(sealed));
      result = await this.sender.send({
        url: endpoint.url,
        body,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'attestation-service-webhooks/1',
          'webhook-id': delivery.eventId,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signWebhook(secrets, delivery.eventId, timestamp, body),
        },
        timeoutMs: this.timings.timeoutMs,
        allowPrivateNetworks: this.config.webhookAllowPrivateNetworks,
      });
    } else {
      result = { succeeded: false, responseStatus: null, error: DISABLED_ERROR, durationMs: 0 };
    }

    const now = this.clock.now();
    const next =
      result.succeeded || !sendable ? null : nextAttemptAt(this.config.webhookRetrySchedule, delivery.attempt, now);
    await this.unitOfWork.run(async () => {
      const outcome = await this.deliveries.recordResult(delivery, result, now, next);
      if (outcome.recorded && sendable) {
        if (result.succeeded) await this.endpoints.recordSuccess(endpoint.id);
        else await this.endpoints.recordFailure(endpoint.id, now, DISABLE_AFTER_FAILING_MS);
      }
      const scheduled = outcome.next;
      if (scheduled) await this.unitOfWork.afterCommit(() => this.relay.soon([scheduled]));
    });
    return result;
  }
}
