/** An attempt as the queue carries it: due in `delayMs` (0 or less: now). */
export interface QueuedAttempt {
  deliveryId: string;
  endpointId: string;
  delayMs: number;
}

/** What a handler answers: done (whatever the delivery's outcome), or try again later (its endpoint is busy). */
export type AttemptOutcome = { postponeMs: number } | 'done';

export type AttemptHandler = (attempt: { deliveryId: string; endpointId: string }) => Promise<AttemptOutcome>;

export interface WebhookConsumerSettings {
  /** Attempts running at once in one process, all endpoints together. */
  concurrency: number;
  /** How long a crashed consumer's job stays claimed before another takes it (BullMQ lock). */
  lockDurationMs: number;
  /** How often claims of crashed consumers are looked for (BullMQ stalled check). */
  stalledIntervalMs: number;
}

/**
 * Carries "make attempt X" jobs, each due at its time. Adding an attempt while a job for it exists adds nothing
 * (the job id is the attempt id). BullMQ on Redis, or in-process in the embedded mode. Retries are not the
 * queue's: a failed attempt schedules the next one as a new pending row.
 */
export abstract class WebhookQueue {
  abstract add(attempts: readonly QueuedAttempt[]): Promise<void>;
  abstract process(handler: AttemptHandler, settings: WebhookConsumerSettings): Promise<void>;
  abstract close(): Promise<void>;
}
