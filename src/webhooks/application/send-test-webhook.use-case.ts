import { Injectable } from '@nestjs/common';
import { Clock, newId } from '@lib/core';
import { ActingUser, AuditTrail } from '../../audit-log/application/audit-trail';
import { UnitOfWork } from '../../database/unit-of-work';
import { EventLog } from '../../events/application/event-log';
import { recordEvent } from '../../events/domain/event';
import { TEST_EVENT_TYPE } from '../../events/domain/event-type';
import { RelayWebhookAttempts } from './relay-webhook-attempts.use-case';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookEndpointRepository } from './webhook-endpoint.repository';
import { findEndpoint } from './endpoint-scope';

/**
 * Delivers a `webhook.test` event (data `{}`) to this endpoint only, whatever its filter and even when it is
 * disabled (to check it before enabling it again), retried and logged like any delivery. The event is recorded
 * (deliveries refer to it) but belongs to no request, so neither the feed nor a request's list shows it. Sent by a
 * user, it is audited as `webhook_endpoint.test_sent`.
 */
@Injectable()
export class SendTestWebhook {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly endpoints: WebhookEndpointRepository,
    private readonly events: EventLog,
    private readonly deliveries: WebhookDeliveries,
    private readonly relay: RelayWebhookAttempts,
    private readonly clock: Clock,
    private readonly audit: AuditTrail,
  ) {}

  async execute(input: {
    organizationId: string;
    endpointId: string;
    actor?: ActingUser;
  }): Promise<{ eventId: string }> {
    const now = this.clock.now();
    return this.unitOfWork.run(async () => {
      const endpoint = await findEndpoint(this.endpoints, input.organizationId, input.endpointId);
      const event = recordEvent({
        id: newId(),
        organizationId: input.organizationId,
        attestationRequestId: null,
        type: TEST_EVENT_TYPE,
        timestamp: now,
        data: {},
      });
      await this.events.append([event]);
      const scheduled = await this.deliveries.scheduleFirstAttempts(
        [{ organizationId: input.organizationId, endpointId: endpoint.id, eventId: event.id, eventType: event.type }],
        now,
      );
      await this.audit.changedBy(input.actor, 'webhook_endpoint.test_sent', {
        endpoint_id: endpoint.id,
        event_id: event.id,
      });
      await this.unitOfWork.afterCommit(() => this.relay.soon(scheduled));
      return { eventId: event.id };
    });
  }
}
