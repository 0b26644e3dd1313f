/** Attempts to one endpoint as the queue carries them, together: due in `delayMs` (0 or less: now). */
export interface QueuedBatch {
  endpointId: string;
  deliveryIds: string[];
  delayMs: number;
}

/** What a handler answers: done (whatever the deliveries' outcomes), or try again later (its endpoint is busy). */
export type AttemptOutcome = { postponeMs: number } | 'done';

export interface WebhookHandlers {
  /** Makes a batch of attempts to one endpoint. */
  deliver(batch: { endpointId: string; deliveryIds: string[] }): Promise<AttemptOutcome>;
  /** Fans the events committed since the last pass out to the endpoints. */
  fanOut(): Promise<void>;
}

export interface WebhookConsumerSettings {
  /** Jobs (batches of attempts, fan-out passes) running at once in one process, all endpoints together. */
  concurrency: number;
  /** How long a crashed consumer's job stays claimed before another takes it (BullMQ lock). */
  lockDurationMs: number;
  /** How often claims of crashed consumers are looked for (BullMQ stalled check). */
  stalledIntervalMs: number;
}

/**
 * Carries "make these attempts" jobs, each due at its time, and "fan the new events out" signals. Adding a batch
 * while a job for it is waiting adds nothing (the job id is its first attempt's id). BullMQ on Redis, or in-process
 * in the embedded mode. Retries are not the queue's: a failed attempt schedules the next one as a new pending row.
 */
export abstract class WebhookQueue {
  abstract add(batches: readonly QueuedBatch[]): Promise<void>;
  /** Asks a consumer for a fan-out pass soon. Losing the signal only delays the events to the periodic pass. */
  abstract requestFanOut(): Promise<void>;
  abstract process(handlers: WebhookHandlers, settings: WebhookConsumerSettings): Promise<void>;
  abstract close(): Promise<void>;
}
