import type { Page, PageRequest } from '@lib/http';
import type { AttemptResult, ScheduledAttempt, WebhookDelivery } from '../domain/webhook-delivery';

/** What one attempt sends: the event's body as recorded, and the endpoint it goes to. */
export interface AttemptToRun {
  delivery: WebhookDelivery;
  body: string;
}

/**
 * The deliveries log, which is also the webhooks' outbox: a pending row is an attempt to make, written in the
 * transaction that decided it (the event's, or the failed attempt's before it), relayed to the queue after commit.
 */
export abstract class WebhookDeliveries {
  /** First attempts, due at once, of the given events to the given endpoints. */
  abstract scheduleFirstAttempts(
    items: readonly { organizationId: string; endpointId: string; eventId: string; eventType: string }[],
    now: Date,
  ): Promise<ScheduledAttempt[]>;
  /**
   * First attempts, due at once, of each event to every enabled endpoint of its organization whose filter takes its
   * type: one statement for any number of events.
   */
  abstract scheduleForMatchingEndpoints(
    events: readonly { id: string; organizationId: string; type: string }[],
    now: Date,
  ): Promise<ScheduledAttempt[]>;
  /** The pending attempt and its event's body; null when it is no longer pending (done, or its endpoint deleted). */
  abstract findPendingAttempt(deliveryId: string): Promise<AttemptToRun | null>;
  /**
   * Records the attempt's result if it is still pending (locked until the transaction ends, so two runs of the
   * same attempt record one result), and the next attempt when `nextAttemptAt` is given. Answers the next attempt,
   * or null (none, or another run recorded it first).
   */
  abstract recordResult(
    delivery: WebhookDelivery,
    result: AttemptResult,
    now: Date,
    nextAttemptAt: Date | null,
  ): Promise<{ recorded: boolean; next: ScheduledAttempt | null }>;
  /** The endpoint's attempts, newest first. */
  abstract pageForEndpoint(endpointId: string, request: PageRequest): Promise<Page<WebhookDelivery>>;
  /**
   * Pending attempts the queue may not hold: never relayed and scheduled before `unrelayedBefore`, or relayed and
   * still pending well after they were due (`staleBefore`).
   */
  abstract findRelayable(input: {
    unrelayedBefore: Date;
    staleBefore: Date;
    limit: number;
  }): Promise<ScheduledAttempt[]>;
  abstract markRelayed(deliveryIds: readonly string[], now: Date): Promise<void>;
}
