import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@lib/core';
import type { WebhookDelivery } from '../domain/webhook-delivery';
import { EndpointAttempts, EndpointTarget } from './endpoint-attempts';
import { WebhookDeliveries } from './webhook-deliveries';

/**
 * One more attempt, due now, of the event an attempt carried, to the same endpoint: it carries the same
 * `webhook-id`, so a receiver that deduplicates sees it once. Any attempt may be delivered again, a succeeded one
 * included (a receiver that lost what it got asks for exactly that). The new attempt is numbered after the event's
 * last one, so when it fails it is retried only where the schedule has attempts left after that number. Asked for
 * by a user, it is audited as `webhook_delivery.redelivered`.
 */
@Injectable()
export class RedeliverWebhookAttempt {
  constructor(
    private readonly attempts: EndpointAttempts,
    private readonly deliveries: WebhookDeliveries,
  ) {}

  execute(input: EndpointTarget & { deliveryId: string }): Promise<WebhookDelivery> {
    return this.attempts.schedule(input, 'webhook_delivery.redelivered', async (endpoint, now) => {
      const attempt = await this.deliveries.scheduleAnotherAttempt(endpoint.id, input.deliveryId, now);
      if (!attempt) throw new NotFoundError('Not found.');
      return {
        attempts: [{ deliveryId: attempt.id, endpointId: attempt.endpointId, dueAt: attempt.dueAt }],
        audited: { delivery_id: input.deliveryId, attempt_id: attempt.id },
        answer: attempt,
      };
    });
  }
}
