import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '@lib/core';
import { UnitOfWork } from '../../database/unit-of-work';
import { RelayWebhookAttempts } from './relay-webhook-attempts.use-case';
import { WebhookDeliveries } from './webhook-deliveries';

/** Events taken per organization and transaction: a group add of 2,000 requests is one batch. */
export const EVENTS_PER_FAN_OUT = 5_000;
const MAX_BATCHES = 20;

/**
 * The fan-out pass: the event log is the outbox of webhooks. Events are committed with their change and nothing
 * more; this pass, run by the delivering process when signalled after such a commit and every few seconds anyway,
 * writes each committed event's first attempts to the matching endpoints (one statement per batch of events, for
 * every endpoint at once), moves the cursors past them in the same transaction, then relays the attempts. A crash
 * before the commit leaves the events for the next pass; after it, the attempts for the periodic relay.
 */
@Injectable()
export class FanOutEvents {
  private readonly logger = new Logger('FanOutEvents');

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly deliveries: WebhookDeliveries,
    private readonly relay: RelayWebhookAttempts,
    private readonly clock: Clock,
  ) {}

  /** Answers how many events were fanned out. */
  async execute(): Promise<number> {
    let events = 0;
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const done = await this.unitOfWork.run(() =>
        this.deliveries.fanOutCommittedEvents(EVENTS_PER_FAN_OUT, this.clock.now()),
      );
      events += done.events;
      try {
        await this.relay.execute(done.scheduled);
      } catch (error) {
        this.logger.warn(`webhook attempts left for the periodic relay: ${(error as Error).message}`);
      }
      if (!done.more) break;
    }
    return events;
  }
}
