import { Injectable } from '@nestjs/common';
import { Clock, NotFoundError } from '@lib/core';
import { ActingUser, AuditTrail } from '../../audit-log/application/audit-trail';
import { UnitOfWork } from '../../database/unit-of-work';
import type { WebhookDelivery } from '../domain/webhook-delivery';
import { RelayWebhookAttempts } from './relay-webhook-attempts.use-case';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookEndpointRepository } from './webhook-endpoint.repository';
import { findEndpoint } from './endpoint-scope';

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
    private readonly unitOfWork: UnitOfWork,
    private readonly endpoints: WebhookEndpointRepository,
    private readonly deliveries: WebhookDeliveries,
    private readonly relay: RelayWebhookAttempts,
    private readonly clock: Clock,
    private readonly audit: AuditTrail,
  ) {}

  async execute(input: {
    organizationId: string;
    endpointId: string;
    deliveryId: string;
    actor?: ActingUser;
  }): Promise<WebhookDelivery> {
    const now = this.clock.now();
    return this.unitOfWork.run(async () => {
      const endpoint = await findEndpoint(this.endpoints, input.organizationId, input.endpointId);
      const attempt = await this.deliveries.scheduleAnotherAttempt(endpoint.id, input.deliveryId, now);
      if (!attempt) throw new NotFoundError('Not found.');
      await this.audit.changedBy(input.actor, 'webhook_delivery.redelivered', {
        endpoint_id: endpoint.id,
        delivery_id: input.deliveryId,
        attempt_id: attempt.id,
      });
      await this.unitOfWork.afterCommit(() =>
        this.relay.soon([{ deliveryId: attempt.id, endpointId: attempt.endpointId, dueAt: attempt.dueAt }]),
      );
      return attempt;
    });
  }
}
