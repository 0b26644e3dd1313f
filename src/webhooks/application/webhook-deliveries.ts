import type { Page, PageRequest } from '@lib/http';
import { OutboxRows } from '../../outbox/application/outbox-rows';
import type { AttemptResult, ScheduledAttempt, WebhookDelivery } from '../domain/webhook-delivery';

/** What one attempt sends: the event's body as recorded, and the endpoint it goes to. */
export interface AttemptToRun {
  delivery: WebhookDelivery;
  body: string;
}

/** An attempt's outcome to record, and the attempt that follows it when it failed and the schedule goes on. */
export interface AttemptOutcomeToRecord {
  delivery: WebhookDelivery;
  result: AttemptResult;
  /** When the attempt ended. */
  at: Date;
  nextAttemptAt: Date | null;
}

/** What one fan-out batch did. */
export interface FanOutBatch {
  /** Events taken from the log (each organization's cursor moved past them). */
  events: number;
  /** Whether an organization had more events than the batch took: run another batch. */
  more: boolean;
  /** The first attempts written. */
  scheduled: ScheduledAttempt[];
}

/**
 * The deliveries log, which is also the webhooks' outbox: a pending row is an attempt to make, relayed to the queue
 * after the transaction that wrote it commits. Rows are written already marked relayed (`relayed_at`), since their
 * writer relays them right after its commit; a relay that fails marks them unrelayed again, for the periodic relay
 * 5 s later, and a crash between the commit and the relay leaves them to the periodic relay of stale attempts
 * (relayable: never relayed and scheduled before `unrelayedBefore`, or relayed and still pending well after they
 * were due, `staleBefore`). First attempts of request events are written by the fan-out, after the events' own
 * transaction (the event log is the outbox of that step); later attempts by the transaction that records the
 * failure before them.
 */
export abstract class WebhookDeliveries extends OutboxRows<ScheduledAttempt> {
  /** First attempts, due at once, of the given events to the given endpoints. */
  abstract scheduleFirstAttempts(
    items: readonly { organizationId: string; endpointId: string; eventId: string; eventType: string }[],
    now: Date,
  ): Promise<ScheduledAttempt[]>;
  /**
   * Takes the next committed request events of every organization that has had an endpoint (at most `limit` per
   * organization, in the log's order, below the watermark under which no transaction can still add one), writes
   * each one's first attempt, due at once, to every enabled endpoint of its organization whose filter takes its
   * type, and moves the organizations' cursors past them. Cursors are locked until the transaction ends, so
   * concurrent passes take turns and each event is fanned out once.
   */
  abstract fanOutCommittedEvents(limit: number, now: Date): Promise<FanOutBatch>;
  /** The attempts among these that are still pending, with their event's body (done or deleted ones are left out). */
  abstract findPendingAttempts(deliveryIds: readonly string[]): Promise<AttemptToRun[]>;
  /**
   * Records the outcomes of attempts still pending (locked until the transaction ends, so two runs of the same
   * attempt record one outcome), and the attempts that follow the failed ones. Answers the ids recorded and the next
   * attempts written.
   */
  abstract recordOutcomes(
    outcomes: readonly AttemptOutcomeToRecord[],
  ): Promise<{ recorded: Set<string>; next: ScheduledAttempt[] }>;
  /**
   * Another attempt, due now, of the event that attempt `deliveryId` of this endpoint carried, numbered after the
   * event's last attempt to the endpoint; null when the endpoint has no such attempt.
   */
  abstract scheduleAnotherAttempt(endpointId: string, deliveryId: string, now: Date): Promise<WebhookDelivery | null>;
  /** The endpoint's attempts, newest first. */
  abstract pageForEndpoint(endpointId: string, request: PageRequest): Promise<Page<WebhookDelivery>>;
  /** Their relay failed: the periodic relay takes them. */
  abstract override markUnrelayed(deliveryIds: readonly string[]): Promise<void>;
}
