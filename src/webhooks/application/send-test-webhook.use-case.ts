import { Injectable } from '@nestjs/common';
import { newId } from '@lib/core';
import { EventLog } from '../../events/application/event-log';
import { recordEvent } from '../../events/domain/event';
import { TEST_EVENT_TYPE } from '../../events/domain/event-type';
import { EndpointAttempts, EndpointTarget } from './endpoint-attempts';
import { WebhookDeliveries } from './webhook-deliveries';

/**
 * Delivers a `webhook.test` event (data `{}`) to this endpoint only, whatever its filter and even when it is
 * disabled (to check it before enabling it again), retried and logged like any delivery. The event is recorded
 * (deliveries refer to it) but belongs to no request, so neither the feed nor a request's list shows it. Sent by a
 * user, it is audited as `webhook_endpoint.test_sent`.
 */
@Injectable()
export class SendTestWebhook {
  constructor(
    private readonly attempts: EndpointAttempts,
    private readonly events: EventLog,
    private readonly deliveries: WebhookDeliveries,
  ) {}

  execute(input: EndpointTarget): Promise<{ eventId: string }> {
    return this.attempts.schedule(input, 'webhook_endpoint.test_sent', async (endpoint, now) => {
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
      return { attempts: scheduled, audited: { event_id: event.id }, answer: { eventId: event.id } };
    });
  }
}
