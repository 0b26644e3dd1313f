/** How an attempt ended: answered 2xx, failed (any other answer, a timeout, an error), or not sent (disabled). */
export type MeteredOutcome = 'succeeded' | 'failed' | 'not_sent';

export interface MeteredAttempt {
  endpointId: string;
  eventId: string;
  outcome: MeteredOutcome;
  /** The HTTP exchange's duration (0 when not sent). */
  durationMs: number;
}

/** What the operator sees of webhook deliveries: counted as their outcomes are recorded. */
export abstract class WebhookMeter {
  abstract attemptsRecorded(attempts: readonly MeteredAttempt[]): void;
}

/** The deliveries' backlog, read when metrics are scraped. */
export interface WebhookBacklogReading {
  /** Attempts pending, due or not. */
  pending: number;
  /** How long the attempt pending longest past its due time has been due; 0 when none is late. */
  oldestDueSeconds: number;
  /** Enabled endpoints whose deliveries have failed since their last success. */
  failingEndpoints: number;
  /**
   * Age of the oldest event not yet fanned out to the endpoints (held back by an open transaction, or waiting for
   * the next pass): the first after each organization's cursor. 0 when none.
   */
  oldestUndeliveredEventSeconds: number;
}

export abstract class WebhookBacklog {
  abstract read(now: Date): Promise<WebhookBacklogReading>;
}
