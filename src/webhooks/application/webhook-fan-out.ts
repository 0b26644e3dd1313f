import { Injectable, OnModuleInit } from '@nestjs/common';
import { Clock } from '@lib/core';
import { UnitOfWork } from '../../database/unit-of-work';
import { EventRecorder, EventSubscriber, RecordedEventHeader } from '../../events/application/event-recorder';
import { RelayWebhookAttempts } from './relay-webhook-attempts.use-case';
import { WebhookDeliveries } from './webhook-deliveries';

/**
 * Webhooks as a subscriber of the event log: in the transaction that records events, each one's first attempt to
 * every matching endpoint is written (the outbox), and relayed to the queue once that transaction commits. A crash
 * or a Redis outage after the commit leaves the attempts pending for the periodic relay: none is lost.
 */
@Injectable()
export class WebhookFanOut extends EventSubscriber implements OnModuleInit {
  constructor(
    private readonly recorder: EventRecorder,
    private readonly unitOfWork: UnitOfWork,
    private readonly deliveries: WebhookDeliveries,
    private readonly relay: RelayWebhookAttempts,
    private readonly clock: Clock,
  ) {
    super();
  }

  onModuleInit(): void {
    this.recorder.subscribe(this);
  }

  async onRecorded(events: readonly RecordedEventHeader[]): Promise<void> {
    const scheduled = await this.deliveries.scheduleForMatchingEndpoints(events, this.clock.now());
    if (scheduled.length > 0) await this.unitOfWork.afterCommit(() => this.relay.soon(scheduled));
  }
}
